import { z } from 'zod';

/**
 * A unit's staff figures on the dashboard. "This month" is the calendar month of today in the
 * organisation's time zone. Only for callers who may see the unit's staff (not self-service users).
 */
export const ZUnitFigures = z.object({
  /** Employees with status 'active'. */
  active: z.number().int(),
  /** Employees with status 'onNotice'. */
  onNotice: z.number().int(),
  /** Employees (any status) whose date of joining falls in this month. */
  joinedThisMonth: z.number().int(),
  /** Exited employees whose exit date falls in this month. */
  exitedThisMonth: z.number().int(),
  /** Active employees lacking at least one document type the unit maps as mandatory. */
  missingDocuments: z.number().int(),
});
export type TUnitFigures = z.infer<typeof ZUnitFigures>;

export const ZDashboardUnit = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
  /** null when the caller may not see the unit's staff (self-service employees). */
  figures: ZUnitFigures.nullable(),
});
export type TDashboardUnit = z.infer<typeof ZDashboardUnit>;

export const ZDashboardSummary = z.object({
  /** 'YYYY-MM-DD' in the organisation's time zone. */
  today: z.string(),
  timeZone: z.string(),
  /** 'YYYY-MM': the month the figures count. */
  month: z.string(),
  units: z.array(ZDashboardUnit),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

// ---------------------------------------------------------------------------------------------------------
// The admin dashboard (/outlet/admin-dashboard): one endpoint per widget under /api/dashboard/admin/*, each
// scoped to the caller's units (a manager sees only mapped units) and answering on its own, so one failing or
// empty source shows its own error and never takes the page down. Money travels as rupees with two decimals.
// ---------------------------------------------------------------------------------------------------------

/** The filter every admin widget takes: one of the caller's units (default: all of them) and a month (default: this month). */
export const ZDashboardFilter = z.object({
  unitId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Too large')
    .optional(),
  month: z
    .string()
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Must be a month written YYYY-MM')
    .optional(),
});
export type TDashboardFilter = z.input<typeof ZDashboardFilter>;

const ZCountBy = z.object({ id: z.number(), name: z.string(), count: z.number().int() });

/** Headcount on `asOf` (the month's last day, or today for the current month): joined on or before it, not exited before it. */
export const ZHeadcountWidget = z.object({
  asOf: z.string(),
  total: z.number().int(),
  byUnit: z.array(ZCountBy),
  byDepartment: z.array(ZCountBy),
});
export type THeadcountWidget = z.infer<typeof ZHeadcountWidget>;

/** Joiners (date of joining) and leavers (exit date) by month: the 12 months ending with the filter's month, oldest first. */
export const ZMovementWidget = z.object({
  months: z.array(z.object({ month: z.string(), joined: z.number().int(), left: z.number().int() })),
});
export type TMovementWidget = z.infer<typeof ZMovementWidget>;

/**
 * Today's attendance, read from the stored daily rows (the attendance calculator keeps them as punches and
 * requests arrive). present: a punch in or a present status; late: of those present, in after the grace;
 * onLeave; wfh: work from home or on duty; absent: marked absent (today: by hand); off: holiday or weekly off;
 * notYetIn: nothing recorded yet (no punch, leave, WFH, holiday or weekly off).
 */
export const ATTENDANCE_BUCKETS = ['present', 'late', 'onLeave', 'wfh', 'absent', 'off', 'notYetIn'] as const;
export type TAttendanceBucket = (typeof ATTENDANCE_BUCKETS)[number];
export const ATTENDANCE_BUCKET_LABELS: Record<TAttendanceBucket, string> = {
  present: 'Present',
  late: 'Late',
  onLeave: 'On leave',
  wfh: 'WFH / on duty',
  absent: 'Absent',
  off: 'Holiday / weekly off',
  notYetIn: 'Not yet in',
};
export const ZAttendanceWidget = z.object({
  date: z.string(),
  employees: z.number().int(),
  counts: z.object({
    present: z.number().int(),
    late: z.number().int(),
    onLeave: z.number().int(),
    wfh: z.number().int(),
    absent: z.number().int(),
    off: z.number().int(),
    notYetIn: z.number().int(),
  }),
});
export type TAttendanceWidget = z.infer<typeof ZAttendanceWidget>;

export const ZAttendanceListQuery = ZDashboardFilter.extend({
  bucket: z.enum(ATTENDANCE_BUCKETS),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export const ZAttendanceList = z.object({
  date: z.string(),
  bucket: z.enum(ATTENDANCE_BUCKETS),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      unitName: z.string(),
      departmentName: z.string(),
      /** The stored day's status code (P, A, L, WFH…), null when nothing is recorded yet. */
      status: z.string().nullable(),
      /** ISO instant of the first punch in, when there is one. */
      firstIn: z.string().nullable(),
      lateMinutes: z.number().int(),
    }),
  ),
});
export type TAttendanceList = z.infer<typeof ZAttendanceList>;

/** Pending approvals by kind (leave, WFH, visitor, attendance correction, profile change, advance, salary run, bonus). */
export const ZPendingRequestsWidget = z.object({
  total: z.number().int(),
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number().int() })),
});
export type TPendingRequestsWidget = z.infer<typeof ZPendingRequestsWidget>;

