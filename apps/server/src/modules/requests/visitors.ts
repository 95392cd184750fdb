// Visitors: who may host one (the caller's own unit's active staff), and the reception's list of expected visitors
// with their arrival and departure (the host is told of the arrival).
import { addDays } from '@hr/calendar';
import type { TRequestStatus } from '@hr/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { requests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { COLUMNS, FROM, type ListRow, requestView, toViews } from './lists';
import { notify, usersOfEmployee } from './notify';
import { OWN_LINK, ownStaff, reachRequest, today } from './request-rules';

/** Who may host a visitor of an employee of `unitId`: active employees of the same unit. */
export const hostWhere = (unitId: number) =>
  sql`e.unit_id = ${unitId} and e.status = 'active' and (e.exit_date is null or e.exit_date >= ${today()}::date)`;

/** The hosts the caller may name (their own unit's active staff), searched by name or code, paged; name, code, department only. */
export async function hostsOf(db: Db, auth: AuthContext, q: { search?: string; page: number; pageSize: number }) {
  const e = await ownStaff(db, auth);
  const conds: SQL[] = [hostWhere(e.unitId)];
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(e.employee_code ilike ${like} or e.name ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from employees e where ${where}`);
  const rows = await queryRows<{ id: number; name: string; employeeCode: string; departmentName: string | null }>(
    db,
    sql`select e.id, e.name, e.employee_code as "employeeCode", d.name as "departmentName"
        from employees e left join departments d on d.id = e.department_id
        where ${where} order by e.name, e.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { total, rows };
}

export async function visitorsOf(db: Db, auth: AuthContext, q: { date?: string; status?: TRequestStatus }) {
  const from = q.date ?? today();
  const to = q.date ?? addDays(from, 1);
  const conds: SQL[] = [sql`r.kind = 'visitor'`, sql`r.from_date between ${from}::date and ${to}::date`];
  const inUnits = unitScope(auth, sql`r.unit_id`);
  if (inUnits) conds.push(inUnits);
  conds.push(q.status ? sql`r.status = ${q.status}` : sql`r.status in ('pending', 'approved')`);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${sql.join(conds, sql` and `)} order by r.from_date, r.expected_time, r.id limit 500`,
  );
  return toViews(db, auth, rows, false);
}

export async function markVisitor(db: Db, auth: AuthContext, id: number, what: 'arrival' | 'departure', requestId?: string) {
  const r = await reachRequest(db, auth, id);
  if (r.kind !== 'visitor') throw new NotFound('Visitor not found');
  if (auth.isSelfService || !canReachUnit(auth, r.unitId)) throw new NotFound('Visitor not found');
  if (r.status !== 'approved') throw new Conflict(`The visit is ${r.status}, not approved`);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
    if (what === 'arrival' && locked.arrivedAt) throw new Conflict('The arrival is already marked');
    if (what === 'departure' && !locked.arrivedAt) throw new Conflict('Mark the arrival first');
    if (what === 'departure' && locked.departedAt) throw new Conflict('The departure is already marked');
    const [after] = await tx
      .update(requests)
      .set(what === 'arrival' ? { arrivedAt: new Date() } : { departedAt: new Date(), updatedBy: auth.userId, updatedAt: new Date() })
      .where(eq(requests.id, id))
      .returning();
    await writeAudit(tx, { entity: 'requests', entityId: id, action: what, before: locked, after, userId: auth.userId, requestId });
    if (what === 'arrival') {
      await notify(tx, await usersOfEmployee(tx, locked.hostEmployeeId ?? locked.employeeId), {
        title: `Your visitor ${locked.visitorName} has arrived`,
        body: `${locked.visitorName}${locked.company ? ` (${locked.company})` : ''} is at the reception: ${locked.purpose ?? ''}`,
        link: OWN_LINK,
      });
    }
  });
  return requestView(db, auth, id);
}
