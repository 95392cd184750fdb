// What a computation of attendance reads (one statement: employees, shifts, rosters, holidays, stored days, the runs
// that freeze days, punches) and the days it may not change.
import { type DayResult, type ShiftAssignment, type ShiftRule, shiftRuleOf } from '@hr/attendance';
import { addDays, type IsoDate, zonedInstant } from '@hr/calendar';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { FINAL_RUN, finalStatus } from '../../lib/month-lock';

/** Which employees: a list of ids, or every employee of a unit (read by subquery). */
export type AttendanceScope = { employeeIds: readonly number[]; unitId?: undefined } | { unitId: number; employeeIds?: undefined };

export interface ComputedDay extends DayResult {
  day: IsoDate;
  shiftId: number | null;
  isManual: boolean;
  /** In a month whose salary is approved or locked: shown as stored, never recomputed. */
  frozen: boolean;
}

export interface EmployeeDays {
  employeeId: number;
  unitId: number;
  days: ComputedDay[];
}

export type EmployeeRow = {
  id: number;
  unitId: number;
  shiftId: number | null;
  weeklyOffs: number[];
  dateOfJoining: string;
  exitDate: string | null;
};

const scopeSql = (scope: AttendanceScope) =>
  scope.unitId !== undefined
    ? sql`e.unit_id = ${scope.unitId}`
    : sql`e.id in (select unnest(${`{${scope.employeeIds.join(',')}}`}::int[]))`;

type ShiftRow = {
  id: number;
  startTime: string;
  endTime: string;
  graceMinutes: number;
  earlyGraceMinutes: number;
  halfDayMinHours: string;
  fullDayMinHours: string;
  breakMinutes: number;
  overtimeAfterMinutes: number | null;
};

/** The shift rules by id (the shift master is small: read whole). */
export async function shiftRules(db: Db | Tx): Promise<Map<number, ShiftRule>> {
  const rows = await queryRows<ShiftRow>(
    db,
    sql`select id, start_time::text as "startTime", end_time::text as "endTime", grace_minutes as "graceMinutes",
          early_grace_minutes as "earlyGraceMinutes", half_day_min_hours::text as "halfDayMinHours",
          full_day_min_hours::text as "fullDayMinHours", break_minutes as "breakMinutes",
          overtime_after_minutes as "overtimeAfterMinutes"
        from shifts`,
  );
  return new Map(rows.map((r) => [r.id, shiftRuleOf(r)]));
}

/** What one statement reads for a computation (`loadContext`): all of it but, in a frozen month, the punches. */
export interface Context {
  staff: EmployeeRow[] | null;
  shifts: ShiftRow[] | null;
  assignments: ({ [K in keyof ShiftAssignment]: ShiftAssignment[K] } & { employeeId: number })[] | null;
  holidays: { day: string; unitId: number | null }[] | null;
  stored: StoredDay[] | null;
  /** Salary runs of the range's months that are approved or locked, or that hold a slip of one of the employees. */
  runs: { unitId: number; month: string; frozen: boolean; paid: number[] | null }[] | null;
  /**
   * The employees' punches of the whole range (the window `workOut` reads), as minutes from `punchBase`; null when
   * some salary run of the range's months is approved or locked (its days are mostly kept as stored: `workOut`
   * then reads the punches of the days it needs on its own).
   */
  punches: Map<number, number[]> | null;
  punchBase: number;
}

/**
 * Everything a computation reads but the approved requests, in ONE statement (a json document of its parts): the
 * employees in scope, the shift master, their roster, the units' holidays, the stored days of the range (with `allStored`;
 * else only those kept as stored: marked by hand, or of a month some unit has approved or locked), the salary runs
 * that freeze days and the punches of the range (not when a run of its months is approved or locked). On the embedded
 * database every statement has a fixed cost; this used to be eight.
 */
