// The admin dashboard's widgets: each one set-based query over the caller's units (never a loop over employees),
// reading what the other areas keep: employees (with the maintained missing-documents count), the stored daily
// attendance rows, approvals, salary runs and advances. Attendance is never worked out here: the calculator
// (computeAttendance) stores the days as punches and requests arrive, and the dashboard reads them.
import { addDays, addMonths, isLeapYear, monthOf } from '@hr/calendar';
import type {
  TAdvancesWidget,
  TDocumentsWidget,
  THeadcountWidget,
  TMovementWidget,
  TOccasionsWidget,
  TPayrollCostWidget,
  TPendingRequestsWidget,
} from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { FINAL_RUN } from '../../lib/month-lock';
import { employedRows, inUnits, type UnitSet } from './admin-units';

/** Headcount on a day by unit and by department: one grouping-sets query over the kept counts (employedRows). */
export async function headcount(db: Db, units: UnitSet, asOf: string): Promise<THeadcountWidget> {
  const rows = await queryRows<{ byUnit: boolean; id: number; name: string; count: number }>(
    db,
    sql`select g.by_unit as "byUnit", coalesce(g.unit_id, g.department_id) as id,
          coalesce(u.name, d.name, '') as name, g.n as count
        from (select grouping(k.unit_id) = 0 as by_unit, k.unit_id, k.department_id, sum(k.n)::int as n
              from (${employedRows(units, asOf)}) k
              group by grouping sets ((k.unit_id), (k.department_id)) having sum(k.n) > 0) g
        left join units u on g.by_unit and u.id = g.unit_id
        left join departments d on not g.by_unit and d.id = g.department_id
        order by g.n desc, name`,
  );
  const byUnit = rows.filter((r) => r.byUnit).map(({ id, name, count }) => ({ id, name, count }));
  const byDepartment = rows.filter((r) => !r.byUnit).map(({ id, name, count }) => ({ id, name, count }));
  return { asOf, total: byUnit.reduce((s, r) => s + r.count, 0), byUnit, byDepartment };
}

/**
 * Joiners and leavers by month: the 12 months ending with `month`, oldest first (months without any show 0). Counted
 * by date first (index-only on employees_doj_idx and employees_exit_idx), the month worked out once a date.
 */
export async function movement(db: Db, units: UnitSet, month: string): Promise<TMovementWidget> {
  const first = `${addMonths(month, -11)}-01`;
  const next = monthOf(`${month}-01`).nextStartDate;
  const rows = await queryRows<{ month: string; joined: number; left: number }>(
    db,
    sql`select to_char(x.d, 'YYYY-MM') as month, sum(x.j)::int as joined, sum(x.l)::int as left
        from (select e.date_of_joining as d, count(*) as j, 0 as l from employees e
              where e.date_of_joining >= ${first}::date and e.date_of_joining < ${next}::date and ${inUnits(units, sql`e.unit_id`)}
              group by e.date_of_joining
              union all
              select e.exit_date, 0, count(*) from employees e
              where e.exit_date >= ${first}::date and e.exit_date < ${next}::date and ${inUnits(units, sql`e.unit_id`)}
              group by e.exit_date) x
        group by 1`,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11)).map((m) => ({
    month: m,
    joined: byMonth.get(m)?.joined ?? 0,
    left: byMonth.get(m)?.left ?? 0,
  }));
  return { months };
}
/** What each approval kind is called on the dashboard. */
export const APPROVAL_KIND_LABELS: Record<string, string> = {
  'request.leave': 'Leave',
  'request.wfh': 'Work from home',
  'request.visitor': 'Visitor',
  'attendance.regularisation': 'Attendance correction',
  'employee.profileChange': 'Profile change',
  'payroll.advance': 'Salary advance',
  'payroll.run': 'Salary run',
  'payroll.bonus': 'Bonus',
  'payroll.statutoryArrears': 'Statutory arrears (PF)',
};
export const approvalLabel = (kind: string) => APPROVAL_KIND_LABELS[kind] ?? kind;

