// Daily attendance, worked out set-based: for a set of employees (or a unit) and a date range, a handful of
// queries load the employees, shifts, rosters, holidays, punches, approved requests and manual markings;
// the pure rules (packages/attendance) decide each day; the rows are written in one upsert. Called for the
// days an input touched (a punch batch, a roster change, a decided request) and by payroll for its month.
import {
  type DayRequests,
  type DayResult,
  evaluateDay,
  GENERAL_SHIFT,
  rosterDay,
  type ShiftAssignment,
  type ShiftRule,
  shiftRuleOf,
  splitPunches,
  weeklyOffsOf,
} from '@hr/attendance';
import { addDays, cachedDateIn, diffDays, eachDay, type IsoDate, todayIn, zonedInstant } from '@hr/calendar';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { dailyAttendance } from '../../db/schema';
import { bulkUpsert } from '../../lib/bulk';
import { FINAL_RUN, finalStatus } from '../../lib/month-lock';
import { orgZone } from '../../lib/org-zone';

/** Which employees: a list of ids, or every employee of a unit (read by subquery). */
export type AttendanceScope = { employeeIds: readonly number[]; unitId?: undefined } | { unitId: number; employeeIds?: undefined };

/**
 * Approved requests per employee and day (leave, work from home, on duty). The requests area registers its
 * reader here; until it does, no day has a request.
 */
export type DayRequestsReader = (
  db: Db | Tx,
  employeeIds: readonly number[],
  from: IsoDate,
  to: IsoDate,
) => Promise<Map<number, Map<IsoDate, DayRequests>>>;
let readRequests: DayRequestsReader | null = null;
export function registerDayRequestsReader(reader: DayRequestsReader) {
  readRequests = reader;
}

/** The approved requests of the employees' days (payroll plans the days still to come with them). */
export async function approvedDayRequests(db: Db | Tx, employeeIds: readonly number[], from: IsoDate, to: IsoDate) {
  return readRequests && employeeIds.length ? readRequests(db, employeeIds, from, to) : new Map<number, Map<IsoDate, DayRequests>>();
}

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

