// Manual monthly attendance: the month's figures per employee (payable, present, LWOP days, overtime hours),
// entered on screen or uploaded from Excel, for offices that keep attendance outside the system. monthInputs()
// reads them in place of the calendar's figures. A month approved or locked refuses them (409). Queries in
// month-attendance.ts.
import { MENU, ZMonthAttendance, ZMonthAttendanceQuery, ZMonthAttendanceSaved, ZSaveMonthAttendance } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/responses';
import { uploadedSheet } from '../../lib/xlsx';
import { monthAttendance, monthAttendanceRows, monthAttendanceTemplate, saveMonthAttendance } from './month-attendance';

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const menu = MENU.salaryProcess;

  app.get(
    '/api/payroll/attendance',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "The month's attendance figures the run uses, per employee (manual entry or calendar)",
        querystring: ZMonthAttendanceQuery,
        response: { 200: ZMonthAttendance },
      },
    },
    async (request) => {
      const { unitId, year, month } = request.query;
      return monthAttendance(app.db, request.auth, unitId, year, month);
    },
  );

  app.put(
    '/api/payroll/attendance',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: "Saves the month's attendance figures of some employees (all rows or none)",
        body: ZSaveMonthAttendance,
        response: { 200: ZMonthAttendanceSaved },
      },
    },
    async (request) => {
      const b = request.body;
      return saveMonthAttendance(app.db, request.auth, b.unitId, b.year, b.month, b.rows, request.id);
    },
  );

  app.get(
    '/api/payroll/attendance/template',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "An .xlsx of the unit's staff for the month with the current figures, to fill and upload",
        querystring: ZMonthAttendanceQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const { unitId, year, month } = request.query;
      const file = await monthAttendanceTemplate(app.db, request.auth, unitId, year, month);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Attendance_${year}_${String(month).padStart(2, '0')}.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/api/payroll/attendance/import',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Uploads the filled template (.xlsx): all rows or none, errors named by row',
        querystring: ZMonthAttendanceQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ZMonthAttendanceSaved },
      },
    },
    async (request) => {
      const { unitId, year, month } = request.query;
      const sheet = await uploadedSheet(request, 10 * 1024 * 1024, 'an attendance sheet');
      return saveMonthAttendance(app.db, request.auth, unitId, year, month, monthAttendanceRows(sheet), request.id);
    },
  );
};
