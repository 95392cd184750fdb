// Demo requests: the demo manager approves employee1's and employee2's requests, both have leave balances for the
// current financial year (credits due so far, and an opening balance of earned leave), and each status appears.
// Seeded leave lies after today (paid types only), so no salary month already seeded changes. Idempotent.
import { addDays, formatIsoDMY as dmy, type IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { approvalHistory, approvals, leaveLedger, notifications, requests } from '../../db/schema';
import { submitApproval } from '../approvals/service';
import { APPROVAL_KINDS } from './approval-kinds';
import { fyOf } from './leave-terms';
import { postDueLeave } from './ledger-post';
import { offDays } from './off-days';

type Status = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'cancelled';

export async function seedRequests(db: Db, today: IsoDate): Promise<void> {
  const people = await queryRows<{ code: string; employeeId: number; userId: number }>(
    db,
    sql`select e.employee_code as code, e.id as "employeeId", u.id as "userId" from employees e join users u on u.employee_id = e.id
        where e.employee_code in ('BLR0001', 'BLR0002', 'CHN0001')`,
  );
  const by = new Map(people.map((p) => [p.code, p]));
  const mgr = by.get('BLR0001');
  const emp1 = by.get('BLR0002');
  const emp2 = by.get('CHN0001');
  if (!mgr || !emp1 || !emp2) return;

  // The demo manager approves both demo employees.
  await db.execute(
    sql`update employees set reporting_manager_id = ${mgr.employeeId} where id = ${emp2.employeeId} and reporting_manager_id is null`,
  );

  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from requests where employee_id in (${emp1.employeeId}, ${emp2.employeeId})`,
  );
  if (n > 0) return;

  const fy = fyOf(today);
  const types = new Map(
    (await queryRows<{ id: number; code: string }>(db, sql`select id, code from leave_types where is_active`)).map((t) => [t.code, t.id]),
  );
  await db.transaction(async (tx) => {
    // The third demo unit lists its leave types in the unit-wise map (every active type on the type's own terms), so
    // the map's screen shows how a unit narrows or overrides the policy; the other units offer every type.
    await tx.execute(
      sql`insert into unit_leave_type_map (unit_id, leave_type_id)
          select u.id, t.id from (select id from units order by id offset 2 limit 1) u cross join leave_types t where t.is_active
          on conflict do nothing`,
    );
    // What is due so far to every employee (the scheduled poster keeps it up; running it twice adds nothing).
    await postDueLeave(tx, today);
    for (const p of [emp1, emp2]) {
      if (types.has('EL')) {
        await tx
          .insert(leaveLedger)
          .values({
            employeeId: p.employeeId,
            leaveTypeId: types.get('EL')!,
            financialYear: fy,
            kind: 'opening',
            days: '6',
            period: 'seed',
            reason: 'Opening balance carried from the previous system',
          })
          .onConflictDoNothing();
      }
    }

    /** Working days of the employee from a few days ahead, within the financial year. */
    async function workingDays(employeeId: number): Promise<IsoDate[]> {
      const from = addDays(today, 3);
      const to = addDays(from, 45);
      const off = await offDays(tx, employeeId, from, to);
      const out: IsoDate[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) if (!off.has(d) && fyOf(d) === fy) out.push(d);
      return out;
    }

    async function add(
      p: { employeeId: number; userId: number },
      status: Status,
      values: Partial<typeof requests.$inferInsert> & { kind: 'wfh' | 'leave' | 'visitor'; fromDate: string; toDate: string },
      remark?: string,
    ) {
      const [unit] = await queryRows<{ unitId: number }>(tx, sql`select unit_id as "unitId" from employees where id = ${p.employeeId}`);
      const [row] = await tx
        .insert(requests)
        .values({
          employeeId: p.employeeId,
          unitId: unit.unitId,
          requestedBy: p.userId,
          status,
          financialYear: values.kind === 'leave' ? fy : null,
          ...values,
        })
        .returning();
      const a = await submitApproval(tx as Tx, APPROVAL_KINDS[values.kind], {
        subjectId: row.id,
        employeeId: p.employeeId,
        unitId: unit.unitId,
        requestedBy: p.userId,
        remark: row.reason,
      });
      await tx.update(requests).set({ approvalId: a.id }).where(sql`id = ${row.id}`);
      if (status === 'pending') return row;
      const decided = status === 'withdrawn' ? 'cancelled' : status === 'cancelled' ? 'approved' : status;
      await tx.update(approvals).set({ state: decided, decidedAt: new Date() }).where(sql`id = ${a.id}`);
      await tx.update(requests).set({ decidedAt: new Date() }).where(sql`id = ${row.id}`);
      const actor = status === 'withdrawn' ? p.userId : mgr!.userId;
      await tx.insert(approvalHistory).values({
        approvalId: a.id,
        level: 1,
        action: status === 'withdrawn' ? 'cancelled' : status === 'cancelled' ? 'approved' : (status as 'approved' | 'rejected'),
        actorId: actor,
        remark: remark ?? null,
      });
      const paid = Number(row.days) - Number(row.lwopDays);
      if (values.kind === 'leave' && (status === 'approved' || status === 'cancelled') && paid > 0) {
        await tx.insert(leaveLedger).values({
          employeeId: p.employeeId,
          leaveTypeId: row.leaveTypeId!,
          financialYear: fy,
          kind: 'debit',
          days: String(-paid),
          reason: `Leave request #${row.id} (${dmy(row.fromDate)} – ${dmy(row.toDate)})`,
          requestId: row.id,
          createdBy: mgr!.userId,
        });
      }
      if (status === 'cancelled') {
        await tx.update(approvals).set({ state: 'cancelled' }).where(sql`id = ${a.id}`);
        await tx.update(requests).set({ cancelReason: 'Plans changed' }).where(sql`id = ${row.id}`);
        await tx
          .insert(approvalHistory)
          .values({ approvalId: a.id, level: 0, action: 'cancelled', actorId: p.userId, remark: 'Plans changed' });
        if (values.kind === 'leave' && paid > 0) {
          await tx.insert(leaveLedger).values({
            employeeId: p.employeeId,
            leaveTypeId: row.leaveTypeId!,
            financialYear: fy,
            kind: 'debit',
            days: String(paid),
            reason: `Leave request #${row.id} cancelled`,
            requestId: row.id,
            createdBy: p.userId,
          });
        }
      }
      return row;
    }

    const leave = (code: string, from: string, to: string, days: number, reason: string) => ({
      kind: 'leave' as const,
      leaveTypeId: types.get(code) ?? types.get('CL')!,
      fromDate: from,
      toDate: to,
      days: String(days),
      reason,
    });
    const wfh = (day: string, reason: string) => ({ kind: 'wfh' as const, fromDate: day, toDate: day, days: '1', reason });

    const w1 = await workingDays(emp1.employeeId);
    if (w1.length >= 14 && types.has('CL')) {
      await add(emp1, 'approved', leave('CL', w1[0], w1[0], 1, 'Family function'), 'Enjoy');
      await add(emp1, 'pending', leave('SL', w1[2], w1[3], 2, 'Medical check-up and rest'));
      await add(emp1, 'rejected', leave('CL', w1[5], w1[5], 1, 'Personal work'), 'Quarter-end closing that day');
      await add(emp1, 'pending', wfh(w1[7], 'Internet technician visiting home'));
      await add(emp1, 'approved', wfh(w1[8], 'Waiting for a delivery'), 'Fine');
      await add(emp1, 'withdrawn', leave('CL', w1[10], w1[10], 1, 'Trip (not needed after all)'));
      await add(emp1, 'cancelled', leave('EL', w1[12], w1[12], 1, 'Short trip'), 'Approved');
    }
    const w2 = await workingDays(emp2.employeeId);
    if (w2.length >= 8 && types.has('CL')) {
      await add(emp2, 'pending', wfh(w2[1], 'Plumber at home'));
      await add(emp2, 'pending', leave('CL', w2[4], w2[4], 1, 'Bank work'));
      await add(emp2, 'approved', leave('EL', w2[6], w2[6], 1, 'Visiting parents'), 'Approved');
    }
    const visitor = (day: string, name: string, company: string, time: string) => ({
      kind: 'visitor' as const,
      fromDate: day,
      toDate: day,
      reason: 'Vendor meeting',
      visitorName: name,
      mobileCode: '+91',
      mobile: '9876543210',
      company,
      purpose: 'Vendor meeting',
      expectedTime: time,
      visitorCount: 1,
      hostEmployeeId: emp2.employeeId,
    });
    await add(emp2, 'approved', visitor(today, 'Suresh Iyer', 'Acme Supplies', '11:00'), 'OK');
    await add(emp2, 'pending', visitor(addDays(today, 1), 'Meena Pillai', 'Bright Audits', '15:30'));

    await tx.insert(notifications).values([
      {
        userId: mgr.userId,
        title: 'Leave request from the demo staff',
        body: 'Requests are waiting for your approval.',
        link: '/outlet/allRequest/leave',
      },
      {
        userId: emp1.userId,
        title: 'Leave approved',
        body: 'Your casual leave was approved by Rahul Menon.',
        link: '/outlet/me/attendance/requests',
      },
    ]);
  });
}
