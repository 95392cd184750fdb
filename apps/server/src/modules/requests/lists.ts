// The request lists: one's own, the allRequest lists of the kinds and units the caller may see (paged, counted from
// request_counts where the filters allow), one request with its history, and the rows of the export.
import { financialYearOf } from '@hr/calendar';
import type { TRequest, TRequestKind, TRequestStatus, ZMyRequestsQuery, ZRequestsQuery } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, hasAction, unitScope } from '../access/context';
import { historyOf } from '../approvals/service';
import { KIND_MENU, today } from './request-rules';

export type ListRow = {
  id: number;
  kind: TRequestKind;
  status: TRequestStatus;
  employeeId: number;
  employeeCode: string;
  employeeName: string;
  unitId: number;
  unitName: string;
  departmentName: string | null;
  fromDate: string;
  toDate: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  days: number;
  lwopDays: number;
  leaveTypeId: number | null;
  leaveTypeCode: string | null;
  leaveTypeName: string | null;
  isPaid: boolean | null;
  financialYear: number | null;
  reason: string;
  attachmentName: string | null;
  visitorName: string | null;
  mobileCode: string | null;
  mobile: string | null;
  company: string | null;
  purpose: string | null;
  expectedTime: string | null;
  visitorCount: number | null;
  hostEmployeeId: number | null;
  hostName: string | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
  approvalId: number | null;
  requestedBy: number;
  requestedByName: string;
  managerId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
  cancelReason: string | null;
};

export const FROM = sql`from requests r join employees e on e.id = r.employee_id join units u on u.id = r.unit_id
  left join departments d on d.id = e.department_id left join leave_types lt on lt.id = r.leave_type_id
  left join employees h on h.id = r.host_employee_id join users ru on ru.id = r.requested_by`;

export const COLUMNS = sql`r.id, r.kind, r.status, r.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName",
  r.unit_id as "unitId", u.name as "unitName", d.name as "departmentName", r.from_date::text as "fromDate", r.to_date::text as "toDate",
  r.half_day_start as "halfDayStart", r.half_day_end as "halfDayEnd", r.days::float8 as days, r.lwop_days::float8 as "lwopDays",
  r.leave_type_id as "leaveTypeId", lt.code as "leaveTypeCode", lt.name as "leaveTypeName", lt.is_paid as "isPaid",
  r.financial_year as "financialYear", r.reason, r.attachment_name as "attachmentName", r.visitor_name as "visitorName",
  r.mobile_code as "mobileCode", r.mobile, r.company, r.purpose, r.expected_time as "expectedTime", r.visitor_count as "visitorCount",
  r.host_employee_id as "hostEmployeeId", h.name as "hostName", r.arrived_at as "arrivedAt", r.departed_at as "departedAt",
  r.approval_id as "approvalId", r.requested_by as "requestedBy", ru.full_name as "requestedByName",
  e.reporting_manager_id as "managerId", r.created_at as "createdAt", r.decided_at as "decidedAt", r.cancel_reason as "cancelReason"`;

const ORDER: Record<string, SQL> = {
  pendingFirst: sql`(r.status = 'pending') desc, r.from_date desc, r.id desc`,
  fromDate: sql`r.from_date asc, r.id asc`,
  '-fromDate': sql`r.from_date desc, r.id desc`,
  createdAt: sql`r.id asc`,
  '-createdAt': sql`r.id desc`,
  employeeCode: sql`e.employee_code asc, r.from_date desc, r.id desc`,
};

/** The kinds whose allRequest menu the caller may view / approve. */
async function kindsWith(db: Db, auth: AuthContext, action: 'view' | 'approve'): Promise<Set<TRequestKind>> {
  const out = new Set<TRequestKind>();
  for (const k of ['wfh', 'leave', 'visitor'] as const) if (await hasAction(db, auth, KIND_MENU[k], action)) out.add(k);
  return out;
}