type EmployeeRow = {
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
interface Context {
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
async function loadContext(
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
function punchesSql(ids: SQL, base: number, after: IsoDate, tz: string): SQL {
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
function frozenDays(
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

/**
 * Works out the days `from`–`to` (inclusive) of the employees in scope: employed days up to today only.
 * With `persist`, writes them (not the manual ones, not those of a frozen month) — only the rows whose figures
 * changed. Returns every employee's days, manual and frozen ones as stored.
 *
 */
export async function computeAttendance(
  db: Db | Tx,
  scope: AttendanceScope,
  from: IsoDate,
  to: IsoDate,
  /** `unfrozen`: days of an approved or locked month are worked out again too (a loss-of-pay check; never stored). */
  opts: { persist: boolean; today?: IsoDate; unfrozen?: boolean },
): Promise<EmployeeDays[]> {
  if (scope.employeeIds?.length === 0) return [];
  if (opts.unfrozen && opts.persist) throw new Error('Days of a frozen month are never stored again');
  const tz = orgZone();
  const today = opts.today ?? todayIn(tz);
  const last = to < today ? to : today;
  if (last < from) return [];
  // One day either side: a night shift the day before may own this range's first morning punches.
  const before = addDays(from, -1);
  const after = addDays(last, 1);

  // Writing compares every stored day with its new figures; reading needs only the days kept as stored.
  const ctx = await loadContext(db, scope, from, last, before, after, tz, opts.persist);
  const staff = ctx.staff ?? [];
  if (staff.length === 0) return [];
  const isFrozen = opts.unfrozen ? () => false : frozenDays(ctx.runs);
  // Days by employee and position in the range (arrays, not a map keyed by "employee:day" strings: a unit's month is
  // 15,500 days, looked up several times each).
  const span = eachDay(from, last);
  const dayIndex = new Map(span.map((d, i) => [d, i]));
  const storedBy: DayTable<StoredDay> = new Map();
  for (const s of ctx.stored ?? []) {
    const i = dayIndex.get(s.day);
    if (i === undefined) continue;
    let mine = storedBy.get(s.employeeId);
    if (!mine) {
      mine = new Array(span.length);
      storedBy.set(s.employeeId, mine);
    }
    mine[i] = s;
  }

  // Which employees have days to work out, and over which dates: every employed day not kept as stored.
  const need = new Map<number, { from: IsoDate; to: IsoDate }>();
  for (const e of staff) {
    let lo: IsoDate | null = null;
    let hi: IsoDate | null = null;
    const stored = storedBy.get(e.id);
    for (let i = 0; i < span.length; i++) {
      const day = span[i];
      if (day < e.dateOfJoining || (e.exitDate && day > e.exitDate)) continue;
      const kept = stored?.[i];
      if (kept && (kept.isManual || isFrozen(e.id, e.unitId, day, kept.unitId))) continue;
      if (lo === null) lo = day;
      hi = day;
    }
    if (lo !== null && hi !== null) need.set(e.id, { from: lo, to: hi });
  }

  const computed: DayTable<ComputedDay> = need.size ? await workOut(db, ctx, staff, need, from, span.length, today, tz) : new Map();

  const out: EmployeeDays[] = [];
  for (const e of staff) {
    const days: ComputedDay[] = [];
    const stored = storedBy.get(e.id);
    const fromRules = computed.get(e.id);
    for (let i = 0; i < span.length; i++) {
      const day = span[i];
      if (day < e.dateOfJoining || (e.exitDate && day > e.exitDate)) continue;
      const kept = stored?.[i];
      const frozen = isFrozen(e.id, e.unitId, day, kept?.unitId);
      const fresh = fromRules?.[i];
      // Marked by hand or frozen: shown as stored (a day between two worked-out ones is worked out, not used).
      if (kept && (kept.isManual || frozen)) days.push({ ...fromStored(kept), day, frozen });
      else if (fresh) {
        fresh.frozen = frozen;
        days.push(fresh);
      }
      // else: today, not over and without a status yet (a row stored for it earlier is left as it is).
    }
    out.push({ employeeId: e.id, unitId: e.unitId, days });
  }

  if (opts.persist) await storeDays(db, out, tz, storedBy, dayIndex);
  return out;
}

/** Days of employees by position in a range: employee id → an array as long as the range (a hole: no day). */
type DayTable<T> = Map<number, (T | undefined)[]>;

/**
 * The rules applied to the needed days: punches read for those employees over the dates they need (with a day
 * either side, as a night shift's punches may belong to the day before), and their approved requests.
 */
async function workOut(
  db: Db | Tx,
  ctx: Context,
  staff: readonly EmployeeRow[],
  need: ReadonlyMap<number, { from: IsoDate; to: IsoDate }>,
  rangeFrom: IsoDate,
  rangeDays: number,
  today: IsoDate,
  tz: string,
): Promise<DayTable<ComputedDay>> {
  let from = '9999-12-31';
  let to = '0001-01-01';
  for (const r of need.values()) {
    if (r.from < from) from = r.from;
    if (r.to > to) to = r.to;
  }
  const before = addDays(from, -1);
  const after = addDays(to, 1);
  const ids = [...need.keys()];
  const base = zonedInstant(before, 0, tz).getTime();
  const end = Math.round((zonedInstant(addDays(after, 1), 0, tz).getTime() - base) / 60_000);
  const punchesBy = new Map<number, number[]>();
  if (ctx.punches) {
    // Read with the context over the whole range: the same window when every day is needed (the usual case), else
    // narrowed here to what the query below would have read (whole minutes, so the bounds compare exactly).
    const shift = Math.round((base - ctx.punchBase) / 60_000);
    for (const id of ids) {
      const all = ctx.punches.get(id);
      if (!all) continue;
      const mine: number[] = [];
      for (const m of all) {
        const x = m - shift;
        if (x >= -360 && x < end) mine.push(x);
      }
      if (mine.length) punchesBy.set(id, mine);
    }
  } else {
    const rows = await queryRows<{ employee_id: number; minutes: number[] }>(
      db,
      punchesSql(sql`${`{${ids.join(',')}}`}::int[]`, base, after, tz),
    );
    for (const p of rows) punchesBy.set(p.employee_id, p.minutes);
  }
  const requests = readRequests ? await readRequests(db, ids, from, to) : new Map<number, Map<IsoDate, DayRequests>>();

  const shifts = new Map((ctx.shifts ?? []).map((r) => [r.id, shiftRuleOf(r)]));
  const holidaysByUnit = new Map<number | null, Set<string>>();
  for (const h of ctx.holidays ?? []) {
    const set = holidaysByUnit.get(h.unitId) ?? new Set<string>();
    set.add(h.day);
    holidaysByUnit.set(h.unitId, set);
  }
  const allUnits = holidaysByUnit.get(null) ?? new Set<string>();
  const assignmentsBy = groupBy(ctx.assignments ?? [], (a) => a.employeeId);
  const span = eachDay(before, after);

  // Position in the caller's range (from `rangeFrom`) of this span's day i: i + offset.
  const offset = diffDays(rangeFrom, before);
  const out: DayTable<ComputedDay> = new Map();
  const plans = new Map<string, { roster: ReturnType<typeof rosterDay>[]; rules: ShiftRule[] }>();
  for (const e of staff) {
    const range = need.get(e.id);
    if (!range) continue;
    const mine = assignmentsBy.get(e.id) ?? [];
    const unitHolidays = holidaysByUnit.get(e.unitId);
    // Most employees share a default shift and weekly offs: their roster is worked out once.
    const key = mine.length ? null : `${e.shiftId}|${e.weeklyOffs.join(',')}`;
    let plan = key !== null ? plans.get(key) : undefined;
    if (!plan) {
      const weeklyOffs = weeklyOffsOf(e.weeklyOffs);
      const roster = span.map((d) => rosterDay(d, mine, { shiftId: e.shiftId, weeklyOffs }));
      plan = { roster, rules: roster.map((r) => (r.shiftId !== null ? (shifts.get(r.shiftId) ?? GENERAL_SHIFT) : GENERAL_SHIFT)) };
      if (key !== null) plans.set(key, plan);
    }
    const { roster, rules } = plan;
    const split = splitPunches(rules, punchesBy.get(e.id) ?? []);
    const reqs = requests.get(e.id);
    const days: (ComputedDay | undefined)[] = new Array(rangeDays);
    out.set(e.id, days);
    const lastIndex = diffDays(before, range.to);
    for (let i = diffDays(before, range.from); i <= lastIndex; i++) {
      const day = span[i];
      const isHoliday = allUnits.has(day) || (unitHolidays?.has(day) ?? false);
      const dayRequests = reqs?.get(day);
      // Today is not over: until it has an in and an out (or is a holiday, weekly off or request), it has no status.
      if (day === today && split[i].length < 2 && !isHoliday && !roster[i].isWeeklyOff && !dayRequests) continue;
      const result = evaluateDay({
        shift: rules[i],
        punches: split[i],
        isHoliday,
        isWeeklyOff: roster[i].isWeeklyOff,
        requests: dayRequests,
      });
      days[i + offset] = {
        day,
        shiftId: roster[i].shiftId,
        isManual: false,
        frozen: false,
        status: result.status,
        firstIn: result.firstIn,
        lastOut: result.lastOut,
        workedMin: result.workedMin,
        lateMin: result.lateMin,
        earlyMin: result.earlyMin,
        otMin: result.otMin,
        present: result.present,
        leave: result.leave,
        lwop: result.lwop,
        payable: result.payable,
        missedPunch: result.missedPunch,
        workedOff: result.workedOff,
      };
    }
  }
  return out;
}

type StoredDay = {
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

function fromStored(s: StoredDay): Omit<ComputedDay, 'day' | 'frozen'> {
  return {
    status: s.status as DayResult['status'],
    firstIn: s.firstIn,
    lastOut: s.lastOut,
    workedMin: s.workedMin,
    lateMin: s.lateMin,
    earlyMin: s.earlyMin,
    otMin: s.otMin,
    present: s.present,
    leave: s.leave,
    lwop: s.lwop,
    payable: s.payable,
    missedPunch: s.missedPunch,
    workedOff: (s.status === 'H' || s.status === 'WO') && s.otMin > 0,
    shiftId: s.shiftId,
    isManual: s.isManual,
  };
}

function groupBy<T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const list = m.get(key(r));
    if (list) list.push(r);
    else m.set(key(r), [r]);
  }
  return m;
}

/**
 * Recomputes the days a punch may belong to (its date, and the day before or after it) for the punches'
 * employees, in one pass. Days of a frozen month are left as they are.
 */
export async function recomputeForPunches(db: Db | Tx, punched: readonly { employeeId: number | null; at: Date }[]): Promise<void> {
  const byEmployee = new Map<number, { from: IsoDate; to: IsoDate }>();
  const midnights = new Map<string, number>();
  const tz = orgZone();
  for (const p of punched) {
    if (p.employeeId == null) continue;
    const d = cachedDateIn(tz, p.at);
    let midnight = midnights.get(d);
    if (midnight === undefined) {
      midnight = zonedInstant(d, 0, tz).getTime();
      midnights.set(d, midnight);
    }
    // A day claims punches from 6 h before its shift starts to 18 h after: a punch before 18:00 may be the
    // previous day's (a night shift's morning out), one from 18:00 the next day's (a shift starting before 06:00).
    const minute = Math.round((p.at.getTime() - midnight) / 60_000);
    const from = minute < 1080 ? addDays(d, -1) : d;
    const to = minute < 1080 ? d : addDays(d, 1);
    const cur = byEmployee.get(p.employeeId);
    if (!cur) byEmployee.set(p.employeeId, { from, to });
    else {
      if (from < cur.from) cur.from = from;
      if (to > cur.to) cur.to = to;
    }
  }
  if (byEmployee.size === 0) return;
  // One pass over the widest range (a batch is nearly always a day or two).
  let from = '9999-12-31';
  let to = '0001-01-01';
  for (const r of byEmployee.values()) {
    if (r.from < from) from = r.from;
    if (r.to > to) to = r.to;
  }
  await computeAttendance(db, { employeeIds: [...byEmployee.keys()] }, from, to, { persist: true });
}

/** Does a stored (not manual) row already hold what was worked out for its day? */
function sameAsStored(s: StoredDay, unitId: number, d: ComputedDay): boolean {
  return (
    s.unitId === unitId &&
    s.shiftId === d.shiftId &&
    s.status === d.status &&
    s.firstIn === d.firstIn &&
    s.lastOut === d.lastOut &&
    s.workedMin === d.workedMin &&
    s.lateMin === d.lateMin &&
    s.earlyMin === d.earlyMin &&
    s.otMin === d.otMin &&
    s.present === d.present &&
    s.leave === d.leave &&
    s.lwop === d.lwop &&
    s.payable === d.payable &&
    s.missedPunch === d.missedPunch
  );
}

/**
 * Writes the worked-out days through the one bulk writer (lib/bulk.ts: one upsert statement), and only the rows
 * whose figures changed (compared with the rows `computeAttendance` read already): recomputing a month where one
 * punch arrived writes one row, not the month. A row marked by hand meanwhile is never overwritten.
 */
async function storeDays(
  db: Db | Tx,
  out: readonly EmployeeDays[],
  tz: string,
  stored: DayTable<StoredDay>,
  dayIndex: ReadonlyMap<string, number>,
): Promise<void> {
  const rows: (typeof dailyAttendance.$inferInsert)[] = [];
  // Which rows are days not stored yet (the context read every stored day of the range).
  const fresh: boolean[] = [];
  const now = new Date();
  // Each date's midnight once (zonedInstant formats the instant twice: a month of a unit wrote 15,500 rows).
  const midnights = new Map<string, number>();
  const midnightOf = (day: string) => {
    let m = midnights.get(day);
    if (m === undefined) {
      m = zonedInstant(day, 0, tz).getTime();
      midnights.set(day, m);
    }
    return m;
  };
  for (const e of out) {
    const mine = stored.get(e.employeeId);
    for (const d of e.days) {
      if (d.isManual || d.frozen) continue;
      const s = mine?.[dayIndex.get(d.day) ?? -1];
      if (s && (s.isManual || sameAsStored(s, e.unitId, d))) continue;
      const midnight = d.firstIn !== null || d.lastOut !== null ? midnightOf(d.day) : 0;
      fresh.push(!s);
      rows.push({
        employeeId: e.employeeId,
        day: d.day,
        unitId: e.unitId,
        shiftId: d.shiftId,
        status: d.status,
        firstIn: d.firstIn === null ? null : new Date(midnight + d.firstIn * 60_000),
        lastOut: d.lastOut === null ? null : new Date(midnight + d.lastOut * 60_000),
        workedMinutes: d.workedMin,
        lateMinutes: d.lateMin,
        earlyMinutes: d.earlyMin,
        otMinutes: d.otMin,
        present: String(d.present),
        leave: String(d.leave),
        lwop: String(d.lwop),
        payable: String(d.payable),
        missedPunch: d.missedPunch,
        isManual: false,
        computedAt: now,
      });
    }
  }
  if (rows.length === 0) return;
  await bulkUpsert(db, dailyAttendance, rows, {
    target: ['employeeId', 'day'],
    set: [
      'unitId',
      'shiftId',
      'status',
      'firstIn',
      'lastOut',
      'workedMinutes',
      'lateMinutes',
      'earlyMinutes',
      'otMinutes',
      'present',
      'leave',
      'lwop',
      'payable',
      'missedPunch',
      'computedAt',
    ],
    where: sql`${dailyAttendance.isManual} = false`,
    // The employees referenced are checked in one statement, not an internal query a row (a device batch's new days).
    foreignKeysOnce: true,
    // Days not stored yet go by COPY on PGlite (a new month of a unit: 15,500 rows), the others through the upsert.
    absent: (_, i) => fresh[i],
  });
}
