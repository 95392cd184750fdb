import { z } from 'zod';
import { ZIdQuery, ZIdText, ZSearchText } from '../ids';
import { isoDate, page, ZMonth, ZYear } from './fields';

// Rosters: shifts assigned to employees (fixed, weekly or rotating), a month's roster, a shift's staff on a day,
// and a month's roster imported from an Excel sheet.

export const ASSIGNMENT_KINDS = ['fixed', 'weekly', 'rotation'] as const;

export const ZAssignShifts = z.object({
  /** Who: a list of employees, or everyone of a unit (optionally one department). */
  employeeIds: z.array(z.number().int().positive()).max(20_000).optional(),
  unitId: z.number().int().positive().optional(),
  departmentId: z.number().int().positive().optional(),
  fromDate: isoDate,
  toDate: isoDate.nullable().optional(),
  kind: z.enum(ASSIGNMENT_KINDS),
  /** fixed: [shiftId]; weekly: 7 entries Sunday…Saturday; rotation: N days; null = day off. */
  pattern: z.array(z.number().int().positive().nullable()).min(1).max(62),
});
export const ZAssignResult = z.object({ count: z.number(), recomputedDays: z.number() });

export const ZAssignment = z.object({
  id: z.number(),
  employeeId: z.number(),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  kind: z.enum(ASSIGNMENT_KINDS),
  pattern: z.array(z.number().nullable()),
  /** Shift codes of the pattern ('OFF' for a day off). */
  patternCodes: z.array(z.string()),
  createdAt: z.string(),
});

export const ZRosterQuery = z.object({
  year: ZYear,
  month: ZMonth,
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  shiftId: ZIdQuery.optional(),
  search: ZSearchText.optional(),
  ...page,
});
/** A roster cell: the shift's code, 'WO' for a weekly off, with the holiday's name when one falls on it. */
export const ZRosterCell = z.object({
  shiftId: z.number().nullable(),
  code: z.string(),
  weeklyOff: z.boolean(),
  holiday: z.string().nullable(),
});
export const ZRoster = z.object({
  year: z.number(),
  month: z.number(),
  days: z.array(z.object({ date: z.string(), weekday: z.number(), holiday: z.string().nullable() })),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      departmentName: z.string(),
      cells: z.array(ZRosterCell),
    }),
  ),
  shifts: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() })),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TRoster = z.infer<typeof ZRoster>;

export const ZShiftDetails = z.object({
  shift: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    graceMinutes: z.number(),
    earlyGraceMinutes: z.number(),
    halfDayMinHours: z.string(),
    fullDayMinHours: z.string(),
    breakMinutes: z.number(),
    overtimeAfterMinutes: z.number().nullable(),
    isNightShift: z.boolean(),
  }),
  /** Who is on it on `date` (roster or default shift). */
  date: z.string(),
  employees: z.array(
    z.object({ employeeId: z.number(), employeeCode: z.string(), name: z.string(), unitName: z.string(), viaRoster: z.boolean() }),
  ),
  total: z.number(),
});
export const ZShiftDetailsQuery = z.object({ date: isoDate.optional(), unitId: ZIdQuery.optional(), ...page });

/** The unit and month of a roster template or upload. */
export const ZRosterImportQuery = z.object({ unitId: ZIdText, year: ZYear, month: ZMonth });
/** An uploaded roster: how many employees' months were set, and how many past days were worked out again. */
export const ZRosterImportResult = z.object({ count: z.number(), recomputedDays: z.number() });
export type TRosterImportResult = z.infer<typeof ZRosterImportResult>;