/** Pending approvals by kind. An approval without a unit is counted only for callers who reach every unit. */
export async function pendingRequests(db: Db, units: UnitSet): Promise<TPendingRequestsWidget> {
  const rows = await queryRows<{ kind: string; count: number }>(
    db,
    sql`select kind, count(*)::int as count from approvals
        where state = 'pending' and ${inUnits(units, sql`unit_id`)}
        group by kind order by count(*) desc, kind`,
  );
  return {
    total: rows.reduce((s, r) => s + r.count, 0),
    kinds: rows.map((r) => ({ kind: r.kind, label: approvalLabel(r.kind), count: r.count })),
  };
}

/** The employer's side of a slip's statutory figures (paise): EPS and EPF shares, EDLI, ESI and LWF employer's shares. */
const EMPLOYER_SHARE = sql.raw(
  ['eps', 'epf', 'edli', 'esiEmployer', 'lwfEmployer'].map((k) => `coalesce((s.statutory->>'${k}')::bigint, 0)`).join(' + '),
);

/**
 * Salary cost by month: the last 12 months with a processed (approved, locked) run up to `month`, oldest first.
 * Employer contributions are summed from the slips' statutory figures (kept since the payroll engine computes the
 * statutory heads); a month none of whose slips carries them answers null, never an estimate.
 */
export async function payrollCost(db: Db, units: UnitSet, month: string): Promise<TPayrollCostWidget> {
  const [y, m] = month.split('-').map(Number);
  const final = sql`(r.status = 'processed' or ${FINAL_RUN}) and ${inUnits(units, sql`r.unit_id`)}`;
  const rows = await queryRows<{
    year: number;
    month: number;
    employees: number;
    gross: string;
    deductions: string;
    net: string;
    employer: string | null;
  }>(
    db,
    sql`select x.year, x.month, x.employees, x.gross, x.deductions, x.net, er.employer
        from (select r.year, r.month, sum(r.employee_count)::int as employees, sum(r.gross)::text as gross,
                sum(r.deductions)::text as deductions,
                -- net pay as paid: each slip's net rounded as its payslip prints it (kept per run, migration 0030)
                sum(r.net_paid)::text as net
              from payroll_runs r
              where ${final} and r.year * 100 + r.month <= ${y * 100 + m}
              group by r.year, r.month order by r.year desc, r.month desc limit 12) x
        cross join lateral (
          select sum(${EMPLOYER_SHARE})::text as employer
          from payroll_runs r join salary_slips s on s.run_id = r.id
          where ${final} and r.year = x.year and r.month = x.month and s.statutory <> '{}'::jsonb) er
        order by x.year, x.month`,
  );
  return {
    months: rows.map((r) => ({
      month: `${r.year}-${String(r.month).padStart(2, '0')}`,
      employees: r.employees,
      gross: toRupees(r.gross),
      deductions: toRupees(r.deductions),
      net: toRupees(r.net),
      employerContributions: r.employer === null ? null : toRupees(r.employer),
    })),
  };
}

/** Active employees missing mandatory documents, by unit: the count the database's triggers keep per employee. */
export async function missingDocuments(db: Db, units: UnitSet): Promise<TDocumentsWidget> {
  const rows = await queryRows<{ id: number; name: string; employees: number; documents: number }>(
    db,
    sql`select u.id, u.name, x.employees, x.documents
        from (select e.unit_id, count(*)::int as employees, sum(e.missing_mandatory_docs)::int as documents
              from employees e
              where e.status = 'active' and e.missing_mandatory_docs > 0 and ${inUnits(units, sql`e.unit_id`)}
              group by e.unit_id) x join units u on u.id = x.unit_id
        order by x.employees desc, u.name`,
  );
  return {
    employees: rows.reduce((s, r) => s + r.employees, 0),
    documents: rows.reduce((s, r) => s + r.documents, 0),
    byUnit: rows,
  };
}

/**
 * The window's month-days ('MM-DD') with the day each falls on. A 29 February birthday or joining is kept on
 * 1 March in a year that has no 29 February.
 */
export function occasionWindow(from: string, days: number): { md: string; day: string }[] {
  const out: { md: string; day: string }[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    out.push({ md: day.slice(5), day });
    if (day.slice(5) === '03-01' && !isLeapYear(Number(day.slice(0, 4)))) out.push({ md: '02-29', day });
  }
  return out;
}

/** A date's month-day as month × 100 + day: the expression of employees_birth_md_idx and employees_joining_md_idx. */
const monthDay = (column: SQL) => sql`((extract(month from ${column}) * 100 + extract(day from ${column}))::int)`;

