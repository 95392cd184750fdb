import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { DAY_STATUS_CODES } from './common';
import { isoDate, page } from './fields';

// The attendance reports' screens: the register, and shift schedule versus attendance (day-wise and summed).

export const ZAttendanceReportQuery = z.object({
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  from: isoDate,
  to: isoDate,
  ...page,
});
export const ZAttendanceExportQuery = ZAttendanceReportQuery.extend({ format: z.enum(['xlsx', 'pdf']).default('xlsx') });

/** The attendance register: employee × day with status codes and totals. */
export const ZAttendanceRegister = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), weekday: z.number() })),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      departmentName: z.string(),
      codes: z.array(z.string()),
      totals: z.object({
        present: z.number(),
        absent: z.number(),
        leave: z.number(),
        lwop: z.number(),
        holidays: z.number(),
        weeklyOffs: z.number(),
        late: z.number(),
        otHours: z.number(),
        payable: z.number(),
      }),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TAttendanceRegister = z.infer<typeof ZAttendanceRegister>;

/** Shift schedule versus attendance: scheduled shift and actual in / out per day, with the deviations. */
export const ZShiftCompareRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  day: z.string(),
  shiftCode: z.string().nullable(),
  scheduledIn: z.string().nullable(),
  scheduledOut: z.string().nullable(),
  actualIn: z.string().nullable(),
  actualOut: z.string().nullable(),
  status: z.enum(DAY_STATUS_CODES),
  lateMinutes: z.number(),
  earlyMinutes: z.number(),
  otMinutes: z.number(),
  workedMinutes: z.number(),
});
export const ZShiftCompare = z.object({ rows: z.array(ZShiftCompareRow), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZShiftCompareSummaryRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  departmentName: z.string(),
  scheduledDays: z.number(),
  presentDays: z.number(),
  absentDays: z.number(),
  lateDays: z.number(),
  lateMinutes: z.number(),
  earlyDays: z.number(),
  earlyMinutes: z.number(),
  otMinutes: z.number(),
  workedMinutes: z.number(),
});
export const ZShiftCompareSummary = z.object({
  rows: z.array(ZShiftCompareSummaryRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
