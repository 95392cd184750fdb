// Leavers whose full and final settlement (modules/exits) paid the month's salary: the month's run leaves them out, so
// the month's returns read their figures from the approved settlement (its `facts.slip`: gross, the statutory figures
// and the attendance, as a slip keeps them) — one line each in the ECR and the ESI file, with their exit data.
import type { SlipStatutory } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export type SettledLeaver = {
  code: string;
  name: string;
  uan: string | null;
  ip: string | null;
  gross: string;
  lwop: string | null;
  days: string;
  st: SlipStatutory;
  exitDate: string;
  exitReason: string | null;
  separationType: string;
};

/** The unit's approved settlements that paid the salary of `year`-`month`, by employee code. */
export async function settledLeavers(db: Db, run: { unitId: number; year: number; month: number }): Promise<SettledLeaver[]> {
  const ym = `${run.year}-${String(run.month).padStart(2, '0')}`;
  return queryRows<SettledLeaver>(
    db,
    sql`select e.employee_code as code, e.name, nullif(trim(e.uan), '') as uan, nullif(trim(e.esi_number), '') as ip,
          (x.facts->'slip'->>'gross') as gross, (x.facts->'slip'->>'lwopDays') as lwop, coalesce(x.facts->'slip'->>'payableDays', '0') as days,
          x.facts->'slip'->'statutory' as st, x.last_day::text as "exitDate", e.exit_reason as "exitReason", s.type as "separationType"
        from exit_settlements x join employees e on e.id = x.employee_id join separations s on s.id = x.separation_id
        where x.unit_id = ${run.unitId} and x.salary_month = ${ym} and x.status = 'approved' and x.is_active
          and jsonb_typeof(x.facts->'slip'->'statutory') = 'object'
        order by e.employee_code`,
  );
}