export async function loadContext(
  db: Db | Tx,
  scope: AttendanceScope,
  from: IsoDate,
  last: IsoDate,
  before: IsoDate,
  after: IsoDate,
  tz: string,
  allStored: boolean,
): Promise<Context> {
  const punchBase = zonedInstant(before, 0, tz).getTime();
  const [row] = await queryRows<{ doc: string }>(
    db,
    sql`with st as (
          select e.id, e.unit_id as "unitId", e.shift_id as "shiftId", e.weekly_offs as "weeklyOffs",
            e.date_of_joining::text as "dateOfJoining", e.exit_date::text as "exitDate"
          from employees e
          where ${scopeSql(scope)} and e.date_of_joining <= ${last}::date and (e.exit_date is null or e.exit_date >= ${from}::date))
        select json_build_object(
          'staff', (select json_agg(st) from st),
          'shifts', (select json_agg(json_build_object('id', id, 'startTime', start_time::text, 'endTime', end_time::text,
              'graceMinutes', grace_minutes, 'earlyGraceMinutes', early_grace_minutes, 'halfDayMinHours', half_day_min_hours::text,
              'fullDayMinHours', full_day_min_hours::text, 'breakMinutes', break_minutes, 'overtimeAfterMinutes', overtime_after_minutes))
            from shifts),
          'assignments', (select json_agg(json_build_object('id', a.id, 'employeeId', a.employee_id, 'fromDate', a.from_date::text,
              'toDate', a.to_date::text, 'kind', a.kind, 'pattern', a.pattern))
            from shift_assignments a
            where a.is_active and a.employee_id in (select id from st) and a.from_date <= ${after}::date
              and (a.to_date is null or a.to_date >= ${before}::date)),
          'holidays', (select json_agg(json_build_object('day', h.holiday_date::text, 'unitId', hu.unit_id))
            from holidays h left join holiday_units hu on hu.holiday_id = h.id
            where h.is_active and h.holiday_type = 'national' and h.holiday_date between ${before}::date and ${after}::date
              and (hu.unit_id is null or hu.unit_id in (select "unitId" from st))),
          'stored', (select json_build_object('e', array_agg(d.employee_id), 'd', array_agg(d.day), 'u', array_agg(d.unit_id),
              's', array_agg(d.shift_id), 'st', array_agg(d.status), 'w', array_agg(d.worked_minutes), 'la', array_agg(d.late_minutes),
              'ea', array_agg(d.early_minutes), 'ot', array_agg(d.ot_minutes), 'pr', array_agg(d.present), 'le', array_agg(d.leave),
              'lw', array_agg(d.lwop), 'pa', array_agg(d.payable), 'mp', array_agg(d.missed_punch), 'm', array_agg(d.is_manual),
              'fi', array_agg(floor(date_part('epoch', d.first_in) / 60)::int), 'lo', array_agg(floor(date_part('epoch', d.last_out) / 60)::int))
            from daily_attendance d where d.employee_id in (select id from st) and d.day between ${from}::date and ${last}::date
              ${
                allStored
                  ? sql``
                  : sql`and (d.is_manual or (extract(year from d.day)::int, extract(month from d.day)::int) in (
                      select year, month from payroll_runs where ${finalStatus(sql`status`)}))`
              }),
          'runs', (select json_agg(json_build_object('unitId', r.unit_id, 'month', to_char(make_date(r.year, r.month, 1), 'YYYY-MM'),
              'frozen', ${FINAL_RUN},
              'paid', (select array_agg(s.employee_id) from salary_slips s where s.run_id = r.id and s.employee_id in (select id from st))))
            from payroll_runs r
            where make_date(r.year, r.month, 1) between date_trunc('month', ${from}::date)::date and ${last}::date
              and (${FINAL_RUN}
                or exists (select 1 from salary_slips s where s.run_id = r.id and s.employee_id in (select id from st)))),
          'punches', case when not exists (select from payroll_runs r where ${FINAL_RUN}
                and make_date(r.year, r.month, 1) between date_trunc('month', ${from}::date)::date and ${last}::date)
            then coalesce((select json_agg(json_build_array(p.employee_id, p.minutes)) from (
                ${punchesSql(sql`array(select id from st)`, punchBase, after, tz)}) p), '[]') end
        )::text as doc`,
  );
  const doc = JSON.parse(row.doc) as Omit<Context, 'stored' | 'punches' | 'punchBase'> & {
    stored: StoredColumns | null;
    punches: [number, number[]][] | null;
  };
  return {
    ...doc,
    stored: doc.stored?.e ? storedRows(doc.stored, tz) : [],
    punches: doc.punches ? new Map(doc.punches) : null,
    punchBase,
  };
}

