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
import { addDays, diffDays, eachDay, type IsoDate, todayIn, zonedInstant } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

/** The organisation's time zone: days begin at its midnight. Set once by the attendance routes from the config. */
let zone = process.env.ORG_TIME_ZONE || 'Asia/Kolkata';
export const attendanceZone = () => zone;
export function setAttendanceZone(timeZone: string) {
  zone = timeZone;
}

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

/**
 * Works out the days `from`–`to` (inclusive) of the employees in scope: employed days up to today only.
 * With `persist`, writes them (not the manual ones, not those of a frozen month). Returns every employee's
 * days, manual and frozen ones as stored.
 */
export async function computeAttendance(
  db: Db | Tx,
  scope: AttendanceScope,
  from: IsoDate,
  to: IsoDate,
  opts: { persist: boolean; today?: IsoDate },
): Promise<EmployeeDays[]> {
  if (scope.employeeIds?.length === 0) return [];
  const tz = zone;
  const today = opts.today ?? todayIn(tz);
  const last = to < today ? to : today;
  if (last < from) return [];
  // One day either side: a night shift the day before may own this range's first morning punches.
  const before = addDays(from, -1);
  const after = addDays(last, 1);

  const staff = await queryRows<EmployeeRow>(
    db,
    sql`select e.id, e.unit_id as "unitId", e.shift_id as "shiftId", e.weekly_offs as "weeklyOffs",
          e.date_of_joining::text as "dateOfJoining", e.exit_date::text as "exitDate"
        from employees e
        where ${scopeSql(scope)} and e.date_of_joining <= ${last}::date and (e.exit_date is null or e.exit_date >= ${from}::date)`,
  );
  if (staff.length === 0) return [];
  const ids = `{${staff.map((e) => e.id).join(',')}}`;
  const unitIds = [...new Set(staff.map((e) => e.unitId))];
  const units = `{${unitIds.join(',')}}`;

  const shifts = await shiftRules(db);
  const assignments = await queryRows<{ [K in keyof ShiftAssignment]: ShiftAssignment[K] } & { employeeId: number }>(
    db,
    sql`select id, employee_id as "employeeId", from_date::text as "fromDate", to_date::text as "toDate", kind, pattern
        from shift_assignments
        where is_active and employee_id = any(${ids}::int[]) and from_date <= ${after}::date
          and (to_date is null or to_date >= ${before}::date)`,
  );
  const holidayRows = await queryRows<{ day: string; unitId: number | null }>(
    db,
    sql`select h.holiday_date::text as day, hu.unit_id as "unitId"
        from holidays h left join holiday_units hu on hu.holiday_id = h.id
        where h.is_active and h.holiday_type = 'national' and h.holiday_date between ${before}::date and ${after}::date
          and (hu.unit_id is null or hu.unit_id = any(${units}::int[]))`,
  );
  const base = zonedInstant(before, 0, tz).getTime();
  const punchRows = await queryRows<{ employeeId: number; minutes: number[] }>(
    db,
    sql`select employee_id as "employeeId",
          array_agg(floor(extract(epoch from punched_at - ${new Date(base).toISOString()}::timestamptz) / 60)::int) as minutes
        from punches
        where employee_id = any(${ids}::int[])
          and punched_at >= ${new Date(base - 360 * 60_000).toISOString()}::timestamptz
          and punched_at < ${zonedInstant(addDays(after, 1), 0, tz).toISOString()}::timestamptz
        group by employee_id`,
  );
  const stored = await queryRows<StoredDay>(
    db,
    sql`select employee_id as "employeeId", day::text as day, shift_id as "shiftId", status, worked_minutes as "workedMin",
          late_minutes as "lateMin", early_minutes as "earlyMin", ot_minutes as "otMin", present::float8 as present,
          leave::float8 as leave, lwop::float8 as lwop, payable::float8 as payable, missed_punch as "missedPunch",
          is_manual as "isManual",
          case when first_in is null then null else floor(extract(epoch from first_in - (day::timestamp at time zone ${tz})) / 60)::int end as "firstIn",
          case when last_out is null then null else floor(extract(epoch from last_out - (day::timestamp at time zone ${tz})) / 60)::int end as "lastOut"
        from daily_attendance
        where employee_id = any(${ids}::int[]) and day between ${from}::date and ${last}::date
          and (is_manual or (unit_id, extract(year from day)::int, extract(month from day)::int) in (
            select unit_id, year, month from payroll_runs where status in ('approved', 'locked')))`,
  );
  const frozen = new Set(
    (
      await queryRows<{ unitId: number; year: number; month: number }>(
        db,
        sql`select unit_id as "unitId", year, month from payroll_runs
            where status in ('approved', 'locked') and unit_id = any(${units}::int[])
              and make_date(year, month, 1) <= ${last}::date and make_date(year, month, 1) >= date_trunc('month', ${from}::date)::date`,
      )
    ).map((r) => `${r.unitId}:${r.year}-${String(r.month).padStart(2, '0')}`),
  );
  const requests = readRequests
    ? await readRequests(
        db,
        staff.map((e) => e.id),
        from,
        last,
      )
    : new Map<number, Map<IsoDate, DayRequests>>();

  const holidaysByUnit = new Map<number | null, Set<string>>();
  for (const h of holidayRows) {
    const set = holidaysByUnit.get(h.unitId) ?? new Set<string>();
    set.add(h.day);
    holidaysByUnit.set(h.unitId, set);
  }
  const allUnits = holidaysByUnit.get(null) ?? new Set<string>();
  const assignmentsBy = groupBy(assignments, (a) => a.employeeId);
  const punchesBy = new Map(punchRows.map((p) => [p.employeeId, p.minutes]));
  const storedBy = new Map(stored.map((s) => [`${s.employeeId}:${s.day}`, s]));
  const span = eachDay(before, after);
  const offset = diffDays(before, from);

  const out: EmployeeDays[] = [];
  const plans = new Map<string, { roster: ReturnType<typeof rosterDay>[]; rules: ShiftRule[] }>();
  for (const e of staff) {
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
    const days: ComputedDay[] = [];
    for (let i = offset; i < span.length - 1; i++) {
      const day = span[i];
      if (day < e.dateOfJoining || (e.exitDate && day > e.exitDate)) continue;
      const isFrozen = frozen.has(`${e.unitId}:${day.slice(0, 7)}`);
      const kept = storedBy.get(`${e.id}:${day}`);
      if (kept) {
        days.push({ ...fromStored(kept), day, frozen: isFrozen });
        continue;
      }
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
      days.push({
        day,
        shiftId: roster[i].shiftId,
        isManual: false,
        frozen: isFrozen,
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
      });
    }
    out.push({ employeeId: e.id, unitId: e.unitId, days });
  }

  if (opts.persist) {
    // What is stored already, one signature per day: only the days whose figures changed are written.
    const existing = await queryRows<{ employeeId: number; sigs: string[] }>(
      db,
      sql`select employee_id as "employeeId", array_agg(concat_ws('|', day, unit_id, coalesce(shift_id::text, ''), status,
            coalesce(floor(extract(epoch from first_in - (day::timestamp at time zone ${tz})) / 60)::text, ''),
            coalesce(floor(extract(epoch from last_out - (day::timestamp at time zone ${tz})) / 60)::text, ''),
            worked_minutes, late_minutes, early_minutes, ot_minutes, present, leave, lwop, payable,
            case when missed_punch then 't' else 'f' end)) as sigs
          from daily_attendance
          where employee_id = any(${ids}::int[]) and day between ${from}::date and ${last}::date and not is_manual
          group by employee_id`,
    );
    const have = new Set<string>();
    for (const r of existing) for (const sig of r.sigs) have.add(`${r.employeeId}|${sig}`);
    await storeDays(db, out, tz, have);
  }
  return out;
}

