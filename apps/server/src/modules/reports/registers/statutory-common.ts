// What the statutory registers (PF, ESI, professional tax, labour welfare fund) share: the month's salary runs
// whose slips are final (approved or locked; or processed ones too, to check them before approval), within the
// unit filter and the caller's reach, and the slips' statutory figures (salary_slips.statutory, paise).

import type { TReportFilter } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { FINAL_RUN } from '../../../lib/month-lock';
import type { ReportContext } from '../define';

export const STATUS_FILTER: TReportFilter = {
  kind: 'status',
  options: [
    { value: 'final', label: 'Approved or locked runs' },
    { value: 'processed', label: 'Processed, approved or locked runs' },
  ],
};

/** Unit and month (required) and the run status; department and employee narrow who is listed. */
export const STATUTORY_FILTERS: TReportFilter[] = [
  { kind: 'unit' },
  { kind: 'department' },
  { kind: 'employee' },
  { kind: 'month', required: true },
  STATUS_FILTER,
];

/** Totals of final slips are kept a minute for the next pages (a processed run's may still change). */
export const FINAL_TOTALS_MS = (ctx: ReportContext) => (ctx.f.status === 'processed' ? 0 : 60_000);

/** The month's runs (alias r) within the status, unit filter and the caller's reach (self-service: runs with their slip). */
export function statutoryRunsWhere(ctx: ReportContext): SQL {
  const { year, month, unitId, status } = ctx.f;
  return sql`r.year = ${year} and r.month = ${month}
    and ${status === 'processed' ? sql`(r.status = 'processed' or ${FINAL_RUN})` : FINAL_RUN}
    ${unitId !== undefined ? sql`and r.unit_id = ${unitId}` : sql``}
    and ${
      ctx.auth.isSelfService
        ? sql`r.id in (select x.run_id from salary_slips x where x.employee_id = ${ctx.auth.employeeId ?? 0})`
        : ctx.reach(sql`r.unit_id`, sql`null`)
    }`;
}

/**
 * The month's slips (s) with their run (r), unit (u), the unit's state (st) and employee (e), within the filters;
 * `joins` adds joins (lateral ones may read those aliases).
 */
export const statutorySlipsFrom = (ctx: ReportContext, joins: SQL = sql``) => sql`salary_slips s join payroll_runs r on r.id = s.run_id
  join units u on u.id = r.unit_id left join states st on st.id = u.state_id join employees e on e.id = s.employee_id ${joins}
  where ${statutoryRunsWhere(ctx)} and ${ctx.employeeWhere(sql`e`, sql`r.unit_id`)}
    ${ctx.f.stateId !== undefined ? sql`and u.state_id = ${ctx.f.stateId}` : sql``}`;

/** A statutory figure of the slip (paise; 0 when the run was processed before the rules). */
export const st = (key: string) => sql`coalesce((s.statutory->>${key})::bigint, 0)`;

export const SLIP_PEOPLE = sql`s.employee_code as "employeeCode", s.name, u.name as "unitName", s.department_name as "departmentName"`;
