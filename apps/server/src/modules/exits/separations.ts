// Separations: recorded by the employee (a resignation, self-service) or by HR for an employee of their units,
// approved through the approvals module in two levels — the reporting manager, then HR (an approver of the unit
// other than the manager) — withdrawn by the requester while pending, rejected with a remark. Approval sets the
// employee's exit date to the agreed last working day; from the day after it `applySeparations` makes the employee
// exited, ends their sign-in and sessions (also checked by date at sign-in and on every request, access/session.ts).
import { MENU, SEPARATION_TYPE_LABEL, type TSaveSeparation, type TSeparation, type TSeparationType } from '@hr/contract';
import { noticeServed } from '@hr/payroll';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { employees, separations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { type ApprovalRow, approvalOf, conflictOfInterest, defineApprovalKind, historyOf, submitApproval } from '../approvals/service';

/** Notice period when neither the designation nor the unit sets one (days). */
export const DEFAULT_NOTICE_DAYS = 30;

async function managerOf(tx: Tx | Db, employeeId: number | null): Promise<number | null> {
  if (employeeId === null) return null;
  const [e] = await queryRows<{ m: number | null }>(tx, sql`select reporting_manager_id as m from employees where id = ${employeeId}`);
  return e?.m ?? null;
}

/** Level 1: the reporting manager (anyone with the approve action in the unit when there is none); level 2: HR, not the manager. */
async function mayApprove(tx: Tx, actor: AuthContext, approval: ApprovalRow, level: number): Promise<boolean> {
  const manager = await managerOf(tx, approval.employeeId);
  if (level === 1) return manager === null || (actor.employeeId !== null && actor.employeeId === manager);
  return manager === null || actor.employeeId !== manager;
}

export const separationApproval = defineApprovalKind({
  kind: 'exits.separation',
  menu: MENU.separation,
  levels: async () => 2,
  mayApprove,
  async onApproved(tx, approval, actor) {
    const [s] = await tx
      .update(separations)
      .set({ status: 'approved', updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(separations.id, approval.subjectId), eq(separations.status, 'pending')))
      .returning();
    if (!s) return;
    await tx
      .update(employees)
      .set({
        exitDate: s.lastDay,
        exitReason: `${SEPARATION_TYPE_LABEL[s.type as TSeparationType]}: ${s.reason}`.slice(0, 300),
        // Serving notice until the last day (the employee list's badge); exited from the day after (applySeparations).
        status: 'onNotice',
      })
      .where(eq(employees.id, s.employeeId));
    await applySeparations(tx, orgToday());
  },
  async onRejected(tx, approval, actor) {
    await tx
      .update(separations)
      .set({ status: 'rejected', updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(separations.id, approval.subjectId));
  },
  async onCancelled(tx, approval, actor, _remark, from) {
    await tx
      .update(separations)
      .set({ status: 'withdrawn', updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(separations.id, approval.subjectId));
    if (from === 'approved') {
      const [s] = await tx.select().from(separations).where(eq(separations.id, approval.subjectId));
      const [settled] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from exit_settlements where separation_id = ${s.id} and status = 'approved'`,
      );
      if (settled.n > 0) throw new Conflict('The settlement of this separation is approved; it stands');
      await tx.update(employees).set({ exitDate: null, exitReason: null, status: 'active' }).where(eq(employees.id, s.employeeId));
    }
  },
});

/**
 * From the day after the last working day: the employee is exited, their sign-in accounts are disabled and their
 * sessions end. Set-based; run by the scheduled job `exits.apply` and at an approval whose last day is past.
 */
export async function applySeparations(tx: Tx | Db, today: string): Promise<number> {
  const due = sql`select s.id, s.employee_id from separations s
    where s.status = 'approved' and s.separated_at is null and s.last_day < ${today}::date`;
  await tx.execute(sql`update employees e set status = 'exited', updated_at = now()
    where e.id in (select employee_id from (${due}) d) and e.status <> 'exited'`);
  await tx.execute(sql`update sessions set revoked_at = now()
    where revoked_at is null and user_id in (select u.id from users u where u.employee_id in (select employee_id from (${due}) d))`);
  await tx.execute(sql`update users set is_active = false, updated_at = now()
    where is_active and employee_id in (select employee_id from (${due}) d)`);
  const done = await queryRows<{ id: number }>(
    tx,
    sql`update separations set separated_at = now() where id in (select id from (${due}) d) returning id`,
  );
  return done.length;
}

/** The notice period of an employee: their designation's (masters), else their unit's, else the default. */
export async function noticeDaysOf(tx: Tx | Db, unitId: number, designationId: number): Promise<number> {
  const [r] = await queryRows<{ days: number | null }>(
    tx,
    sql`select coalesce((select notice_days from designations where id = ${designationId}),
                        (select notice_days from units where id = ${unitId})) as days`,
  );
  return r?.days ?? DEFAULT_NOTICE_DAYS;
}

export const SEPARATION_COLUMNS = sql`s.id, s.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName",
  coalesce(d.name, '') as "designationName", s.unit_id as "unitId", u.name as "unitName", e.date_of_joining::text as "dateOfJoining",
  s.type, s.disablement, s.notice_given_on::text as "noticeGivenOn", s.last_day_requested::text as "lastDayRequested",
  s.last_day::text as "lastDay", s.notice_days as "noticeDays", s.reason, s.status,
  to_char(s.separated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "separatedAt",
  (select x.id from exit_settlements x where x.separation_id = s.id and x.status <> 'cancelled') as "settlementId",
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;

export const SEPARATION_FROM = sql`separations s join employees e on e.id = s.employee_id join units u on u.id = s.unit_id
  left join designations d on d.id = e.designation_id`;

type SeparationRow = Omit<TSeparation, 'noticeShortfall' | 'approval' | 'mayDecide'>;
const withShortfall = (r: SeparationRow): TSeparation => ({
  ...r,
  noticeShortfall: Math.max(0, r.noticeDays - noticeServed(r.noticeGivenOn, r.lastDay)),
});

export async function separationRows(db: Db | Tx, where: SQL, page?: { limit: number; offset: number }): Promise<TSeparation[]> {
  const rows = await queryRows<SeparationRow>(
    db,
    sql`select ${SEPARATION_COLUMNS} from ${SEPARATION_FROM} where s.is_active and ${where}
        order by s.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return rows.map(withShortfall);
}

export async function loadSeparation(db: Db | Tx, auth: AuthContext, id: number) {
  const [s] = await db.select().from(separations).where(eq(separations.id, id));
  if (!s?.isActive || !canReachRecord(auth, { employeeId: s.employeeId, unitId: s.unitId })) throw new NotFound('Separation not found');
  return s;
}

export async function separationView(db: Db, auth: AuthContext, id: number): Promise<TSeparation> {
  await loadSeparation(db, auth, id);
  const [row] = await separationRows(db, sql`s.id = ${id}`);
  const a = await approvalOf(db, separationApproval, id);
  const history = a ? ((await historyOf(db, [a.id])).get(a.id) ?? []) : [];
  let mayDecide = false;
  if (a?.state === 'pending' && !(await conflictOfInterest(db, auth, a)) && (await hasAction(db, auth, MENU.separation, 'approve'))) {
    mayDecide = auth.isAdmin || (await db.transaction((tx) => mayApprove(tx, auth, a, a.level)));
  }
  return {
    ...row,
    approval: a ? { id: a.id, state: a.state, level: a.level, levels: a.levels, history: history as never } : null,
    mayDecide,
  };
}

/** Records a separation and sends it for approval; answers its id. */
export async function recordSeparation(db: Db, auth: AuthContext, b: ReturnType<typeof parseBody>, requestId: string): Promise<number> {
  const hr = await hasAction(db, auth, MENU.separation, 'add');
  const employeeId = b.employeeId ?? auth.employeeId;
  if (employeeId == null) throw new BadRequest('Say whose separation this is', { employeeId: ['Choose the employee'] });
  const own = employeeId === auth.employeeId;
  if (!hr && !own) throw new Forbidden('You may record only your own resignation');
  if (!hr && b.type !== 'resignation')
    throw new BadRequest('You may record a resignation', { type: ['Only a resignation is yours to record'] });
  const [e] = await db
    .select({
      id: employees.id,
      unitId: employees.unitId,
      status: employees.status,
      designationId: employees.designationId,
      joined: employees.dateOfJoining,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!e || (!own && !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId }))) throw new NotFound('Employee not found');
  if (e.status === 'exited') throw new Conflict('The employee has already left', 'employeeId');
  if (b.lastDayRequested < e.joined)
    throw new BadRequest('Before the joining day', { lastDayRequested: ['The last working day cannot be before joining'] });
  return db.transaction(async (tx) => {
    const [open] = await queryRows<{ id: number }>(
      tx,
      sql`select id from separations where employee_id = ${e.id} and status in ('pending', 'approved') for update`,
    );
    if (open) throw new Conflict('This employee already has a separation pending or approved', 'employeeId');
    const noticeDays = await noticeDaysOf(tx, e.unitId, e.designationId);
    const [row] = await tx
      .insert(separations)
      .values({
        employeeId: e.id,
        unitId: e.unitId,
        type: b.type,
        disablement: b.disablement,
        noticeGivenOn: b.noticeGivenOn,
        lastDayRequested: b.lastDayRequested,
        lastDay: b.lastDayRequested,
        noticeDays,
        reason: b.reason,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    const approval = await submitApproval(tx, separationApproval, {
      subjectId: row.id,
      employeeId: e.id,
      unitId: e.unitId,
      requestedBy: auth.userId,
      remark: b.reason,
    });
    await tx.update(separations).set({ approvalId: approval.id }).where(eq(separations.id, row.id));
    await writeAudit(tx, { entity: 'separations', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    return row.id;
  });
}

export const parseBody = (b: TSaveSeparation) => ({ ...b, disablement: b.disablement ?? false });
