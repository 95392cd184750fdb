import { z } from 'zod';
import { ZIdQuery, ZSearchText } from '../ids';
import { zLines } from '../text';
import { DAY_STATUS_CODES, MARKABLE_STATUSES } from './common';
import { isoDate, page, ZMonth, ZYear } from './fields';
import { ZPunch } from './punches';

// Days as worked out: an employee's day and month, a punch's result, a manager's day view and manual marking.

export const ZAttendanceDay = z.object({
  day: z.string(),
  status: z.enum(DAY_STATUS_CODES),
  shiftId: z.number().nullable(),
  shiftCode: z.string().nullable(),
  /** Local 'HH:MM' (a next-morning out shows its clock time). */
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  workedMinutes: z.number(),
  lateMinutes: z.number(),
  earlyMinutes: z.number(),
  otMinutes: z.number(),
  present: z.number(),
  leave: z.number(),
  lwop: z.number(),
  payable: z.number(),
  missedPunch: z.boolean(),
  isManual: z.boolean(),
  /** In a month whose salary is approved or locked: frozen. */
  frozen: z.boolean(),
});
export type TAttendanceDay = z.infer<typeof ZAttendanceDay>;

export const ZPeriodSummary = z.object({
  monthDays: z.number(),
  payableDays: z.number(),
  presentDays: z.number(),
  lwopDays: z.number(),
  leaveDays: z.number(),
  absentDays: z.number(),
  holidays: z.number(),
  weeklyOffs: z.number(),
  lateCount: z.number(),
  earlyCount: z.number(),
  otHours: z.number(),
});
export type TPeriodSummary = z.infer<typeof ZPeriodSummary>;

export const ZEmployeeMonthQuery = z.object({ employeeId: ZIdQuery.optional(), year: ZYear, month: ZMonth });

/** One employee's month: `employeeAttendace`, `me/attendance/logs`. */
export const ZEmployeeMonth = z.object({
  employee: z.object({ id: z.number(), code: z.string(), name: z.string(), unitName: z.string() }),
  year: z.number(),
  month: z.number(),
  days: z.array(ZAttendanceDay),
  summary: ZPeriodSummary,
  punches: z.array(ZPunch),
});
export type TEmployeeMonth = z.infer<typeof ZEmployeeMonth>;

/**
 * The punch stored and today as worked out. `late`: the day's salary month is already approved or locked, so the punch
 * is kept apart as a late punch (`punch.id` is the late punch's) and counts once the payroll office reopens the month.
 */
export const ZPunchResult = z.object({
  punch: ZPunch,
  day: ZAttendanceDay.nullable(),
  late: z.boolean(),
  /** A resend of a punch already stored (same `clientKey`): nothing new was stored (answered 200, not 201). */
  duplicate: z.boolean(),
});

/** A manager's day view (`attandance`) and on / off duty (`employeeoffonDuty`). */
export const ZDayViewQuery = z.object({
  date: isoDate,
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  status: z.enum([...DAY_STATUS_CODES, 'late', 'in', 'notIn']).optional(),
  search: ZSearchText.optional(),
  ...page,
});
export const ZDayViewRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitName: z.string(),
  departmentName: z.string(),
  day: ZAttendanceDay.nullable(),
  /** At work now: the day's punches are odd in number (in without out). */
  onDuty: z.boolean(),
  punchCount: z.number(),
});
export const ZDayView = z.object({
  date: z.string(),
  counts: z.object({
    employees: z.number(),
    present: z.number(),
    absent: z.number(),
    halfDay: z.number(),
    late: z.number(),
    onLeave: z.number(),
    holiday: z.number(),
    weeklyOff: z.number(),
    wfh: z.number(),
    onDuty: z.number(),
    onDutyNow: z.number(),
  }),
  rows: z.array(ZDayViewRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDayView = z.infer<typeof ZDayView>;

/** Manual marking by a manager (audited); `status: null` removes the marking and the day is worked out again. */
export const ZMarkDay = z.object({
  employeeId: z.number().int().positive(),
  day: isoDate,
  status: z.enum(MARKABLE_STATUSES).nullable(),
  remark: zLines().min(3, 'Say why the day is marked by hand').max(300),
});
