// An attendance report's rows from an employee's computed days: the register's codes and totals (`summarize`,
// @hr/attendance), each day's scheduled shift against the actual in / out, and that summed per employee.
import { clockOf, summarize } from '@hr/attendance';
import type { IsoDate } from '@hr/calendar';
import type { TAttendanceRegister, ZShiftCompareRow, ZShiftCompareSummaryRow } from '@hr/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type ComputedDay, shiftRules } from '../../attendance/compute';
import { shiftCodes } from '../../attendance/service';
import type { StaffRow } from './staff';

export type RegisterRow = TAttendanceRegister['rows'][number];
export type CompareRow = z.infer<typeof ZShiftCompareRow>;
export type SummaryRow = z.infer<typeof ZShiftCompareSummaryRow>;

export function registerRow(s: StaffRow, days: readonly ComputedDay[], range: readonly IsoDate[]): RegisterRow {
  const byDay = new Map(days.map((d) => [d.day, d.status]));
  const sum = summarize(days);
  return {
    employeeId: s.id,
    employeeCode: s.code,
    name: s.name,
    departmentName: s.departmentName,
    // '' for a day the employee was not employed (or not yet come).
    codes: range.map((d) => byDay.get(d) ?? ''),
    totals: {
      present: sum.presentDays,
      absent: sum.absentDays,
      leave: sum.leaveDays,
      lwop: sum.lwopDays,
      holidays: sum.holidays,
      weeklyOffs: sum.weeklyOffs,
      late: sum.lateCount,
      otHours: sum.otHours,
      payable: sum.payableDays,
    },
  };
}

/** Shift codes and scheduled times by shift id (the shift master is small: read whole). */
export interface ShiftInfo {
  code: string;
  startMin: number;
  endMin: number;
}
export async function shiftInfo(db: Db): Promise<Map<number, ShiftInfo>> {
  const rules = await shiftRules(db);
  const codes = await shiftCodes(db);
  const out = new Map<number, ShiftInfo>();
  for (const [id, code] of codes) {
    const r = rules.get(id);
    if (r) out.set(id, { code, startMin: r.startMin, endMin: r.endMin });
  }
  return out;
}

/** A holiday or weekly off: no shift is scheduled (work done on it shows as actual times and overtime). */
const isOff = (d: ComputedDay) => d.status === 'H' || d.status === 'WO';

export function compareRows(s: StaffRow, days: readonly ComputedDay[], shifts: Map<number, ShiftInfo>): CompareRow[] {
  return days.map((d) => {
    const shift = !isOff(d) && d.shiftId !== null ? shifts.get(d.shiftId) : undefined;
    return {
      employeeId: s.id,
      employeeCode: s.code,
      name: s.name,
      day: d.day,
      shiftCode: shift?.code ?? null,
      scheduledIn: shift ? clockOf(shift.startMin) : null,
      scheduledOut: shift ? clockOf(shift.endMin) : null,
      actualIn: d.firstIn === null ? null : clockOf(d.firstIn),
      actualOut: d.lastOut === null ? null : clockOf(d.lastOut),
      status: d.status,
      lateMinutes: d.lateMin,
      earlyMinutes: d.earlyMin,
      otMinutes: d.otMin,
      workedMinutes: d.workedMin,
    };
  });
}

export function summaryRow(s: StaffRow, days: readonly ComputedDay[]): SummaryRow {
  const sum = summarize(days);
  let lateMinutes = 0;
  let earlyMinutes = 0;
  let workedMinutes = 0;
  for (const d of days) {
    lateMinutes += d.lateMin;
    earlyMinutes += d.earlyMin;
    workedMinutes += d.workedMin;
  }
  return {
    employeeId: s.id,
    employeeCode: s.code,
    name: s.name,
    departmentName: s.departmentName,
    scheduledDays: days.filter((d) => !isOff(d)).length,
    presentDays: sum.presentDays,
    absentDays: sum.absentDays,
    lateDays: sum.lateCount,
    lateMinutes,
    earlyDays: sum.earlyCount,
    earlyMinutes,
    otMinutes: sum.otMinutes,
    workedMinutes,
  };
}
