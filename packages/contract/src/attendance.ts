import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZIdQuery, ZIdText, ZSearchText } from './ids';
import { zLine, zLines } from './text';

// The attendance API (issue: shifts and attendance). Paths and field names are a contract for the web app,
// the mobile app and integrators: keep them. Dates are 'YYYY-MM-DD'; instants ISO 8601; local times 'HH:MM'
// in the organisation's time zone.

export const DAY_STATUS_CODES = ['P', 'A', 'HD', 'HL', 'L', 'H', 'WO', 'WFH', 'OD'] as const;
export type TDayStatus = (typeof DAY_STATUS_CODES)[number];
/** What a manager may mark by hand (holiday and weekly off come from the calendar and roster). */
export const MARKABLE_STATUSES = ['P', 'A', 'HD', 'L', 'WFH', 'OD'] as const;

export const PUNCH_SOURCES = ['web', 'mobile', 'device', 'manual', 'regularisation'] as const;
export type TPunchSource = (typeof PUNCH_SOURCES)[number];

const isoDate = ZIsoDate('A date (YYYY-MM-DD)');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time (HH:MM)');
const ZYear = z.coerce.number().int().min(2000).max(2100);
const ZMonth = z.coerce.number().int().min(1).max(12);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

// ---- punches ----

/**
 * What a web or phone punch may add so it can be made without a network and sent later (all optional):
 * `clientKey` makes the punch idempotent (a resend with the same key is acknowledged with the punch stored first,
 * `duplicate: true`, and stored once); `punchedAt` (the phone's clock when the punch was made) with `sentAt` (the
 * phone's clock when it is sent) marks it "recorded offline". The server measures the phone's clock against its own
 * at `sentAt`, puts the punch's time right by that error when it exceeds DEVICE_CLOCK_SKEW_MINUTES, and refuses a
 * time ahead of its clock or older than DEVICE_PUNCH_MAX_AGE_DAYS (400); a day of an approved or locked month keeps
 * it as a late punch.
 */
const offlinePunch = {
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'An idempotency key (8 to 64 letters, digits, _ or -)')
    .optional(),
  punchedAt: z.iso.datetime({ offset: true, message: 'A date and time (ISO 8601)' }).optional(),
  sentAt: z.iso.datetime({ offset: true, message: 'A date and time (ISO 8601)' }).optional(),
};

/** The signed-in employee's punch from the web; the server stamps the time. Location when the browser gives it. */
export const ZWebPunch = z
  .object({
    direction: z.enum(['in', 'out']).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    accuracy: z.number().min(0).max(100_000).optional(),
    /** The installed web app's version code (compared with the APK version master's minimum: 426 below it). */
    appVersion: z.number().int().min(0).max(2_000_000_000).optional(),
    ...offlinePunch,
  })
  .default({});

/** `POST /api/attendance/punches/mobile`: the mobile app's punch. */
export const ZMobilePunch = z.object({
  latitude,
  longitude,
  /** Metres. */
  accuracy: z.number().min(0).max(100_000),
  /** The phone's own id (installation id). */
  deviceId: zLine().min(1).max(80),
  /** The app's version code (integer, as in the apkVersion master). */
  appVersion: z.number().int().min(0),
  direction: z.enum(['in', 'out']).optional(),
  ...offlinePunch,
});

export const ZPunch = z.object({
  id: z.number(),
  employeeId: z.number().nullable(),
  employeeCode: z.string().nullable(),
  employeeName: z.string().nullable(),
  punchedAt: z.string(),
  /** Local date and time 'YYYY-MM-DD HH:MM' in the organisation's time zone. */
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  direction: z.enum(['in', 'out']).nullable(),
  deviceSerial: z.string().nullable(),
  devicePin: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  outsideGeofence: z.boolean(),
  remark: z.string().nullable(),
  /** The attendance photo the device took at the punch (GET /api/attendance/punch-photos/{photoId}); null: none. */
  photoId: z.number().nullable(),
  /** Made on a phone without a network and sent when it returned (its time is the phone's, checked by the server). */
  recordedOffline: z.boolean(),
});
export type TPunch = z.infer<typeof ZPunch>;

export const ZPunchesQuery = z.object({
  employeeId: ZIdQuery.optional(),
  from: isoDate,
  to: isoDate,
});

// ---- days ----

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

// ---- rosters ----

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

// ---- devices ----