/**
 * Birthdays and work anniversaries of the next 30 days, soonest first. Each of the window's month-days is looked up
 * in the month-day indexes (employees_birth_md_idx, employees_joining_md_idx; index-only, the month-day compared in
 * the index, never worked out per row): first counted, then, for the days that can reach the first `limit` rows
 * only, read with the names (part of the order).
 */
export async function occasions(db: Db, units: UnitSet, today: string, limit = 50): Promise<TOccasionsWidget> {
  const window = occasionWindow(today, 30);
  const mds = `{${window.map((w) => Number(w.md.replace('-', ''))).join(',')}}`;
  const dayList = `{${window.map((w) => w.day).join(',')}}`;
  const birth = monthDay(sql`e.date_of_birth`);
  const joining = monthDay(sql`e.date_of_joining`);
  const rows = await queryRows<TOccasionsWidget['rows'][number] & { total: number }>(
    db,
    sql`with w as (select * from unnest(${mds}::int[], ${dayList}::date[]) as w(md, day)),
      c as (select w.md, w.day, 'birthday' as kind,
              (select count(*) from employees e
               where e.status <> 'exited' and ${birth} = w.md and ${inUnits(units, sql`e.unit_id`)}) as n
            from w
            union all
            select w.md, w.day, 'anniversary',
              (select count(*) from employees e
               where e.status <> 'exited' and ${joining} = w.md and ${inUnits(units, sql`e.unit_id`)} and e.date_of_joining < w.day)
            from w),
      g as (select day, kind, coalesce(sum(sum(n)) over (order by day, kind desc rows between unbounded preceding and 1 preceding), 0) as before
            from c group by day, kind having sum(n) > 0),
      p as (select x.id, x.unit_id, c.kind, c.day, x.since
            from c join g on g.day = c.day and g.kind = c.kind and g.before < ${limit}
            cross join lateral (
              select e.id, e.unit_id, e.date_of_birth as since from employees e
              where c.kind = 'birthday' and e.status <> 'exited' and ${birth} = c.md and ${inUnits(units, sql`e.unit_id`)}
              union all
              select e.id, e.unit_id, e.date_of_joining from employees e
              where c.kind = 'anniversary' and e.status <> 'exited' and ${joining} = c.md and ${inUnits(units, sql`e.unit_id`)}
                and e.date_of_joining < c.day) x
            where c.n > 0)
      select p.id as "employeeId", e.employee_code as "employeeCode", e.name, u.name as "unitName", p.kind,
        p.day::text as date, (extract(year from p.day) - extract(year from p.since))::int as years,
        (select sum(n) from c)::int as total
      from p join employees e on e.id = p.id join units u on u.id = p.unit_id
      order by p.day, p.kind desc, e.name, p.id
      limit ${limit}`,
  );
  return {
    from: today,
    to: addDays(today, 29),
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _t, ...r }) => r),
  };
}

/** Advances paid out and not yet recovered in full: the amount less the recovered instalments, by unit. */
export async function advancesOutstanding(db: Db, units: UnitSet): Promise<TAdvancesWidget> {
  const rows = await queryRows<{ id: number; name: string; count: number; outstanding: string }>(
    db,
    sql`select u.id, u.name, count(*)::int as count, sum(x.outstanding)::text as outstanding
        from (select a.unit_id, a.advance_amount - coalesce(r.recovered, 0) as outstanding
              from salary_advances a
              left join (select advance_id, sum(amount) as recovered from advance_instalments
                         where status = 'recovered' group by advance_id) r on r.advance_id = a.id
              where a.is_active and a.status in ('paid', 'recovering') and ${inUnits(units, sql`a.unit_id`)}) x
        join units u on u.id = x.unit_id
        where x.outstanding > 0
        group by u.id, u.name order by sum(x.outstanding) desc, u.name`,
  );
  const byUnit = rows.map((r) => ({ id: r.id, name: r.name, count: r.count, outstanding: toRupees(r.outstanding) }));
  const paise = rows.reduce((s, r) => s + Number(r.outstanding), 0);
  return { count: byUnit.reduce((s, r) => s + r.count, 0), outstanding: toRupees(paise), byUnit };
}
