// The separation and settlement on the employee's record: the latest separation not withdrawn or rejected (else the
// latest of any) with its type, dates and status, and its settlement (status, net, due date, paid on / pending).
import { MENU, type TEmployeeExit } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { isOverdue } from './settlements';

type SeparationRow = NonNullable<TEmployeeExit['separation']>;
type SettlementRow = Omit<NonNullable<TEmployeeExit['settlement']>, 'overdue'>;

/** The employee's exit as their record shows it; 404 for an employee the caller may not reach. */
export async function employeeExit(db: Db, auth: AuthContext, employeeId: number): Promise<TEmployeeExit> {
  const [e] = await queryRows<{ id: number; unitId: number }>(
    db,
    sql`select id, unit_id as "unitId" from employees where id = ${employeeId}`,
  );
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  const [separation] = await queryRows<SeparationRow>(
    db,
    sql`select s.id, s.type, s.status, s.notice_given_on::text as "noticeGivenOn", s.last_day_requested::text as "lastDayRequested",
          s.last_day::text as "lastDay", s.notice_days as "noticeDays", s.reason,
          to_char(s.separated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "separatedAt"
        from separations s where s.employee_id = ${e.id} and s.is_active
        order by (s.status in ('pending', 'approved')) desc, s.id desc limit 1`,
  );
  const [settlement] = separation
    ? await queryRows<SettlementRow>(
        db,
        sql`select x.id, x.status, x.net::float8 / 100 as net, x.due_date::text as "dueDate",
              case when x.status = 'approved' and x.net > 0 then coalesce(p.status, 'pending') end as "paymentStatus",
              case when p.status = 'paid' then p.value_date::text end as "paidOn"
            from exit_settlements x left join salary_payments p on p.settlement_id = x.id
            where x.separation_id = ${separation.id} and x.is_active and x.status <> 'cancelled'`,
      )
    : [];
  return {
    separation: separation ?? null,
    settlement: settlement ? { ...settlement, overdue: isOverdue(settlement, orgToday()) } : null,
    links: {
      separation: await hasAction(db, auth, MENU.separation, 'view'),
      settlement: await hasAction(db, auth, MENU.settlement, 'view'),
    },
  };
}
