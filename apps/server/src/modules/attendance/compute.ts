// Daily attendance, worked out set-based: for a set of employees (or a unit) and a date range, a handful of
// queries load the employees, shifts, rosters, holidays, punches, approved requests and manual markings;
// the pure rules (packages/attendance) decide each day; the rows are written in one upsert. Called for the
// days an input touched (a punch batch, a roster change, a decided request) and by payroll for its month.
import {
  type DayRequests,
  evaluateDay,
  GENERAL_SHIFT,
  rosterDay,
  type ShiftRule,
  shiftRuleOf,
  splitPunches,
  weeklyOffsOf,
} from '@hr/attendance';
import { addDays, cachedDateIn, diffDays, eachDay, type IsoDate, todayIn, zonedInstant } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { orgZone } from '../../lib/org-zone';
import {
  type AttendanceScope,
  type ComputedDay,
  type Context,
  type EmployeeDays,
  type EmployeeRow,
  frozenDays,
  loadContext,
  punchesSql,
  type StoredDay,
} from './compute-context';
import { type DayTable, fromStored, storeDays } from './compute-store';

export type { AttendanceScope, ComputedDay, EmployeeDays } from './compute-context';
export { shiftRules } from './compute-context';

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
