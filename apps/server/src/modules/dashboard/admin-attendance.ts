// The admin dashboard's attendance widgets: the day's buckets (present, late, on leave, WFH, absent, off, not yet in)
// counted from the kept daily_attendance_counts and listed page by page from the stored days. Attendance is never
// worked out here: the calculator (computeAttendance) stores the days and the dashboard reads them.
import { isLastOfMonth, weekday, weekOfMonth } from '@hr/calendar';
import type { ATTENDANCE_BUCKETS, TAttendanceList, TAttendanceWidget } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { employedOn, employedRows, intArray, inUnits, type UnitSet } from './admin-units';

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
