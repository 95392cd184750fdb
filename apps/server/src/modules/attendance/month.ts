// What payroll reads of attendance: a month's figures per employee for a unit that pays by attendance
// (units.track_attendance). The days before today come from daily attendance, worked out (and stored) now so
// the run and the register agree; today and the days after it are counted as the calendar has them (paid),
// so a draft run before the month ends shows the month as it will be if nothing changes.
import { summarize, weeklyOffsOf } from '@hr/attendance';
import { addDays, daysInMonth, eachDay, isoDate, isWeeklyOff } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { unitHolidays } from '../../lib/holidays';
import { orgToday } from '../../lib/org-zone';
import { computeAttendance } from './compute';

export interface MonthFigures {
  monthDays: number;
  payableDays: number;
  presentDays: number;
  lwopDays: number;
  otHours: number;
  holidays: number;
  weeklyOffs: number;
}

/** Whether a unit pays by daily attendance. */
export async function tracksAttendance(db: Db | Tx, unitId: number): Promise<boolean> {
  const [u] = await queryRows<{ on: boolean }>(db, sql`select track_attendance as on from units where id = ${unitId}`);
  return u?.on === true;
}

/**
 * The month's figures of each employee from daily attendance, or null when the unit does not pay by
 * attendance. Employees are given with their employment dates and weekly offs (the days after today).
 */
export async function attendanceMonthFigures(
  db: Db | Tx,
  unitId: number,
  year: number,
  month: number,
  employees: readonly { id: number; dateOfJoining: string; exitDate: string | null; weeklyOffs: number[] }[],
): Promise<Map<number, MonthFigures> | null> {
  if (!(await tracksAttendance(db, unitId))) return null;
  const monthDays = daysInMonth(year, month);
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, monthDays);
  const today = orgToday();
  // Today is not over: it is counted with the days to come.
  const yesterday = addDays(today, -1);
  const computed =
    yesterday >= first
      ? await computeAttendance(db, { employeeIds: employees.map((e) => e.id) }, first, yesterday < last ? yesterday : last, {
          persist: true,
          today,
        })
      : [];
  const byId = new Map(computed.map((c) => [c.employeeId, c.days]));
  const future = today <= last ? eachDay(today < first ? first : today, last) : [];
  const holidays = future.length ? await unitHolidays(db, unitId, future[0] as string, last) : new Set<string>();
  const out = new Map<number, MonthFigures>();
  for (const e of employees) {
    const s = summarize(byId.get(e.id) ?? []);
    const f: MonthFigures = {
      monthDays,
      payableDays: s.payableDays,
      presentDays: s.presentDays,
      lwopDays: s.lwopDays,
      // Overtime is paid in completed quarter hours (as the manual entry takes it).
      otHours: Math.floor(s.otMinutes / 15) / 4,
      holidays: s.holidays,
      weeklyOffs: s.weeklyOffs,
    };
    const offs = weeklyOffsOf(e.weeklyOffs);
    for (const d of future) {
      if (d < e.dateOfJoining || (e.exitDate && d > e.exitDate)) continue;
      f.payableDays += 1;
      if (holidays.has(d)) f.holidays += 1;
      else if (isWeeklyOff(d, offs)) f.weeklyOffs += 1;
      else f.presentDays += 1;
    }
    out.set(e.id, f);
  }
  return out;
}
