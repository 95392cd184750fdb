// A month's roster as an Excel sheet: the template to fill and its upload (roster-import.ts reads and saves it).
import { MENU, ZRosterImportQuery, ZRosterImportResult } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/responses';
import { uploadedSheet } from '../../lib/xlsx';
import { assertRosterOpen, buildRosterTemplate, importRoster } from './roster-import';

const tags = ['attendance'];
const access = { menu: MENU.viewShift, action: 'add' } as const;

export const rosterImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/roster/template',
    {
      config: { access },
      schema: {
        tags,
        summary: "An .xlsx of the unit's roster of the month (employees × days, shift code or WO) to fill and upload",
        querystring: ZRosterImportQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const { unitId, year, month } = request.query;
      const file = await buildRosterTemplate(app.db, request.auth, unitId, year, month);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Roster_${year}_${String(month).padStart(2, '0')}.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/api/attendance/roster/import',
    {
      config: { access },
      schema: {
        tags,
        summary: "Uploads the filled roster template (.xlsx): each employee's month becomes one rotation; all rows or none",
        querystring: ZRosterImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ZRosterImportResult },
      },
    },
    async (request) => {
      const { unitId, year, month } = request.query;
      // A frozen month is refused before anyone fixes rows for nothing (and again when saving).
      await assertRosterOpen(app.db, request.auth, unitId, year, month);
      const sheet = await uploadedSheet(request, 10 * 1024 * 1024, 'a roster');
      return importRoster(app.db, request.auth, unitId, year, month, sheet, request.id);
    },
  );
};