/**
 * Salary cost of the last 12 processed months (runs processed, approved or locked) up to the filter's month,
 * oldest first. employerContributions: the employer's EPS, EPF, EDLI, ESI and LWF shares summed from the slips'
 * statutory figures; null for a month whose slips carry none (processed before the statutory heads); never an estimate.
 */
export const ZPayrollCostWidget = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      employees: z.number().int(),
      gross: z.number(),
      deductions: z.number(),
      net: z.number(),
      employerContributions: z.number().nullable(),
    }),
  ),
});
export type TPayrollCostWidget = z.infer<typeof ZPayrollCostWidget>;

/** Active employees lacking mandatory documents (the count the database keeps per employee), by unit. */
export const ZDocumentsWidget = z.object({
  employees: z.number().int(),
  documents: z.number().int(),
  byUnit: z.array(z.object({ id: z.number(), name: z.string(), employees: z.number().int(), documents: z.number().int() })),
});
export type TDocumentsWidget = z.infer<typeof ZDocumentsWidget>;

/** Birthdays and work anniversaries in the next 30 days (from today), soonest first, at most 50. */
export const ZOccasionsWidget = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      unitName: z.string(),
      kind: z.enum(['birthday', 'anniversary']),
      /** The day it falls on (YYYY-MM-DD). */
      date: z.string(),
      /** Age reached, or years of service completed. */
      years: z.number().int(),
    }),
  ),
});
export type TOccasionsWidget = z.infer<typeof ZOccasionsWidget>;

/** Salary advances paid out and not yet recovered in full (amount less recovered instalments), by unit. */
export const ZAdvancesWidget = z.object({
  count: z.number().int(),
  outstanding: z.number(),
  byUnit: z.array(z.object({ id: z.number(), name: z.string(), count: z.number().int(), outstanding: z.number() })),
});
export type TAdvancesWidget = z.infer<typeof ZAdvancesWidget>;

// ---------------------------------------------------------------------------------------------------------
// The staff dashboard (/outlet/dashboard): the caller's own figures under /api/dashboard/me/*.
// ---------------------------------------------------------------------------------------------------------

export const ZMyToday = z.object({
  date: z.string(),
  shift: z.object({ id: z.number(), code: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  weeklyOff: z.boolean(),
  holiday: z.string().nullable(),
  /** The stored day's status code, null when nothing is recorded yet today. */
  status: z.string().nullable(),
  lateMinutes: z.number().int(),
  punches: z.array(z.object({ at: z.string(), source: z.string(), direction: z.string().nullable() })),
});
export type TMyToday = z.infer<typeof ZMyToday>;

/** This month's days so far (to today), counted from the stored daily rows. */
export const ZMyMonth = z.object({
  month: z.string(),
  recordedDays: z.number().int(),
  present: z.number(),
  absent: z.number().int(),
  leave: z.number(),
  wfh: z.number().int(),
  holidays: z.number().int(),
  weeklyOffs: z.number().int(),
  lateDays: z.number().int(),
  payable: z.number(),
});
export type TMyMonth = z.infer<typeof ZMyMonth>;

export const ZMyPendingRequests = z.object({
  rows: z.array(
    z.object({
      approvalId: z.number(),
      kind: z.string(),
      label: z.string(),
      fromDate: z.string().nullable(),
      toDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TMyPendingRequests = z.infer<typeof ZMyPendingRequests>;

/** The latest approved or locked payslip (download it through /api/payroll/payslips/me?year=&month=); null when none. */
export const ZMyPayslip = z.object({
  slip: z
    .object({ year: z.number().int(), month: z.number().int(), gross: z.number(), deductions: z.number(), net: z.number() })
    .nullable(),
});
export type TMyPayslip = z.infer<typeof ZMyPayslip>;

/** National holidays of the caller's unit from today, the next 90 days, at most 10. */
export const ZMyHolidays = z.object({
  rows: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type TMyHolidays = z.infer<typeof ZMyHolidays>;
