// Salary structures (versions of the monthly fixed amounts per input head) and increments: one employee or a
// filtered batch, by amount or percentage, effective from a month. A month already approved or locked is
// never rewritten: the difference is recomputed with the month's own formulas and attendance and becomes
// arrears, paid month by month in the next run through the ARREARS head (structure-write.ts).
import { MENU, ZIdText, ZIncrement, ZIncrementResult, ZSaveStructure, ZStructure } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import { uploadedSheet } from '../../lib/xlsx';
import { importStructures, structureTemplate } from './structure-import';
import { increment, saveStructure, structureVersions } from './structures';

export { writeStructures } from './structure-write';

const tags = ['payroll'];

export const structureRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ employeeId: ZIdText });

  app.get(
    '/api/payroll/structures/:employeeId',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'view' } },
      schema: { tags, summary: "An employee's salary structure versions, newest first", params, response: { 200: z.array(ZStructure) } },
    },
    async (request) => structureVersions(app.db, request.auth, request.params.employeeId),
  );

  app.post(
    '/api/payroll/structures/:employeeId',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'edit' } },
      schema: {
        tags,
        summary: 'Saves the structure version effective from a month (a back-dated month produces arrears)',
        params,
        body: ZSaveStructure,
        response: { 200: ZIncrementResult },
      },
    },
    async (request) => saveStructure(app.db, request.auth, request.params.employeeId, request.body, request.id),
  );

  app.post(
    '/api/payroll/increments',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'add' } },
      schema: {
        tags,
        summary: 'An increment for one employee or a filtered batch, by amount or percentage on chosen heads',
        body: ZIncrement,
        response: { 200: ZIncrementResult },
      },
    },
    async (request) => increment(app.db, request.auth, request.body, request.id),
  );
};

export const structureImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ZUnitQuery = z.object({ unitId: ZIdText });

  app.get(
    '/api/payroll/structures/template',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'view' } },
      schema: {
        tags,
        summary:
          "An .xlsx of the unit's staff with their current structure (a column per input head); fill the effective month of the rows to load",
        querystring: ZUnitQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const file = await structureTemplate(app.db, request.auth, request.query.unitId);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="Salary_Structures.xlsx"')
        .send(file);
    },
  );

  app.post(
    '/api/payroll/structures/import',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'edit' } },
      schema: {
        tags,
        summary: 'Uploads salary structures (.xlsx: employee code, effective month, an amount per head column): all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: ZIncrementResult.extend({ saved: z.number() }) },
      },
    },
    async (request) => {
      const sheet = await uploadedSheet(request, 20 * 1024 * 1024, 'a structure sheet');
      return importStructures(app.db, request.auth, sheet, request.id);
    },
  );
};