export async function toViews(db: Db, auth: AuthContext, rows: ListRow[], withBalance: boolean): Promise<TRequest[]> {
  const approveKinds = auth.isSelfService ? new Set<TRequestKind>() : await kindsWith(db, auth, 'approve');
  const history = await historyOf(
    db,
    rows.map((r) => r.approvalId).filter((x): x is number => x !== null),
  );
  const balances = new Map<string, number>();
  if (withBalance) {
    const keys = [
      ...new Set(rows.filter((r) => r.kind === 'leave' && r.leaveTypeId).map((r) => `${r.employeeId}:${r.leaveTypeId}:${r.financialYear}`)),
    ];
    if (keys.length) {
      const sums = await queryRows<{ k: string; days: number }>(
        db,
        // By the (employee, year, type) index: the page's keys unnested, not a text key over every line.
        sql`select l.employee_id || ':' || l.leave_type_id || ':' || l.financial_year as k, sum(l.days)::float8 as days
            from unnest(${`{${keys.map((k) => k.split(':')[0]).join(',')}}`}::int[], ${`{${keys.map((k) => k.split(':')[1]).join(',')}}`}::int[],
                        ${`{${keys.map((k) => k.split(':')[2]).join(',')}}`}::int[]) as p(e, t, y)
              join leave_ledger l on l.employee_id = p.e and l.financial_year = p.y and l.leave_type_id = p.t
            group by 1`,
      );
      for (const s of sums) balances.set(s.k, s.days);
    }
  }
  const now = today();
  return rows.map((r) => {
    const own = r.employeeId === auth.employeeId || r.requestedBy === auth.userId;
    const approver =
      !own &&
      approveKinds.has(r.kind) &&
      canReachUnit(auth, r.unitId) &&
      (auth.isAdmin || r.managerId === null || r.managerId === auth.employeeId);
    return {
      ...r,
      arrivedAt: r.arrivedAt ? new Date(r.arrivedAt).toISOString() : null,
      departedAt: r.departedAt ? new Date(r.departedAt).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      canApprove: approver && r.status === 'pending',
      canWithdraw: r.status === 'pending' && r.requestedBy === auth.userId,
      canCancel: (r.status === 'approved' && ((own && r.fromDate > now) || approver)) || (r.status === 'pending' && approver),
      balance:
        withBalance && r.kind === 'leave' && r.leaveTypeId
          ? (balances.get(`${r.employeeId}:${r.leaveTypeId}:${r.financialYear}`) ?? 0)
          : null,
      history: r.approvalId !== null ? ((history.get(r.approvalId) ?? []) as TRequest['history']) : [],
    };
  });
}

export async function requestView(db: Db, auth: AuthContext, id: number): Promise<TRequest> {
  const rows = await queryRows<ListRow>(db, sql`select ${COLUMNS} ${FROM} where r.id = ${id}`);
  if (!rows[0]) throw new NotFound('Request not found');
  return (await toViews(db, auth, rows, true))[0];
}

export async function myRequests(db: Db, auth: AuthContext, q: z.infer<typeof ZMyRequestsQuery>) {
  const conds: SQL[] = [auth.employeeId == null ? sql`r.requested_by = ${auth.userId}` : sql`r.employee_id = ${auth.employeeId}`];
  if (q.kind) conds.push(sql`r.kind = ${q.kind}`);
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  if (q.from) conds.push(sql`r.to_date >= ${q.from}::date`);
  if (q.to) conds.push(sql`r.from_date <= ${q.to}::date`);
  const where = sql.join(conds, sql` and `);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from requests r where ${where}`);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where} order by r.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { total, rows: await toViews(db, auth, rows, false) };
}

/** The kinds and units an allRequest query covers (the caller's kinds and reach narrowed by its filters). */
async function listScope(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>) {
  const kinds = auth.isSelfService ? new Set<TRequestKind>() : await kindsWith(db, auth, 'view');
  if (q.kind && !kinds.has(q.kind)) throw new Forbidden('Your role may not see these requests');
  return { kinds: q.kind ? [q.kind] : [...kinds] };
}

/** The filters of the allRequest lists (and their export), limited to the kinds the caller may view and their units. */
export async function listWhere(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>): Promise<SQL> {
  return whereOf(auth, q, (await listScope(db, auth, q)).kinds);
}

function whereOf(auth: AuthContext, q: z.infer<typeof ZRequestsQuery>, kinds: TRequestKind[]): SQL {
  const conds: SQL[] = [];
  conds.push(
    kinds.length === 1 ? sql`r.kind = ${kinds[0]}` : kinds.length ? sql`r.kind = any(${`{${kinds.join(',')}}`}::text[])` : sql`false`,
  );
  const inUnits = unitScope(auth, sql`r.unit_id`);
  if (inUnits) conds.push(inUnits);
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  if (q.unitId) conds.push(sql`r.unit_id = ${Number(q.unitId)}`);
  if (q.departmentId) conds.push(sql`e.department_id = ${Number(q.departmentId)}`);
  if (q.employeeId) conds.push(sql`r.employee_id = ${Number(q.employeeId)}`);
  if (q.leaveTypeId) conds.push(sql`r.leave_type_id = ${Number(q.leaveTypeId)}`);
  // A request never crosses a financial year end (raiseRequest refuses it), so one ending on or after `from` starts
  // on or after the start of `from`'s financial year: the bound changes no answer and lets the lists' indexes read
  // only the dates asked (to_date is in the index too, so a count reads no row).
  if (q.from) conds.push(sql`r.to_date >= ${q.from}::date and r.from_date >= ${financialYearOf(q.from).startDate}::date`);
  if (q.to) conds.push(sql`r.from_date <= ${q.to}::date`);
  // Dates without a unit: the pending-first index (kind, pending, from_date, …) is read as one from_date range per
  // value of its second column instead of the kind's whole range filtered entry by entry (PostgreSQL 15 has no skip
  // scan). With a status that value is known, and `is true / is false` (not `= false`, which the planner turns into
  // status <> 'pending') bounds the ordered page's scan too; without one, `= any` bounds the count's two ranges.
  if ((q.from || q.to) && !q.unitId) {
    conds.push(
      q.status
        ? sql`(r.status = 'pending') is ${sql.raw(q.status === 'pending' ? 'true' : 'false')}`
        : sql`(r.status = 'pending') = any('{true,false}'::bool[])`,
    );
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(e.employee_code ilike ${like} or e.name ilike ${like})`);
  }
  if (q.toDecide) {
    conds.push(sql`r.status = 'pending' and r.employee_id <> ${auth.employeeId ?? 0} and r.requested_by <> ${auth.userId}`);
    if (!auth.isAdmin) conds.push(sql`(e.reporting_manager_id is null or e.reporting_manager_id = ${auth.employeeId ?? 0})`);
  }
  return sql.join(conds, sql` and `);
}

