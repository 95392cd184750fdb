import { z } from 'zod';
import { ZIdText } from '../ids';
import { zLine } from '../text';
import { ZMonth, ZYear } from './fields';

// Manual monthly attendance: the figures many offices keep outside the system, entered for a unit's month.

export const ZMonthAttendanceQuery = z.object({ unitId: ZIdText, year: ZYear, month: ZMonth });
const ZDays = z.number().min(0, 'Must not be negative').max(31, 'At most 31 days').multipleOf(0.5, 'Whole or half days');
export const ZMonthAttendanceRow = z.object({
  employeeCode: zLine().min(1).max(30),
  payableDays: ZDays,
  presentDays: ZDays,
  lwopDays: ZDays.default(0),
  otHours: z.number().min(0).max(400).multipleOf(0.25, 'Quarter hours').default(0),
});
export const ZSaveMonthAttendance = z.object({
  unitId: z.number().int().positive(),
  year: ZYear,
  month: ZMonth,
  rows: z.array(ZMonthAttendanceRow).min(1).max(100_000),
});
export const ZMonthAttendance = z.object({
  monthDays: z.number(),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      /** 'manual' when a monthly entry gives the figures, else 'calendar' (every employed day paid). */
      /** manual: the monthly entry; attendance: daily attendance (a unit that pays by attendance); calendar: every employed day. */
      source: z.enum(['manual', 'attendance', 'calendar']),
      payableDays: z.number(),
      presentDays: z.number(),
      lwopDays: z.number(),
      otHours: z.number(),
      holidays: z.number(),
      weeklyOffs: z.number(),
    }),
  ),
});
export const ZMonthAttendanceSaved = z.object({ saved: z.number() });
