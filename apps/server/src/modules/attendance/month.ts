// What payroll reads of attendance: a month's figures per employee for a unit that pays by attendance
// (units.track_attendance). The days before today come from daily attendance, worked out (and stored) now so
// the run and the register agree; today and the days after it are planned (the calendar and approved leave),
// so a run before the month ends pays the month as it will be if nothing else changes.
import { type DayRequests, type DayResult, evaluateDay, summarize, weeklyOffsOf } from '@hr/attendance';
import { addDays, daysInMonth, eachDay, type IsoDate, isoDate, isWeeklyOff } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { unitHolidays } from '../../lib/holidays';
import { orgToday } from '../../lib/org-zone';
import { approvedDayRequests, computeAttendance } from './compute';

export interface MonthFigures {
  monthDays: number;
  payableDays: number;
  presentDays: number;
  lwopDays: number;
  otHours: number;
  holidays: number;
  weeklyOffs: number;
  /**
   * The first day of the month (1–31) counted as planned rather than attended (a month processed before its end, or
   * the days after a cut-off); a number like every other figure, as the slip keeps them.
   */
  plannedFromDay?: number;
}

/** Whether a unit pays by daily attendance. */
export async function tracksAttendance(db: Db | Tx, unitId: number): Promise<boolean> {
  const [u] = await queryRows<{ on: boolean }>(db, sql`select track_attendance as on from units where id = ${unitId}`);
  return u?.on === true;
}

/** The unit's attendance cut-off day (1–28), or null: attendance up to the day of processing. */
export async function cutoffDayOf(db: Db | Tx, unitId: number): Promise<number | null> {
  const [u] = await queryRows<{ day: number | null }>(db, sql`select attendance_cutoff_day as day from units where id = ${unitId}`);
  return u?.day ?? null;
}

export interface MonthFiguresOptions {
  /** The day the figures are taken on (default: the organisation's today). */
  today?: IsoDate;
  /**
   * What the month really was, for a loss-of-pay adjustment of a month already paid: days of an approved or locked
   * month are worked out again from punches, requests and markings (nothing is stored), and no cut-off applies.
   */
  fresh?: boolean;
}

/**
 * The month's figures of each employee from daily attendance, or null when the unit does not pay by
 * attendance. Employees are given with their employment dates and weekly offs (the days after today).
 *
 * Days up to yesterday (and up to the unit's cut-off day, when it has one) come from daily attendance. The days after
 * are planned: a holiday or weekly off as the calendar has it, a day of approved leave as the leave says (leave
 * without pay is not paid), any other day present and paid. Days after the cut-off day are paid as the calendar has
 * them whatever is known of them. `plannedFromDay` is the first planned day: what those days really were reaches the
 * next month as a loss-of-pay adjustment (payroll/lop.ts).
 */
export async function attendanceMonthFigures(
  db: Db | Tx,
  unitId: number,
  year: number,
  month: number,
  employees: readonly { id: number; dateOfJoining: string; exitDate: string | null; weeklyOffs: number[] }[],
  opts: MonthFiguresOptions = {},
): Promise<Map<number, MonthFigures> | null> {
  if (!(await tracksAttendance(db, unitId))) return null;
  const monthDays = daysInMonth(year, month);
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, monthDays);
  const today = opts.today ?? orgToday();
  const cutoffDay = opts.fresh ? null : await cutoffDayOf(db, unitId);
  const cutoff = cutoffDay ? isoDate(year, month, Math.min(cutoffDay, monthDays)) : last;
  // Today is not over: it is planned with the days to come.
  const yesterday = addDays(today, -1);
  const actualTo = [yesterday, cutoff, last].sort()[0] as IsoDate;
  const ids = employees.map((e) => e.id);
  const computed =
    actualTo >= first
      ? await computeAttendance(db, { employeeIds: ids }, first, actualTo, { persist: !opts.fresh, today, unfrozen: opts.fresh })
      : [];
  const byId = new Map(computed.map((c) => [c.employeeId, c.days]));
  const planFrom = actualTo < first ? first : addDays(actualTo, 1);
  const planned = planFrom <= last ? eachDay(planFrom, last) : [];
  const holidays = planned.length ? await unitHolidays(db, unitId, planned[0] as string, last) : new Set<string>();
  // Approved leave of the planned days up to the cut-off (after it, the days are paid as the calendar has them).
  const leaveTo = cutoff < last ? cutoff : last;
  const requests = planned.length && planFrom <= leaveTo ? await approvedDayRequests(db, ids, planFrom, leaveTo) : new Map();
  const out = new Map<number, MonthFigures>();
  for (const e of employees) {
    const offs = weeklyOffsOf(e.weeklyOffs);
    const mine = requests.get(e.id);
    const days: DayResult[] = [...(byId.get(e.id) ?? [])];
    let plannedFrom: IsoDate | undefined;
    for (const d of planned) {
      if (d < e.dateOfJoining || (e.exitDate && d > e.exitDate)) continue;
      plannedFrom ??= d;
      days.push(plannedDay(holidays.has(d), isWeeklyOff(d, offs), d <= leaveTo ? mine?.get(d) : undefined));
    }
    const s = summarize(days);
    out.set(e.id, {
      monthDays,
      payableDays: s.payableDays,
      presentDays: s.presentDays,
      lwopDays: s.lwopDays,
      // Overtime is paid in completed quarter hours (as the manual entry takes it).
      otHours: Math.floor(s.otMinutes / 15) / 4,
      holidays: s.holidays,
      weeklyOffs: s.weeklyOffs,
      ...(plannedFrom ? { plannedFromDay: Number(plannedFrom.slice(8, 10)) } : {}),
    });
  }
  return out;
}

const PRESENT: DayResult = {
  status: 'P',
  firstIn: null,
  lastOut: null,
  workedMin: 0,
  lateMin: 0,
  earlyMin: 0,
  otMin: 0,
  present: 1,
  leave: 0,
  lwop: 0,
  payable: 1,
  missedPunch: false,
  workedOff: false,
};

/** A day still to come (or after the cut-off): the calendar's holiday or weekly off, the approved leave, else present. */
function plannedDay(isHoliday: boolean, isOff: boolean, requests: DayRequests | undefined): DayResult {
  if (!isHoliday && !isOff && !requests?.leave) return PRESENT;
  return evaluateDay({
    shift: null,
    punches: [],
    isHoliday,
    isWeeklyOff: isOff,
    requests: requests?.leave ? { leave: requests.leave } : undefined,
  });
}