type StoredDay = {
  employeeId: number;
  day: string;
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
  for (const p of punched) {
    if (p.employeeId == null) continue;
    const d = todayIn(zone, p.at);
    // A day claims punches from 6 h before its shift starts to 18 h after: a punch before 18:00 may be the
    // previous day's (a night shift's morning out), one from 18:00 the next day's (a shift starting before 06:00).
    const minute = Math.round((p.at.getTime() - zonedInstant(d, 0, zone).getTime()) / 60_000);
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

const arr = (values: readonly (string | number | boolean | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? `"${v}"` : String(v))).join(',')}}`;

/**
 * Writes worked-out days in one statement, a Postgres array per column (unnest), and rewrites only the rows
 * whose figures changed: recomputing a month where one punch arrived touches one row, not the month.
 */
const signature = (employeeId: number, unitId: number, d: ComputedDay) =>
  [
    employeeId,
    d.day,
    unitId,
    d.shiftId ?? '',
    d.status,
    d.firstIn ?? '',
    d.lastOut ?? '',
    d.workedMin,
    d.lateMin,
    d.earlyMin,
    d.otMin,
    d.present.toFixed(1),
    d.leave.toFixed(1),
    d.lwop.toFixed(1),
    d.payable.toFixed(1),
    d.missedPunch ? 't' : 'f',
  ].join('|');

async function storeDays(db: Db | Tx, out: readonly EmployeeDays[], tz: string, have: ReadonlySet<string>): Promise<void> {
  const c: (string | number | boolean | null)[][] = Array.from({ length: 16 }, () => []);
  for (const e of out) {
    for (const d of e.days) {
      if (d.isManual || d.frozen || have.has(signature(e.employeeId, e.unitId, d))) continue;
      const row = [
        e.employeeId,
        d.day,
        e.unitId,
        d.shiftId,
        d.status,
        d.firstIn,
        d.lastOut,
        d.workedMin,
        d.lateMin,
        d.earlyMin,
        d.otMin,
        d.present,
        d.leave,
        d.lwop,
        d.payable,
        d.missedPunch,
      ];
      for (let i = 0; i < row.length; i++) c[i].push(row[i]);
    }
  }
  if (c[0].length === 0) return;
  const cols = [
    'unit_id',
    'shift_id',
    'status',
    'first_in',
    'last_out',
    'worked_minutes',
    'late_minutes',
    'early_minutes',
    'ot_minutes',
    'present',
    'leave',
    'lwop',
    'payable',
    'missed_punch',
  ];
  const target = sql.raw(cols.map((x) => `daily_attendance.${x}`).join(', '));
  const excluded = sql.raw(cols.map((x) => `excluded.${x}`).join(', '));
  await db.execute(sql`
    insert into daily_attendance (employee_id, day, unit_id, shift_id, status, first_in, last_out, worked_minutes, late_minutes,
      early_minutes, ot_minutes, present, leave, lwop, payable, missed_punch, is_manual, computed_at)
    select x.e, x.d, x.u, x.s, x.st,
      case when x.fi is null then null else (x.d::timestamp at time zone ${tz}) + x.fi * interval '1 minute' end,
      case when x.lo is null then null else (x.d::timestamp at time zone ${tz}) + x.lo * interval '1 minute' end,
      x.w, x.la, x.ea, x.ot, x.pr, x.le, x.lw, x.pa, x.mp, false, now()
    from unnest(${arr(c[0])}::int[], ${arr(c[1])}::date[], ${arr(c[2])}::int[], ${arr(c[3])}::int[], ${arr(c[4])}::text[],
      ${arr(c[5])}::int[], ${arr(c[6])}::int[], ${arr(c[7])}::int[], ${arr(c[8])}::int[], ${arr(c[9])}::int[], ${arr(c[10])}::int[],
      ${arr(c[11])}::numeric[], ${arr(c[12])}::numeric[], ${arr(c[13])}::numeric[], ${arr(c[14])}::numeric[], ${arr(c[15])}::bool[])
      as x(e, d, u, s, st, fi, lo, w, la, ea, ot, pr, le, lw, pa, mp)
    on conflict (employee_id, day) do update set
      ${sql.raw(cols.map((x) => `${x} = excluded.${x}`).join(', '))}, computed_at = excluded.computed_at
    where daily_attendance.is_manual = false and (${target}) is distinct from (${excluded})`);
}
