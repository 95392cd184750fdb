// The leave API: what a leave request would take, balances (own, or an employee's in reach), the ledger (read, and
// lines posted by administrators) and opening balances from Excel.
import {
  MENU,
  ZBalancesQuery,
  ZIdQuery,
  ZLeaveBalances,
  ZLeavePreview,
  ZLeavePreviewQuery,
  ZLedgerLines,
  ZLedgerQuery,
  ZMyBalancesQuery,
  ZOpeningImportQuery,
  ZOpeningImportResult,
  ZPostLedgerLine,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import { readMultipartFile } from '../../lib/upload';
import { leavePreview } from './leave-plan';
import { balancesFor, ledgerLines, ledgerOf, myBalances, postLedgerLine } from './ledger-lines';
import { importOpenings, openingsTemplate } from './openings';
import { signedIn, XLSX } from './routes';

const optionalId = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));

export const leaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];

  app.get(
    '/api/leave/preview',
    {
      config: { access: { menu: MENU.requestLeave, action: 'add' } },
      schema: {
        tags,
        summary: 'What a leave request of the caller would take: days, available balance, days without pay, and what would refuse it',
        querystring: ZLeavePreviewQuery,
        response: { 200: ZLeavePreview },
      },
    },
    async (request) => leavePreview(app.db, request.auth, request.query),
  );

  app.get(
    '/api/leave/balances/me',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The caller's leave balances per type for a financial year (default the current one)",
        querystring: ZMyBalancesQuery,
        response: { 200: ZLeaveBalances },
      },
    },
    async (request) => myBalances(app.db, request.auth, request.query.financialYear),
  );

  app.get(
    '/api/leave/balances',
    {
      config: { access: { menu: [MENU.allRequestLeave, MENU.leaveType], action: 'view' } },
      schema: {
        tags,
        summary: "An employee's leave balances (managers of the unit, administrators)",
        querystring: ZBalancesQuery,
        response: { 200: ZLeaveBalances },
      },
    },
    async (request) => balancesFor(app.db, request.auth, Number(request.query.employeeId), request.query.financialYear),
  );

  app.get(
    '/api/leave/ledger',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Ledger lines of an employee (own, or in reach) for a financial year',
        querystring: ZLedgerQuery,
        response: { 200: ZLedgerLines },
      },
    },
    async (request) => {
      const q = request.query;
      return ledgerOf(app.db, request.auth, {
        employeeId: optionalId(q.employeeId),
        financialYear: q.financialYear,
        leaveTypeId: optionalId(q.leaveTypeId),
      });
    },
  );

  app.post(
    '/api/leave/ledger',
    {
      config: { access: { menu: MENU.leaveType, action: 'edit' } },
      schema: {
        tags,
        summary: 'Posts an opening balance, credit, adjustment, lapse or encashment (audited; balances are the sum of the lines)',
        body: ZPostLedgerLine,
        response: { 201: ZLedgerLines },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await postLedgerLine(app.db, request.auth, b, request.id);
      return reply.code(201).send(await ledgerLines(app.db, b.employeeId, b.financialYear, b.leaveTypeId));
    },
  );

  app.get(
    '/api/leave/openings/template',
    {
      config: { access: { menu: MENU.leaveType, action: 'edit' } },
      schema: {
        tags,
        summary:
          'The opening balances template: Employee Code, Leave Code, Days, Reason, one row per active employee in reach (of a unit) and active leave type, Days left empty (empty rows are skipped on import)',
        querystring: z.object({ unitId: ZIdQuery.optional() }),
        response: { 200: fileResponse('Excel') },
      },
    },
    async (request, reply) => {
      const stream = await openingsTemplate(app.db, request.auth, request.query.unitId ? Number(request.query.unitId) : null);
      reply.header('content-disposition', 'attachment; filename="leave_opening_balances_template.xlsx"');
      return reply.type(XLSX).send(stream);
    },
  );

  app.post(
    '/api/leave/openings/import',
    {
      config: { access: { menu: MENU.leaveType, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Opening balances from an Excel sheet (Employee Code, Leave Code, Days[, Reason]); rows with errors are reported, the rest posted',
        consumes: ['multipart/form-data'],
        querystring: ZOpeningImportQuery,
        response: { 200: ZOpeningImportResult },
      },
    },
    async (request) => {
      const { buffer } = await readMultipartFile(request, 5 * 1024 * 1024, 'the opening balances');
      return importOpenings(app.db, request.auth, request.query.financialYear, buffer, request.id);
    },
  );
};
