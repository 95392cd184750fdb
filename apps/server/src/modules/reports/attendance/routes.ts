// The attendance reports' own paths, in the shapes their screens read (the framework's /api/reports/{id} paths serve
// them too): the register, and shift schedule versus attendance with its summary, each on screen and as a file.
// Registered by the reports module's manifest (module.ts); what they answer is worked out in screens.ts.
import {
  MENU,
  ZAttendanceExportQuery,
  ZAttendanceRegister,
  ZAttendanceReportQuery,
  ZShiftCompare,
  ZShiftCompareSummary,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden } from '../../../lib/errors';
import { fileResponse } from '../../../lib/responses';
import { hasAction } from '../../access/context';
import { attendanceRegisterReport, shiftCompareReport, shiftCompareSummaryReport } from './reports';
import { comparePage, compareSummaryPage, exportAttendanceReport, registerPage } from './screens';

const ZCompareExportQuery = ZAttendanceExportQuery.extend({ kind: z.enum(['detail', 'summary']).default('detail') });
const tags = ['attendance'];

/** The attendance register: a page on screen, every employee in the filters as a file. */
export const attendanceRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/register',
    {
      config: { access: { menu: MENU.attendanceReport, action: 'view' } },
      schema: {
        tags,
        summary: 'The attendance register: employee × day status codes with totals (paged by employee, by employee code)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZAttendanceRegister },
      },
    },
    async (request) => registerPage(app.db, request.auth, request.query),
  );

  app.get(
    '/api/attendance/register/export',
    {
      config: { access: { menu: MENU.attendanceReport, action: 'view' } },
      schema: {
        tags,
        summary: 'The attendance register as Excel or PDF (every employee in the filters)',
        querystring: ZAttendanceExportQuery,
        response: { 200: fileResponse('The register as .xlsx or .pdf') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      return exportAttendanceReport(app.db, reply, request.auth, attendanceRegisterReport, q, q.format);
    },
  );
};

/** Shift schedule versus attendance: day-wise and summed per employee, on screen and as a file. */
export const shiftCompareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/shift-compare',
    {
      config: { access: { menu: MENU.shiftAttendanceCompare, action: 'view' } },
      schema: {
        tags,
        summary:
          'Shift schedule versus attendance: each day’s scheduled shift times against the actual in / out, with the deviations ' +
          '(paged by employee: `total` counts employees, a page holds every day of its employees)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZShiftCompare },
      },
    },
    async (request) => comparePage(app.db, request.auth, request.query),
  );

  app.get(
    '/api/attendance/shift-compare/summary',
    {
      config: { access: { menu: MENU.shiftAttendanceCompareSummary, action: 'view' } },
      schema: {
        tags,
        summary: 'Shift schedule versus attendance, summed per employee (paged by employee code)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZShiftCompareSummary },
      },
    },
    async (request) => compareSummaryPage(app.db, request.auth, request.query),
  );

  app.get(
    '/api/attendance/shift-compare/export',
    {
      config: { access: { menu: MENU.shiftAttendanceCompare, action: 'view' } },
      schema: {
        tags,
        summary: 'Shift schedule versus attendance as Excel or PDF: the day-wise detail, or the summary per employee',
        querystring: ZCompareExportQuery,
        response: { 200: fileResponse('The report as .xlsx or .pdf') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.kind === 'summary' && !(await hasAction(app.db, request.auth, MENU.shiftAttendanceCompareSummary, 'view'))) {
        throw new Forbidden('Your role may not see the shift schedule versus attendance summary');
      }
      const def = q.kind === 'summary' ? shiftCompareSummaryReport : shiftCompareReport;
      return exportAttendanceReport(app.db, reply, request.auth, def, q, q.format);
    },
  );
};