export const ZDeviceStatus = z.object({
  id: z.number(),
  serialNumber: z.string(),
  name: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  timeZone: z.string(),
  active: z.boolean(),
  lastSeenAt: z.string().nullable(),
  lastStamp: z.string(),
  punchesToday: z.number(),
  unmatchedToday: z.number(),
  /** The other units it serves (biometric device master: "Also serves units"). */
  otherUnitNames: z.array(z.string()),
  /** Neither a communication key nor allowed addresses: anyone who knows the serial number can post punches as it. */
  unprotected: z.boolean(),
  /** Lines refused for their time (acknowledged, not stored): ahead of the server's clock / older than the window. */
  refusedFuture: z.number(),
  refusedOld: z.number(),
  lastRefusedAt: z.string().nullable(),
  /** Its lines kept apart as late punches (their months' salaries are approved or locked), waiting to be applied. */
  latePunches: z.number(),
});
export const ZUnmatchedPin = z.object({
  devicePin: z.string(),
  deviceSerial: z.string(),
  deviceName: z.string(),
  punches: z.number(),
  first: z.string(),
  last: z.string(),
});
export const ZMapPin = z.object({
  devicePin: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/),
  employeeId: z.number().int().positive(),
});
export const ZMapPinResult = z.object({
  mapped: z.number(),
  /** Of those, kept apart as late punches: their days' salary months are approved or locked. */
  late: z.number().optional(),
});

// ---- late punches ----

/** A punch that arrived for a day whose salary month was already approved or locked: kept apart, counted nowhere. */
export const ZLatePunch = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  /** The date it falls on, in the organisation's time zone. */
  day: z.string(),
  punchedAt: z.string(),
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  direction: z.enum(['in', 'out']).nullable(),
  deviceSerial: z.string().nullable(),
  deviceName: z.string().nullable(),
  devicePin: z.string().nullable(),
  remark: z.string().nullable(),
  /** When it reached the server. */
  arrivedAt: z.string(),
});
export type TLatePunch = z.infer<typeof ZLatePunch>;
export const ZLatePunchesQuery = z.object({
  unitId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  year: ZYear.optional(),
  month: ZMonth.optional(),
});
/** Applies the late punches (of a unit / month) whose months are open again; those still frozen stay. */
export const ZApplyLatePunches = z.object({
  unitId: z.number().int().positive().optional(),
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
});
export const ZApplyLatePunchesResult = z.object({ applied: z.number(), stillFrozen: z.number() });

// ---- regularisation ----

export const ZRegularise = z
  .object({
    /** Someone else's (a manager entering for their staff); default: self. */
    employeeId: z.number().int().positive().optional(),
    day: isoDate,
    inTime: clock.nullable().optional(),
    outTime: clock.nullable().optional(),
    /** The out time is on the next morning (a night shift). */
    outNextDay: z.boolean().default(false),
    reason: zLines().min(5, 'Say what happened (at least 5 characters)').max(300),
  })
  .refine((r) => r.inTime || r.outTime, { message: 'Give the in time, the out time or both', path: ['inTime'] });

export const REGULARISATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const ZRegularisation = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  day: z.string(),
  inTime: z.string().nullable(),
  outTime: z.string().nullable(),
  outNextDay: z.boolean(),
  reason: z.string(),
  status: z.enum(REGULARISATION_STATUSES),
  approvalId: z.number().nullable(),
  createdAt: z.string(),
  /** The caller may approve or reject it now. */
  canDecide: z.boolean(),
  history: z.array(
    z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
  ),
});
export const ZRegularisationQuery = z.object({
  /** 'mine': the caller's own; 'toDecide': what the caller may act on; default: everything in reach. */
  scope: z.enum(['mine', 'toDecide', 'all']).default('all'),
  status: z.enum(REGULARISATION_STATUSES).optional(),
  ...page,
});
export const ZRegularisationList = z.object({ rows: z.array(ZRegularisation), total: z.number() });
export const ZDecide = z.object({ action: z.enum(['approve', 'reject', 'cancel']), remark: zLines().max(300).optional() });

// ---- tracking ----

export const ZTrackingQuery = z.object({ date: isoDate, unitId: ZIdQuery.optional(), departmentId: ZIdQuery.optional() });
export const ZTrackingRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitName: z.string(),
  departmentName: z.string(),
  at: z.string(),
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  outsideGeofence: z.boolean(),
  deviceName: z.string().nullable(),
});
export const ZTracking = z.object({
  date: z.string(),
  /** Map tiles URL template ({z}/{x}/{y}); empty: list only. */
  tileUrl: z.string(),
  rows: z.array(ZTrackingRow),
});

// ---- reports ----

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

export const ZAttendanceIdParams = z.object({ id: ZIdText });

// ---- roster import (an Excel sheet of a month's roster) ----

/** The unit and month of a roster template or upload. */
export const ZRosterImportQuery = z.object({ unitId: ZIdText, year: ZYear, month: ZMonth });
/** An uploaded roster: how many employees' months were set, and how many past days were worked out again. */
export const ZRosterImportResult = z.object({ count: z.number(), recomputedDays: z.number() });
export type TRosterImportResult = z.infer<typeof ZRosterImportResult>;