/**
 * The punches of employees (`ids`: an int[] expression) from 6 h before `base` (a midnight) to the end of the day after
 * `after`, per employee as minutes from `base` (any order). One day either side of a range: a night shift the day
 * before may own the range's first morning punches.
 */
export function punchesSql(ids: SQL, base: number, after: IsoDate, tz: string): SQL {
  return sql`select employee_id, array_agg(floor(date_part('epoch', punched_at - ${new Date(base).toISOString()}::timestamptz) / 60)::int) as minutes
    from punches
    where employee_id = any(${ids})
      and punched_at >= ${new Date(base - 360 * 60_000).toISOString()}::timestamptz
      and punched_at < ${zonedInstant(addDays(after, 1), 0, tz).toISOString()}::timestamptz
    group by employee_id`;
}

/** The stored days as the context reads them: one array per column (a tenth of the cost of an object per row). */
interface StoredColumns {
  e: number[];
  d: string[];
  u: number[];
  s: (number | null)[];
  st: string[];
  w: number[];
  la: number[];
  ea: number[];
  ot: number[];
  pr: number[];
  le: number[];
  lw: number[];
  pa: number[];
  mp: boolean[];
  m: boolean[];
  /** First in and last out in minutes since the epoch; made minutes of the day here (midnight of each date once). */
  fi: (number | null)[];
  lo: (number | null)[];
}

function storedRows(c: StoredColumns, tz: string): StoredDay[] {
  const midnights = new Map<string, number>();
  const midnight = (day: string) => {
    let m = midnights.get(day);
    if (m === undefined) {
      m = zonedInstant(day, 0, tz).getTime() / 60_000;
      midnights.set(day, m);
    }
    return m;
  };
  const out: StoredDay[] = new Array(c.e.length);
  for (let i = 0; i < c.e.length; i++) {
    const day = c.d[i];
    const fi = c.fi[i];
    const lo = c.lo[i];
    out[i] = {
      employeeId: c.e[i],
      day,
      unitId: c.u[i],
      shiftId: c.s[i],
      status: c.st[i],
      workedMin: c.w[i],
      lateMin: c.la[i],
      earlyMin: c.ea[i],
      otMin: c.ot[i],
      present: c.pr[i],
      leave: c.le[i],
      lwop: c.lw[i],
      payable: c.pa[i],
      missedPunch: c.mp[i],
      isManual: c.m[i],
      firstIn: fi === null ? null : fi - midnight(day),
      lastOut: lo === null ? null : lo - midnight(day),
    };
  }
  return out;
}

/**
 * Which days of a range are frozen for each employee: those of a month whose salary run is approved or locked —
 * the run that paid the employee (holds their slip), wherever they work now; without a slip that month, the run of
 * the unit they were in on the day (the stored day's unit, else the unit of a run that paid them, else today's).
 */
export function frozenDays(
  runs: Context['runs'],
): (employeeId: number, currentUnit: number, day: IsoDate, storedUnit: number | undefined) => boolean {
  // No salary run of the range's months is approved, locked or holds a slip (the usual case): nothing is frozen.
  if (!runs?.length) return () => false;
  const frozenUnit = new Set<string>();
  const paidIn = new Map<string, { unitId: number; frozen: boolean }>();
  for (const r of runs ?? []) {
    if (r.frozen) frozenUnit.add(`${r.unitId}:${r.month}`);
    for (const id of r.paid ?? []) {
      const k = `${id}:${r.month}`;
      // Two slips in one month (a transfer between runs): frozen when either run is.
      if (!paidIn.get(k)?.frozen) paidIn.set(k, { unitId: r.unitId, frozen: r.frozen });
    }
  }
  return (employeeId: number, currentUnit: number, day: IsoDate, storedUnit: number | undefined): boolean => {
    const month = day.slice(0, 7);
    const paid = paidIn.get(`${employeeId}:${month}`);
    if (paid?.frozen) return true;
    return frozenUnit.has(`${storedUnit ?? paid?.unitId ?? currentUnit}:${month}`);
  };
}

export type StoredDay = {
  employeeId: number;
  day: string;
  unitId: number;
  shiftId: number | null;
  status: string;
  workedMin: number;
  lateMin: number;
  earlyMin: number;
  otMin: number;
  present: number;
  leave: number;
  lwop: number;
  payable: number;
  missedPunch: boolean;
  isManual: boolean;
  firstIn: number | null;
  lastOut: number | null;
};
