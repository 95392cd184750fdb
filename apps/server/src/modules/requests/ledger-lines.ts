// The leave ledger's lines as administrators post and read them (balances are the sum of the lines; a line in a
// closed year moves its year end), and whose balances and lines a caller may read (own, or in reach).

import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { leaveLedger } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, hasAction } from '../access/context';
import { fyOf, leavePolicy, staffFacts } from './leave-terms';
import { balancesOf, employeeBalances } from './ledger';
import { reworkYearEnds } from './ledger-year-end';

export async function postLedgerLine(
  db: Db,
  auth: AuthContext,
  input: {
    employeeId: number;
    leaveTypeId: number;
    financialYear: number;
    kind: 'opening' | 'credit' | 'adjust' | 'lapse' | 'encash';
    days: number;
    reason: string;
  },
  requestId?: string,
) {
  const e = await staffFacts(db, input.employeeId);
  if (!e || !canReachUnit(auth, e.unitId)) throw new NotFound('Employee not found');
  const policy = await leavePolicy(db, input.leaveTypeId);
  if (!policy) throw new BadRequest('Choose a leave type', { leaveTypeId: ['Not a leave type'] });
  if (input.days === 0) throw new BadRequest('Enter the days', { days: ['Not zero'] });
  if ((input.kind === 'opening' || input.kind === 'credit' || input.kind === 'lapse' || input.kind === 'encash') && input.days < 0) {
    throw new BadRequest('Enter the days as a positive number', { days: ['A positive number'] });
  }
  const days = input.kind === 'lapse' || input.kind === 'encash' ? -input.days : input.days;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leaveLedger)
      .values({
        employeeId: e.id,
        leaveTypeId: policy.id,
        financialYear: input.financialYear,
        kind: input.kind,
        days: String(days),
        reason: input.reason,
        createdBy: auth.userId,
      })
      .returning();
    await writeAudit(tx, { entity: 'leave_ledger', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    // A line in a closed year moves its year end (carry-forward, lapse, encashment).
    await reworkYearEnds(tx, [{ employeeId: e.id, leaveTypeId: policy.id, financialYear: input.financialYear }]);
    return row.id;
  });
}

export async function ledgerLines(db: Db, employeeId: number, fy: number, leaveTypeId?: number) {
  const rows = await queryRows<{
    id: number;
    employeeId: number;
    leaveTypeId: number;
    leaveTypeCode: string;
    financialYear: number;
    kind: 'opening' | 'credit' | 'debit' | 'lapse' | 'encash' | 'adjust';
    days: number;
    reason: string;
    requestId: number | null;
    createdByName: string | null;
    createdAt: Date;
  }>(
    db,
    sql`select l.id::float8 as id, l.employee_id as "employeeId", l.leave_type_id as "leaveTypeId", lt.code as "leaveTypeCode",
          l.financial_year as "financialYear", l.kind, l.days::float8 as days, l.reason, l.request_id as "requestId",
          u.full_name as "createdByName", l.created_at as "createdAt"
        from leave_ledger l join leave_types lt on lt.id = l.leave_type_id left join users u on u.id = l.created_by
        where l.employee_id = ${employeeId} and l.financial_year = ${fy} ${leaveTypeId ? sql`and l.leave_type_id = ${leaveTypeId}` : sql``}
        order by l.leave_type_id, l.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
}

/** The employee whose balances / ledger the caller asks for: own, or one in reach with the allRequest leave view. */
export async function reachStaff(db: Db, auth: AuthContext, employeeId: number | undefined) {
  const id = employeeId ?? auth.employeeId;
  if (id == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  const e = await staffFacts(db, id);
  if (!e) throw new NotFound('Employee not found');
  if (id === auth.employeeId) return e;
  if (auth.isSelfService || !canReachUnit(auth, e.unitId)) throw new NotFound('Employee not found');
  if (!(await hasAction(db, auth, [MENU.allRequestLeave, MENU.leaveType], 'view')))
    throw new Forbidden('Your role may not see the balances of others');
  return e;
}

const currentFy = () => fyOf(orgToday());

/** The caller's own balances for a year (default the current one). */
export async function myBalances(db: Db, auth: AuthContext, financialYear: number | undefined) {
  if (auth.employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  const today = orgToday();
  return employeeBalances(db, auth.employeeId, today, financialYear ?? fyOf(today));
}

/** An employee's balances for a year (default the current one): own, or in reach. */
export async function balancesFor(db: Db, auth: AuthContext, employeeId: number, financialYear: number | undefined) {
  const e = await reachStaff(db, auth, employeeId);
  return balancesOf(db, e, financialYear ?? currentFy(), orgToday());
}

/** An employee's ledger lines for a year (default the current one): own, or in reach. */
export async function ledgerOf(db: Db, auth: AuthContext, q: { employeeId?: number; financialYear?: number; leaveTypeId?: number }) {
  const e = await reachStaff(db, auth, q.employeeId);
  return ledgerLines(db, e.id, q.financialYear ?? currentFy(), q.leaveTypeId);
}
