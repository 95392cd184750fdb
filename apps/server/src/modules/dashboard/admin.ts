// The admin dashboard's widgets: each one set-based query over the caller's units (never a loop over employees),
// reading what the other areas keep: employees (with the maintained missing-documents count), the stored daily
// attendance rows, approvals, salary runs and advances. Attendance is never worked out here: the calculator
// (computeAttendance) stores the days as punches and requests arrive, and the dashboard reads them.
import { addDays, addMonths, isLastOfMonth, isLeapYear, monthOf, weekday, weekOfMonth } from '@hr/calendar';
import type {
  ATTENDANCE_BUCKETS,
  TAdvancesWidget,
  TAttendanceList,
  TAttendanceWidget,
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

/** The units a widget counts: every unit ('all', administrators without a unit filter) or a list. */
export type UnitSet = number[] | 'all';

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A condition limiting a unit id column to the set. */
export function inUnits(units: UnitSet, column: SQL): SQL {
  if (units === 'all') return sql`true`;
  if (units.length === 0) return sql`false`;
  return sql`${column} = any(${intArray(units)}::int[])`;
}

/** Employed on `day`: joined on or before it and not exited before it (an exit date is the last day worked). */
const employedOn = (day: string) =>
  sql`e.date_of_joining <= ${day}::date and (e.exit_date is null or e.exit_date >= ${day}::date)
      and not (e.status = 'exited' and e.exit_date is null)`;

/**
 * The employees employed on `day` in the units, as signed rows (unit, department, weekly offs, n) whose sums per key
 * are the counts: the kept employee_counts (migration 0026: everyone without an exit date and not exited, by unit,
 * department and weekly offs), less those of them who join after the day, plus those with an exit date who have
 * joined by the day and not left before it. The two corrections are read off partial indexes
 * (employees_future_joining_idx, employees_exit_idx): for today, the few who join later and the few with an exit
 * date still to come, never the 1,00,000 employees.
 */
function employedRows(units: UnitSet, day: string): SQL {
  return sql`select c.unit_id, c.department_id, c.weekly_offs, c.n from employee_counts c
      where c.n <> 0 and ${inUnits(units, sql`c.unit_id`)}
    union all
    select e.unit_id, e.department_id, e.weekly_offs, -1 from employees e
      where e.exit_date is null and e.status <> 'exited' and e.date_of_joining > ${day}::date and ${inUnits(units, sql`e.unit_id`)}
    union all
    select e.unit_id, e.department_id, e.weekly_offs, 1 from employees e
      where e.exit_date >= ${day}::date and e.date_of_joining <= ${day}::date and ${inUnits(units, sql`e.unit_id`)}`;
}

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

/** The weekly-off codes (see @hr/attendance weeklyOffsOf) that fall on `day`: its weekday, its n-th and last of the month. */
export function weeklyOffCodesOn(day: string): number[] {
  const d = weekday(day);
  const codes = [d, 10 * weekOfMonth(day) + d];
  if (isLastOfMonth(day)) codes.push(60 + d);
  return codes;
}

/** A holiday of the day for every unit (0) or for the units listed. */
const holidaysOn = (day: string) => sql`select coalesce(array_agg(distinct coalesce(hu.unit_id, 0)), '{}') as units
      from holidays h left join holiday_units hu on hu.holiday_id = h.id
      where h.is_active and h.holiday_type = 'national' and h.holiday_date = ${day}::date`;

/** The buckets a stored row of the day gives by itself (the when-branches of bucketsOn's case, on the alias given). */
const storedBuckets = (a: SQL, isToday: boolean) => sql`when ${a}.status in ('WFH', 'OD') then 'wfh'
          when ${a}.status in ('P', 'HD', 'HL') or ${a}.first_in is not null then 'present'
          when ${a}.status = 'L' then 'onLeave'
          when ${a}.status in ('H', 'WO') then 'off'
          when ${a}.status = 'A' and (${a}.is_manual or ${!isToday}) then 'absent'`;

/**
 * The attendance bucket of each employee employed on `day` in the units: the stored row when there is one; without
 * one, a holiday of the unit or a weekly off of the employee's default pattern is 'off', anything else not yet in.
 * Today a stored 'A' without a punch (worked out before anyone came in) is not yet in unless marked by hand.
 * A row counts in the employee's unit (a row worked out before a transfer is still the employee's day), as in the
 * kept counts that attendanceToday reads.
 * Every column read here is in employees_dashboard_idx and daily_attendance_day_idx (index-only scans, no wide rows).
 * With `first`, only the first `first` of those employees in code order (employees_code_sort_idx), each looked up in
 * the day's rows by key: what a page near the start of a large bucket needs. With `rows`, only the employees with a
 * stored row of the day that `rows` (a condition on the row, alias a) keeps: what a bucket that only stored rows
 * can reach needs (present, late, on leave, WFH, absent), read from the day's rows rather than from every employee.
 */
function bucketsOn(units: UnitSet, day: string, isToday: boolean, opts: { first?: number; rows?: SQL } = {}): SQL {
  const { first, rows } = opts;
  const staff =
    first === undefined
      ? sql`employees e`
      : sql`(select e.id, e.employee_code, e.unit_id, e.department_id, e.weekly_offs from employees e
             where ${employedOn(day)} and ${inUnits(units, sql`e.unit_id`)}
             order by e.employee_code, e.id limit ${first}) e`;
  const d = sql`select a.employee_id, a.status, a.first_in, a.late_minutes, a.is_manual from daily_attendance a
      where a.day = ${day}::date ${first === undefined ? sql`` : sql`and a.employee_id in (select e.id from ${staff})`}
        ${rows === undefined ? sql`` : sql`and ${rows}`}`;
  return sql`with hol as (${holidaysOn(day)}),
    d as (${d}),
    b as (
      select e.id, e.employee_code, e.unit_id, e.department_id, d.status, d.first_in,
        coalesce(d.late_minutes, 0) as late_minutes,
        case
          ${storedBuckets(sql`d`, isToday)}
          when d.status is null and (0 = any(hol.units) or e.unit_id = any(hol.units)
            or e.weekly_offs && ${intArray(weeklyOffCodesOn(day))}::smallint[]) then 'off'
          else 'notYetIn'
        end as bucket
      from ${staff} cross join hol ${rows === undefined ? sql`left join` : sql`join`} d on d.employee_id = e.id
      ${first === undefined ? sql`where ${employedOn(day)} and ${inUnits(units, sql`e.unit_id`)}` : sql``})`;
}

/**
 * Today's attendance counts, as bucketsOn buckets each employee, without joining the employees to their rows: the
 * stored rows come counted by unit, employment, weekly off and what bucket them (daily_attendance_counts, kept by
 * triggers, migration 0019); each unit's employed count and how many have a weekly off that day come from the kept
 * employee_counts (employedRows). The employees without a row are the difference: off on a holiday of the unit or
 * their weekly off, else not yet in. One row: a column per bucket (and late), and employees.
 */
function attendanceCounts(units: UnitSet, day: string, isToday: boolean): SQL {
  return sql`with hol as (${holidaysOn(day)}),
      staff as (
        select k.unit_id, sum(k.n)::int as employed,
          coalesce(sum(k.n) filter (where k.weekly_offs && ${intArray(weeklyOffCodesOn(day))}::smallint[]), 0)::int as weekly_off
        from (${employedRows(units, day)}) k group by k.unit_id having sum(k.n) > 0),
      kept as (
        select c.unit_id, c.weekly_off, c.late, c.n,
          case
            when c.status in ('WFH', 'OD') then 'wfh'
            when c.status in ('P', 'HD', 'HL') or c.has_in then 'present'
            when c.status = 'L' then 'onLeave'
            when c.status in ('H', 'WO') then 'off'
            when c.status = 'A' and (c.manual or ${!isToday}) then 'absent'
            else 'notYetIn'
          end as bucket
        from daily_attendance_counts c
        where c.day = ${day}::date and c.employed and c.n <> 0 and ${inUnits(units, sql`c.unit_id`)}),
      per_unit as (
        select s.unit_id, s.employed, s.weekly_off, (0 = any(hol.units) or s.unit_id = any(hol.units)) as holiday,
          coalesce((select sum(k.n) from kept k where k.unit_id = s.unit_id), 0)::int as stored,
          coalesce((select sum(k.n) from kept k where k.unit_id = s.unit_id and k.weekly_off), 0)::int as stored_off
        from staff s cross join hol),
      no_row as (
        select sum(p.employed - p.stored)::int as n,
          sum(case when p.holiday then p.employed - p.stored else p.weekly_off - p.stored_off end)::int as off
        from per_unit p)
      select
        coalesce((select sum(n) from kept where bucket = 'present'), 0)::int as present,
        coalesce((select sum(n) from kept where bucket = 'present' and late), 0)::int as late,
        coalesce((select sum(n) from kept where bucket = 'onLeave'), 0)::int as "onLeave",
        coalesce((select sum(n) from kept where bucket = 'wfh'), 0)::int as wfh,
        coalesce((select sum(n) from kept where bucket = 'absent'), 0)::int as absent,
        (coalesce((select sum(n) from kept where bucket = 'off'), 0) + coalesce((select off from no_row), 0))::int as off,
        (coalesce((select sum(n) from kept where bucket = 'notYetIn'), 0)
          + coalesce((select n - off from no_row), 0))::int as "notYetIn",
        coalesce((select sum(employed) from staff), 0)::int as employees`;
}

/** Today's attendance counts (attendanceCounts). */
export async function attendanceToday(db: Db, units: UnitSet, day: string, isToday: boolean): Promise<TAttendanceWidget> {
  const [r] = await queryRows<Record<'present' | 'late' | 'onLeave' | 'wfh' | 'absent' | 'off' | 'notYetIn' | 'employees', number>>(
    db,
    attendanceCounts(units, day, isToday),
  );
  const counts: TAttendanceWidget['counts'] = {
    present: r?.present ?? 0,
    late: r?.late ?? 0,
    onLeave: r?.onLeave ?? 0,
    wfh: r?.wfh ?? 0,
    absent: r?.absent ?? 0,
    off: r?.off ?? 0,
    notYetIn: r?.notYetIn ?? 0,
  };
  return { date: day, employees: r?.employees ?? 0, counts };
}

/**
 * The people of one bucket (late: present and in after the grace), paged on the server: the page is chosen from the
 * indexed columns (code order), and only its rows read the employee's name, unit and department. The total is the
 * bucket's count as today's attendance works it out from the kept counts (the same figure, tested). A page near the
 * start of a large bucket (present, most days) reads only the first employees in code order that can hold it (from
 * the bucket's share of the employed, with a margin); when they turn out not to hold it, or the bucket is small, the
 * page is picked from the day's rows of the bucket (a bucket only stored rows reach), else from every employed
 * employee joined to their row (always with `whole`). Every way the same rows.
 */
export async function attendanceList(
  db: Db,
  units: UnitSet,
  day: string,
  isToday: boolean,
  bucket: (typeof ATTENDANCE_BUCKETS)[number],
  page: number,
  pageSize: number,
  opts: { whole?: boolean } = {},
): Promise<TAttendanceList> {
  const [n] = await queryRows<Record<'total' | 'employees', number>>(
    db,
    sql`select n.${sql.identifier(bucket)} as total, n.employees from (${attendanceCounts(units, day, isToday)}) n`,
  );
  const total = n?.total ?? 0;
  const employees = n?.employees ?? 0;
  const offset = (page - 1) * pageSize;
  const where = bucket === 'late' ? sql`b.bucket = 'present' and b.late_minutes > 0` : sql`b.bucket = ${bucket}`;
  const pageOf = (opts: { first?: number; rows?: SQL } = {}) =>
    queryRows<{ found: number; rows: TAttendanceList['rows'] }>(
      db,
      sql`${bucketsOn(units, day, isToday, opts)},
        p as (select b.* from b where ${where} order by b.employee_code, b.id limit ${pageSize} offset ${offset})
        select ${opts.first === undefined ? sql`0` : sql`(select count(*) from b where ${where})`}::int as found,
          coalesce((select json_agg(json_build_object('employeeId', p.id, 'employeeCode', p.employee_code, 'name', e.name,
              'unitName', u.name, 'departmentName', dep.name, 'status', p.status,
              'firstIn', to_char(p.first_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'lateMinutes', p.late_minutes)
              order by p.employee_code, p.id)
            from p join employees e on e.id = p.id join units u on u.id = p.unit_id join departments dep on dep.id = p.department_id),
            '[]') as rows`,
    );
  let rows: TAttendanceList['rows'] | null = null;
  if (offset >= total) rows = [];
  else if (!opts.whole) {
    // How many of the first employees in code order should hold the page, were the bucket spread evenly.
    const first = Math.ceil(((offset + pageSize) * employees * 1.5) / total) + 100;
    if (first < employees / 4) {
      const [r] = await pageOf({ first });
      // Enough of the bucket among them: the page is the same as among all.
      if (r && r.found >= Math.min(offset + pageSize, total)) rows = r.rows;
    }
    // A bucket only stored rows reach: the page from the day's rows of that bucket (no employee without a row can
    // be in it; the row's own buckets are bucketsOn's, so the rows kept are exactly the bucket's).
    if (rows === null && bucket !== 'off' && bucket !== 'notYetIn') {
      const own = sql`(case ${storedBuckets(sql`a`, isToday)} else 'notYetIn' end)`;
      const cond = bucket === 'late' ? sql`${own} = 'present' and a.late_minutes > 0` : sql`${own} = ${bucket}`;
      rows = (await pageOf({ rows: cond }))[0]?.rows ?? [];
    }
  }
  if (rows === null) rows = (await pageOf())[0]?.rows ?? [];
  return { date: day, bucket, total, page, pageSize, rows };
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
