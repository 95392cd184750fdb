// The requests API (issue 12): raising work-from-home, leave and visitor requests, one's own list, the allRequest
// lists with decisions, bulk decisions and an Excel export, leave balances, the ledger, the reception's visitors and
// the notifications bell. Decisions go through the approvals module (service.ts).
import multipart from '@fastify/multipart';
import {
  MENU,
  type TRequest,
  type TRequestKind,
  type TRouteAccess,
  ZApproveRequest,
  ZBalancesQuery,
  ZBulkDecide,
  ZBulkDecideResult,
  ZCancelRequest,
  ZHostList,
  ZHostsQuery,
  ZIdParams,
  ZIdQuery,
  ZLeaveBalances,
  ZLeavePreview,
  ZLeavePreviewQuery,
  ZLedgerLines,
  ZLedgerQuery,
  ZMarkRead,
  ZMyBalancesQuery,
  ZMyRequestsQuery,
  ZNotificationList,
  ZNotificationsQuery,
  ZOpeningImportQuery,
  ZOpeningImportResult,
  ZPostLedgerLine,
  ZRaiseRequest,
  ZRejectRequest,
  ZRequest,
  ZRequestAttachment,
  ZRequestList,
  ZRequestsQuery,
  ZUnreadCount,
  ZVisitorMark,
  ZVisitorsQuery,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { leaveLedger } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { fileResponse } from '../../lib/responses';
import { createStorage, newKey, StorageNotFound } from '../../lib/storage';
import { readMultipartFile, readUpload } from '../../lib/upload';
import { fromXlsxText, streamXlsx, type XlsxCell, type XlsxColumnType } from '../../lib/xlsx';
import { type AuthContext, canReachUnit, hasAction, unitScope } from '../access/context';
import { balancesOf, employeeBalances, fyOf, leavePolicies, reworkYearEnds, staffFacts } from './ledger';
import { listNotifications, markRead, setNotificationMail, unreadCount } from './notify';
import {
  cancelRequest,
  decideRequest,
  exportRows,
  hostsOf,
  ledgerLines,
  listRequests,
  markVisitor,
  myRequests,
  postLedgerLine,
  previewLeave,
  raiseRequest,
  requestView,
  visitorsOf,
  withdrawRequest,
} from './service';

const signedIn = 'signedIn' as const;
const ALL_REQUEST_MENUS = [MENU.allRequestWfh, MENU.allRequestLeave, MENU.allRequestVisitor];
const RAISE_MENU: Record<TRequestKind, (typeof MENU)[keyof typeof MENU]> = {
  wfh: MENU.requestWfh,
  leave: MENU.requestLeave,
  visitor: MENU.requestVisitor,
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_LIMIT = 100_000;

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  const storage = createStorage(app.config);
  const maxBytes = Math.min(5, app.config.uploadMaxMb) * 1024 * 1024;
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: Math.round(app.config.uploadMaxMb * 1024 * 1024), files: 1, fields: 10 } });
  }
  setNotificationMail({ enabled: Boolean(app.config.smtpUrl), kick: () => app.jobs.kick() });

  /** The employee whose balances / ledger the caller asks for: own, or one in reach with the allRequest leave view. */
  async function reachStaff(auth: AuthContext, employeeId: number | undefined) {
    const id = employeeId ?? auth.employeeId;
    if (id == null) throw new Forbidden('Your sign-in is not linked to an employee record');
    const e = await staffFacts(app.db, id);
    if (!e) throw new NotFound('Employee not found');
    if (id === auth.employeeId) return e;
    if (auth.isSelfService || !canReachUnit(auth, e.unitId)) throw new NotFound('Employee not found');
    if (!(await hasAction(app.db, auth, [MENU.allRequestLeave, MENU.leaveType], 'view')))
      throw new Forbidden('Your role may not see the balances of others');
    return e;
  }

  const currentFy = () => fyOf(orgToday());

  // ---- raising and one's own ----

  app.post(
    '/api/requests',
    {
      config: { access: { menu: [MENU.requestWfh, MENU.requestLeave, MENU.requestVisitor], action: 'add' } },
      schema: {
        tags,
        summary: 'Raises a work-from-home, leave or visitor request for oneself (pending; approvers are notified)',
        body: ZRaiseRequest,
        response: { 201: ZRequest },
      },
    },
    async (request, reply) => {
      if (!(await hasAction(app.db, request.auth, RAISE_MENU[request.body.kind], 'add')))
        throw new Forbidden('Your role may not raise this request');
      return reply.code(201).send(await raiseRequest(app.db, request.auth, request.body, request.id));
    },
  );

  app.post(
    '/api/requests/attachments',
    {
      config: { access: { menu: MENU.requestLeave, action: 'add' } },
      schema: {
        tags,
        summary: 'Uploads a leave attachment (multipart, one file: PDF, JPEG or PNG up to 5 MB); send the key with the leave request',
        consumes: ['multipart/form-data'],
        response: { 201: ZRequestAttachment },
      },
    },
    async (request, reply) => {
      const employeeId = request.auth.employeeId;
      if (employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
      const file = await readUpload(request, {
        maxBytes,
        allowed: ['pdf', 'jpg', 'png'],
        fallbackName: 'Attachment',
        what: 'an attachment',
      });
      const key = newKey(`requests/${employeeId}`, file.ext);
      await storage.put(key, file.buffer);
      return reply.code(201).send({ key, name: file.fileName });
    },
  );

  app.get(
    '/api/requests/hosts',
    {
      config: { access: { menu: MENU.requestVisitor, action: 'add' } },
      schema: {
        tags,
        summary: "Who may host the caller's visitor: active employees of the caller's own unit (name, code, department), searched, paged",
        querystring: ZHostsQuery,
        response: { 200: ZHostList },
      },
    },
    async (request) => hostsOf(app.db, request.auth, request.query),
  );

  app.get(
    '/api/requests/mine',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "One's own requests of every kind, newest first",
        querystring: ZMyRequestsQuery,
        response: { 200: ZRequestList },
      },
    },
    async (request) => myRequests(app.db, request.auth, request.query),
  );

  // ---- what the caller may act on ----

  app.get(
    '/api/requests',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'view' } },
      schema: {
        tags,
        summary: "Requests of the caller's units (administrators: all) of the kinds the role may see; pending first; paged",
        querystring: ZRequestsQuery,
        response: { 200: ZRequestList },
      },
    },
    async (request) => listRequests(app.db, request.auth, request.query),
  );

  app.get(
    '/api/requests/export',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'view' } },
      schema: {
        tags,
        summary: 'The allRequest list with the same filters as an Excel file',
        querystring: ZRequestsQuery,
        response: { 200: fileResponse('Excel') },
      },
    },
    async (request, reply) => {
      const rows = await exportRows(app.db, request.auth, request.query, EXPORT_LIMIT);
      const kind = request.query.kind ?? 'all';
      const columns: [string, number, (r: (typeof rows)[number]) => XlsxCell, XlsxColumnType?][] = [
        ['Id', 8, (r) => r.id, 'number'],
        ['Kind', 10, (r) => r.kind],
        ['Status', 11, (r) => r.status],
        ['Employee Code', 14, (r) => r.employeeCode],
        ['Employee', 24, (r) => r.employeeName],
        ['Unit', 18, (r) => r.unitName],
        ['Department', 18, (r) => r.departmentName],
        ['From', 12, (r) => r.fromDate, 'date'],
        ['To', 12, (r) => r.toDate, 'date'],
        ['Days', 7, (r) => r.days, 'number'],
        ['LWOP Days', 10, (r) => r.lwopDays, 'number'],
        ['Leave Type', 18, (r) => r.leaveTypeName],
        ['Balance', 9, (r) => r.balance, 'number'],
        ['Reason', 40, (r) => r.reason],
        ['Visitor', 20, (r) => r.visitorName],
        ['Mobile', 16, (r) => (r.mobile ? `${r.mobileCode ?? ''} ${r.mobile}`.trim() : null)],
        ['Company', 18, (r) => r.company],
        ['Expected Time', 10, (r) => r.expectedTime],
        ['Visitors', 9, (r) => r.visitorCount, 'number'],
        ['Host', 20, (r) => r.hostName],
        ['Raised By', 20, (r) => r.requestedByName],
        ['Raised At', 20, (r) => r.createdAt, 'datetime'],
        ['Decided At', 20, (r) => r.decidedAt, 'datetime'],
        ['Last Remark', 30, (r) => r.history.at(-1)?.remark ?? null],
      ];
      const out = streamXlsx({
        sheet: 'Requests',
        columns: columns.map(([header, width, , type]) => ({ header, width, type })),
        rows: (async function* () {
          for (let i = 0; i < rows.length; i += 1000)
            yield rows.slice(i, i + 1000).map((r) => ({ values: columns.map(([, , value]) => value(r)) }));
        })(),
      });
      reply.header('content-disposition', `attachment; filename="requests_${kind}_${orgToday()}.xlsx"`);
      return reply.type(XLSX).send(out);
    },
  );

  app.get(
    '/api/requests/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'One request with its history (own, or in the caller’s units)',
        params: ZIdParams,
        response: { 200: ZRequest },
      },
    },
    async (request) => {
      const r = await requestView(app.db, request.auth, request.params.id);
      const own = r.employeeId === request.auth.employeeId || r.canWithdraw;
      if (!own && (request.auth.isSelfService || !canReachUnit(request.auth, r.unitId))) throw new NotFound('Request not found');
      return r;
    },
  );

  app.get(
    '/api/requests/:id/attachment',
    {
      config: { access: signedIn },
      schema: { tags, summary: "A leave request's attachment", params: ZIdParams, response: { 200: fileResponse('PDF, JPEG or PNG') } },
    },
    async (request, reply) => {
      const r = await requestView(app.db, request.auth, request.params.id);
      if (r.employeeId !== request.auth.employeeId && (request.auth.isSelfService || !canReachUnit(request.auth, r.unitId))) {
        throw new NotFound('Request not found');
      }
      const [row] = await queryRows<{ key: string | null }>(app.db, sql`select attachment_key as key from requests where id = ${r.id}`);
      if (!row?.key) throw new NotFound('The request has no attachment');
      const stream = await storage.get(row.key).catch((err) => {
        throw err instanceof StorageNotFound ? new NotFound('The stored file is missing') : err;
      });
      const ext = row.key.slice(row.key.lastIndexOf('.') + 1);
      const mime = ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
      reply.header('content-type', mime).header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="request_${r.id}.${ext}"`);
      return reply.send(stream);
    },
  );

  // The decisions on one request: one shape (POST /api/requests/{id}/<action>, the request back), one table.
  type DecisionBody = { remark?: string | null; reason?: string | null } | undefined;
  const decisions: {
    action: 'approve' | 'reject' | 'cancel' | 'withdraw';
    access: TRouteAccess;
    summary: string;
    body?: z.ZodType;
    run: (auth: AuthContext, id: number, body: DecisionBody, requestId: string) => Promise<TRequest>;
  }[] = [
    {
      action: 'approve',
      access: { menu: ALL_REQUEST_MENUS, action: 'approve' },
      summary: 'Approves a pending request (its approver; never one’s own)',
      body: ZApproveRequest,
      run: (auth, id, body, rid) => decideRequest(app.db, auth, id, 'approve', body?.remark, rid),
    },
    {
      action: 'reject',
      access: { menu: ALL_REQUEST_MENUS, action: 'approve' },
      summary: 'Rejects a pending request (a remark is required)',
      body: ZRejectRequest,
      run: (auth, id, body, rid) => decideRequest(app.db, auth, id, 'reject', body?.remark, rid),
    },
    {
      action: 'cancel',
      access: signedIn,
      summary:
        'Cancels a request through the approvals module: a pending one (the requester withdraws; an approver with a reason), an approved one (the requester before it starts, an approver with a reason; an approved leave returns to the balance)',
      body: ZCancelRequest,
      run: (auth, id, body, rid) => cancelRequest(app.db, auth, id, body?.reason, rid),
    },
    {
      action: 'withdraw',
      access: signedIn,
      summary: 'The requester withdraws a pending request',
      run: (auth, id, _body, rid) => withdrawRequest(app.db, auth, id, rid),
    },
  ];
  for (const d of decisions) {
    app.post(
      `/api/requests/:id/${d.action}`,
      {
        config: { access: d.access },
        schema: { tags, summary: d.summary, params: ZIdParams, ...(d.body ? { body: d.body } : {}), response: { 200: ZRequest } },
      },
      async (request) => d.run(request.auth, request.params.id, request.body as DecisionBody, request.id),
    );
  }

  app.post(
    '/api/requests/bulk',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'approve' } },
      schema: {
        tags,
        summary: 'Approves or rejects several requests, each on its own',
        body: ZBulkDecide,
        response: { 200: ZBulkDecideResult },
      },
    },
    async (request) => {
      const { ids, action, remark } = request.body;
      if (action === 'reject' && !remark?.trim())
        throw new BadRequest('Say why the requests are rejected', { remark: ['A remark is required to reject'] });
      const done: number[] = [];
      const failed: { id: number; message: string }[] = [];
      for (const id of [...new Set(ids)]) {
        try {
          await decideRequest(app.db, request.auth, id, action, remark, request.id);
          done.push(id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failed.push({ id, message: err.message });
        }
      }
      return { done, failed };
    },
  );

  // ---- leave ----

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
    async (request) => previewLeave(app.db, request.auth, request.query),
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
    async (request) => {
      const { employeeId } = request.auth;
      if (employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
      const today = orgToday();
      return employeeBalances(app.db, employeeId, today, request.query.financialYear ?? fyOf(today));
    },
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
    async (request) => {
      const e = await reachStaff(request.auth, Number(request.query.employeeId));
      return balancesOf(app.db, e, request.query.financialYear ?? currentFy(), orgToday());
    },
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
      const e = await reachStaff(request.auth, q.employeeId === undefined ? undefined : Number(q.employeeId));
      return ledgerLines(app.db, e.id, q.financialYear ?? currentFy(), q.leaveTypeId === undefined ? undefined : Number(q.leaveTypeId));
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
      const auth = request.auth;
      const unitId = request.query.unitId ? Number(request.query.unitId) : null;
      if (unitId !== null && !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
      const scope = unitScope(auth, sql`e.unit_id`) ?? sql`true`;
      const rows = await queryRows<{ code: string; leave: string }>(
        app.db,
        sql`select e.employee_code as code, lt.code as leave from employees e cross join leave_types lt
            where e.status = 'active' and lt.is_active and ${scope} ${unitId ? sql`and e.unit_id = ${unitId}` : sql``}
            order by e.employee_code, lt.code`,
      );
      const stream = streamXlsx({
        sheet: 'Opening balances',
        columns: [
          { header: 'Employee Code', width: 16 },
          { header: 'Leave Code', width: 12 },
          { header: 'Days', width: 8 },
          { header: 'Reason', width: 40 },
        ],
        rows: (async function* () {
          for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map((r) => ({ values: [r.code, r.leave, null, null] }));
        })(),
      });
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
      const fy = request.query.financialYear;
      const { buffer } = await readMultipartFile(request, 5 * 1024 * 1024, 'the opening balances');
      const wb = new ExcelJS.Workbook();
      try {
        await wb.xlsx.load(buffer as unknown as ArrayBuffer);
      } catch {
        throw new BadRequest('The file is not an Excel workbook (.xlsx)');
      }
      const ws = wb.worksheets[0];
      if (!ws) throw new BadRequest('The workbook has no sheet');
      const text = (v: unknown) => {
        if (v === null || v === undefined) return '';
        if (typeof v === 'object' && v && 'result' in v) return String((v as { result: unknown }).result ?? '').trim();
        if (typeof v === 'object' && v && 'richText' in v)
          return (v as { richText: { text: string }[] }).richText
            .map((t) => t.text)
            .join('')
            .trim();
        return fromXlsxText(String(v).trim());
      };
      const header = (ws.getRow(1).values as unknown[]).map((v) => text(v).toLowerCase());
      const col = (name: string) => header.indexOf(name);
      const cCode = col('employee code');
      const cLeave = col('leave code');
      const cDays = col('days');
      const cReason = col('reason');
      if (cCode < 0 || cLeave < 0 || cDays < 0)
        throw new BadRequest('The first row must name the columns Employee Code, Leave Code and Days');
      const types = new Map((await leavePolicies(app.db)).map((p) => [p.code.toLowerCase(), p]));
      const staff = new Map(
        (
          await queryRows<{ id: number; code: string; unitId: number }>(
            app.db,
            sql`select id, employee_code as code, unit_id as "unitId" from employees`,
          )
        ).map((e) => [e.code.toLowerCase(), e]),
      );
      const errors: { row: number; message: string }[] = [];
      const lines: (typeof leaveLedger.$inferInsert)[] = [];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const v = row.values as unknown[];
        const code = text(v[cCode]);
        const leave = text(v[cLeave]);
        const daysText = text(v[cDays]);
        if (!code && !leave && !daysText) return;
        const e = staff.get(code.toLowerCase());
        const t = types.get(leave.toLowerCase());
        const days = Number(daysText);
        if (!e || !canReachUnit(request.auth, e.unitId)) errors.push({ row: n, message: `No employee with the code '${code}'` });
        else if (!t) errors.push({ row: n, message: `No leave type with the code '${leave}'` });
        else if (!Number.isFinite(days) || days < 0 || !Number.isInteger(days * 2) || days > 999) {
          errors.push({ row: n, message: `Days must be whole or half days (not '${daysText}')` });
        } else if (days > 0) {
          lines.push({
            employeeId: e.id,
            leaveTypeId: t.id,
            financialYear: fy,
            kind: 'opening',
            days: String(days),
            reason: (cReason >= 0 ? text(v[cReason]) : '') || 'Opening balance (import)',
            createdBy: request.auth.userId,
          });
        }
      });
      if (lines.length) {
        await app.db.transaction(async (tx) => {
          for (let i = 0; i < lines.length; i += 500) await tx.insert(leaveLedger).values(lines.slice(i, i + 500));
          await reworkYearEnds(tx, lines);
          await writeAudit(tx, {
            entity: 'leave_ledger',
            entityId: 0,
            action: 'import openings',
            after: { financialYear: fy, lines: lines.length },
            userId: request.auth.userId,
            requestId: request.id,
          });
        });
      }
      return { posted: lines.length, errors };
    },
  );

  // ---- visitors at the reception ----

  app.get(
    '/api/visitors',
    {
      config: { access: { menu: MENU.allRequestVisitor, action: 'view' } },
      schema: {
        tags,
        summary: "Expected visitors of the caller's units for a day (default today and tomorrow), pending and approved",
        querystring: ZVisitorsQuery,
        response: { 200: z.array(ZRequest) },
      },
    },
    async (request) => visitorsOf(app.db, request.auth, request.query),
  );

  for (const what of ['arrival', 'departure'] as const) {
    app.post(
      `/api/visitors/:id/${what}`,
      {
        config: { access: { menu: MENU.allRequestVisitor, action: 'view' } },
        schema: {
          tags,
          summary: `Marks an approved visitor's ${what} (the reception)`,
          params: ZIdParams,
          body: ZVisitorMark,
          response: { 200: ZRequest },
        },
      },
      async (request) => markVisitor(app.db, request.auth, request.params.id, what, request.id),
    );
  }

  // ---- notifications ----

  app.get(
    '/api/notifications',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationList },
      },
    },
    async (request) => listNotifications(app.db, request.auth.userId, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'How many notifications are unread (the bell)', response: { 200: ZUnreadCount } },
    },
    async (request) => ({ unread: await unreadCount(app.db, request.auth.userId) }),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Marks the given notifications (or all) read; answers the unread count',
        body: ZMarkRead,
        response: { 200: ZUnreadCount },
      },
    },
    async (request) => ({ unread: await markRead(app.db, request.auth.userId, request.body) }),
  );
};
