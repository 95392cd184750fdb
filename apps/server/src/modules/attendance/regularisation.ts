// Regularisation: a correction of a day's punches (a missed punch, a wrong time) asked by the employee (or
// entered by a manager for them) and approved through the approvals module by the reporting manager, or,
// when there is none, by whoever holds the approve action on the attendance screen for the unit. On approval
// the corrected times are added as punches of source 'regularisation'; the original punches stay.
import { minutesOf } from '@hr/attendance';
import { addDays, zonedInstant } from '@hr/calendar';
import { MENU, type ZRegularisationQuery, type ZRegularise } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { regularisations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import { type AuthContext, hasAction, unitScope } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { type ApprovalRow, approvalOf, defineApprovalKind, historyOf, submitApproval } from '../approvals/service';
import { addPunch } from './punches';
import { assertEmployeeDayOpen, ownEmployeeId, reachEmployee } from './service';

/** The employee's reporting manager decides; without one, the unit's approvers (approve on the attendance screen). */
async function isApprover(tx: Tx | Db, actor: AuthContext, employeeId: number | null): Promise<boolean> {
  if (employeeId === null) return false;
  const [e] = await queryRows<{ managerId: number | null }>(
    tx,
    sql`select reporting_manager_id as "managerId" from employees where id = ${employeeId}`,
  );
  if (!e) return false;
  return e.managerId === null || (actor.employeeId !== null && e.managerId === actor.employeeId);
}

export const regularisationApproval = defineApprovalKind({
  kind: 'attendance.regularisation',
  menu: MENU.attendance,
  mayApprove: (tx, actor, approval) => isApprover(tx, actor, approval.employeeId),
  async onApproved(tx, approval, actor) {
    const [r] = await tx.select().from(regularisations).where(eq(regularisations.id, approval.subjectId));
    await assertEmployeeDayOpen(tx, r.employeeId, r.day, 'The correction cannot be approved');
    const tz = orgZone();
    const times: { at: Date; direction: 'in' | 'out' }[] = [];
    if (r.inTime) times.push({ at: zonedInstant(r.day, minutesOf(r.inTime), tz), direction: 'in' });
    if (r.outTime) times.push({ at: zonedInstant(r.outNextDay ? addDays(r.day, 1) : r.day, minutesOf(r.outTime), tz), direction: 'out' });
    for (const t of times) {
      await addPunch(tx, {
        employeeId: r.employeeId,
        source: 'regularisation',
        at: t.at,
        direction: t.direction,
        remark: `Correction #${r.id}: ${r.reason}`.slice(0, 300),
        createdBy: actor.userId,
      });
    }
    await tx
      .update(regularisations)
      .set({ status: 'approved', updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(regularisations.id, r.id));
  },
  async onRejected(tx, approval, actor) {
    await tx
      .update(regularisations)
      .set({ status: 'rejected', updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(regularisations.id, approval.subjectId));
  },
  async onCancelled(tx, approval, actor) {
    await tx
      .update(regularisations)
      .set({ status: 'cancelled', updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(regularisations.id, approval.subjectId));
  },
});

export async function requestRegularisation(db: Db, auth: AuthContext, input: z.infer<typeof ZRegularise>, requestId?: string) {
  const employeeId = input.employeeId ?? ownEmployeeId(auth);
  const e = await reachEmployee(db, auth, employeeId, null);
  if (e.id !== auth.employeeId && !(await hasAction(db, auth, MENU.attendance, 'edit'))) {
    throw new Forbidden('Only managers with the attendance screen may enter corrections for others');
  }
  const today = orgToday();
  if (input.day > today) throw new BadRequest('A day in the future cannot be corrected', { day: ['Choose today or an earlier day'] });
  if (input.inTime && input.outTime && !input.outNextDay && input.outTime <= input.inTime) {
    throw new BadRequest('Invalid times', { outTime: ['The out time must be after the in time (tick "next day" for a night shift)'] });
  }
  const id = await db.transaction(async (tx) => {
    await assertEmployeeDayOpen(tx, e.id, input.day, 'The day cannot be corrected');
    const [pending] = await tx
      .select({ id: regularisations.id })
      .from(regularisations)
      .where(sql`employee_id = ${e.id} and day = ${input.day} and status = 'pending'`);
    if (pending) throw new BadRequest('A correction of this day is already waiting', { day: ['Withdraw the pending correction first'] });
    const [row] = await tx
      .insert(regularisations)
      .values({
        employeeId: e.id,
        day: input.day,
        inTime: input.inTime ?? null,
        outTime: input.outTime ?? null,
        outNextDay: input.outNextDay,
        reason: input.reason,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    await submitApproval(tx, regularisationApproval, {
      subjectId: row.id,
      employeeId: e.id,
      unitId: e.unitId,
      requestedBy: auth.userId,
      remark: input.reason,
    });
    await writeAudit(tx, { entity: 'regularisations', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    return row.id;
  });
  return (await listRegularisations(db, auth, { scope: 'all', page: 1, pageSize: 1 }, id)).rows[0];
}

type Row = {
  id: number;
  employeeId: number;
  employeeCode: string;
  name: string;
  unitId: number;
  day: string;
  inTime: string | null;
  outTime: string | null;
  outNextDay: boolean;
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  approvalId: number | null;
  requestedBy: number | null;
  managerId: number | null;
  createdAt: string;
};

export async function listRegularisations(db: Db, auth: AuthContext, q: z.infer<typeof ZRegularisationQuery>, onlyId?: number) {
  const conds = [sql`true`];
  if (onlyId !== undefined) conds.push(sql`r.id = ${onlyId}`);
  const canApprove = !auth.isSelfService && (await hasAction(db, auth, MENU.attendance, 'approve'));
  if (q.scope === 'mine' || auth.isSelfService) conds.push(auth.employeeId == null ? sql`false` : sql`r.employee_id = ${auth.employeeId}`);
  else {
    // Their units' corrections, and their own wherever they work.
    const inUnits = unitScope(auth, sql`e.unit_id`);
    if (inUnits) conds.push(sql`(${inUnits} or r.employee_id = ${auth.employeeId ?? 0})`);
  }
  if (q.scope === 'toDecide') {
    if (!canApprove) conds.push(sql`false`);
    conds.push(sql`r.status = 'pending' and r.employee_id <> ${auth.employeeId ?? 0} and a.requested_by <> ${auth.userId}`);
    if (!auth.isAdmin) conds.push(sql`(e.reporting_manager_id is null or e.reporting_manager_id = ${auth.employeeId ?? 0})`);
  }
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const from = sql`from regularisations r join employees e on e.id = r.employee_id
    left join approvals a on a.kind = ${regularisationApproval.kind} and a.subject_id = r.id`;
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from} where ${where}`);
  const rows = await queryRows<Row>(
    db,
    sql`select r.id, r.employee_id as "employeeId", e.employee_code as "employeeCode", e.name, e.unit_id as "unitId", r.day::text as day,
          r.in_time as "inTime", r.out_time as "outTime", r.out_next_day as "outNextDay", r.reason, r.status, a.id as "approvalId",
          a.requested_by as "requestedBy", e.reporting_manager_id as "managerId", r.created_at as "createdAt"
        ${from} where ${where}
        order by (r.status = 'pending') desc, r.day desc, r.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const history = await historyOf(
    db,
    rows.map((r) => r.approvalId).filter((x): x is number => x !== null),
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      employeeId: r.employeeId,
      employeeCode: r.employeeCode,
      name: r.name,
      day: r.day,
      inTime: r.inTime,
      outTime: r.outTime,
      outNextDay: r.outNextDay,
      reason: r.reason,
      status: r.status,
      approvalId: r.approvalId,
      createdAt: new Date(r.createdAt).toISOString(),
      canDecide:
        canApprove &&
        r.status === 'pending' &&
        r.employeeId !== auth.employeeId &&
        r.requestedBy !== auth.userId &&
        (auth.isAdmin || r.managerId === null || r.managerId === auth.employeeId),
      history: r.approvalId !== null ? (history.get(r.approvalId) ?? []) : [],
    })),
  };
}

/** A correction as it is decided: its approval, whose own state answers 409 once decided (the remark's 400 first). */
const REGULARISATION_DECISION: RecordKind<{ id: number; approval: ApprovalRow }, RegularisationView> = {
  async load(db, auth, id) {
    const [r] = await queryRows<{ id: number; employeeId: number }>(
      db,
      sql`select id, employee_id as "employeeId" from regularisations where id = ${id}`,
    );
    // Another unit's or employee's correction answers exactly like a missing one.
    const missing = () => new NotFound('Correction not found');
    if (!r) throw missing();
    await reachEmployee(db, auth, r.employeeId, null).catch((err) => {
      throw err instanceof NotFound ? missing() : err;
    });
    const approval = await approvalOf(db, regularisationApproval, r.id);
    if (!approval) throw missing();
    return { id: r.id, approval };
  },
  waiting: (r) => r.approval.id,
  refusal: (r) => `This request was already ${r.approval.state}`,
  view: async (db, auth, r) => (await listRegularisations(db, auth, { scope: 'all', page: 1, pageSize: 1 }, r.id)).rows[0],
};

type RegularisationView = Awaited<ReturnType<typeof listRegularisations>>['rows'][number];

export async function decideRegularisation(
  db: Db,
  auth: AuthContext,
  id: number,
  action: 'approve' | 'reject' | 'cancel',
  remark: string | undefined,
  requestId: string,
) {
  return decideRecord(db, auth, id, { action: action === 'cancel' ? 'withdraw' : action, remark }, requestId, REGULARISATION_DECISION);
}