/** Beyond this many rows a filtered list's total is not counted: the answer says "at least" (`capped`). */
export const LIST_COUNT_CAP = 10_000;

/**
 * The list's total: exact from `request_counts` (kept by triggers) when the filters are only kind, unit and status;
 * otherwise counted up to LIST_COUNT_CAP + 1 rows and reported as capped beyond it.
 */
async function listTotal(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof ZRequestsQuery>,
  kinds: TRequestKind[],
  where: SQL,
  needsEmployee: boolean,
): Promise<{ total: number; capped: boolean }> {
  const byCounters = !(q.departmentId || q.employeeId || q.leaveTypeId || q.from || q.to || q.search || q.toDecide);
  if (byCounters) {
    const conds: SQL[] = [sql`kind = any(${`{${kinds.join(',')}}`}::text[])`];
    const inUnits = unitScope(auth, sql`unit_id`);
    if (inUnits) conds.push(inUnits);
    if (q.unitId) conds.push(sql`unit_id = ${Number(q.unitId)}`);
    if (q.status) conds.push(sql`status = ${q.status}`);
    const [{ total }] = await queryRows<{ total: number }>(
      db,
      sql`select coalesce(sum(n), 0)::int as total from request_counts where ${sql.join(conds, sql` and `)}`,
    );
    return { total, capped: false };
  }
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from requests r ${needsEmployee ? sql`join employees e on e.id = r.employee_id` : sql``}
          where ${where} limit ${LIST_COUNT_CAP + 1}) s`,
  );
  return total > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total, capped: false };
}

export async function listRequests(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>) {
  const { kinds } = await listScope(db, auth, q);
  const where = whereOf(auth, q, kinds);
  // The count joins the employees only when a filter reads them (so it can run on the requests' indexes alone).
  const needsEmployee = Boolean(q.departmentId || q.search || q.toDecide);
  const { total, capped } = await listTotal(db, auth, q, kinds, where, needsEmployee);
  // The page's ids first, on the requests (and employees when a filter or the order reads them) alone; the other
  // joins only for those rows, so a deep page does not join the rows it skips.
  const order = ORDER[q.sort] ?? ORDER.pendingFirst;
  const joinEmployee = needsEmployee || q.sort === 'employeeCode';
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM}
        where r.id in (select r.id from requests r ${joinEmployee ? sql`join employees e on e.id = r.employee_id` : sql``}
                       where ${where} order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
        order by ${order}`,
  );
  return { total, capped, rows: await toViews(db, auth, rows, true) };
}

export async function exportRows(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>, limit: number): Promise<TRequest[]> {
  const where = await listWhere(db, auth, q);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where} order by ${ORDER[q.sort] ?? ORDER.pendingFirst} limit ${limit}`,
  );
  return toViews(db, auth, rows, true);
}

/** One request with its history: own (raised by or for the caller), or in the caller's units for staff roles. */
export async function reachableRequest(db: Db, auth: AuthContext, id: number): Promise<TRequest> {
  const r = await requestView(db, auth, id);
  const own = r.employeeId === auth.employeeId || r.canWithdraw;
  if (!own && (auth.isSelfService || !canReachUnit(auth, r.unitId))) throw new NotFound('Request not found');
  return r;
}
