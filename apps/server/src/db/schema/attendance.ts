import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, bigIdColumn, idColumn } from './common';
import { units } from './core';
import { employees } from './employees';

/**
 * Biometric terminals (ZKTeco / eSSL ADMS push protocol): the third kind of caller besides users and the
 * public. A device is identified by its serial number and, where it sends one, a communication key.
 */
export const biometricDevices = pgTable(
  'biometric_devices',
  {
    id: idColumn(),
    serialNumber: varchar('serial_number', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** IANA time zone of the device's clock: its punch times are read in it. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Kolkata'),
    /** sha-256 hex of the communication key, when the device must send one. */
    keyHash: text('key_hash'),
    /** Addresses and ranges (CIDR, comma separated) the device may call from; null: any address. */
    allowedCidrs: varchar('allowed_cidrs', { length: 500 }),
    /**
     * ATTLOG lines acknowledged but not stored because their time is impossible: ahead of the server's clock by more
     * than DEVICE_CLOCK_SKEW_MINUTES, or older than DEVICE_PUNCH_MAX_AGE_DAYS. Counted for the devices screen.
     */
    refusedFuture: integer('refused_future').notNull().default(0),
    refusedOld: integer('refused_old').notNull().default(0),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
    /** Kept by the server: the device's last call, and the stamps it has sent up to (the protocol's ATTLOGStamp, OPERLOGStamp). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastAttlogStamp: varchar('last_attlog_stamp', { length: 40 }).notNull().default('0'),
    lastOperlogStamp: varchar('last_operlog_stamp', { length: 40 }).notNull().default('0'),
    /** The protocol's ATTPHOTOStamp: the attendance photos the device has sent up to. */
    lastAttphotoStamp: varchar('last_attphoto_stamp', { length: 40 }).notNull().default('0'),
    /** Attendance photos the device sends: kept with their punch (true) or acknowledged and dropped (false). */
    keepPhotos: boolean('keep_photos').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('biometric_devices_serial_uq').on(t.serialNumber), index('biometric_devices_unit_idx').on(t.unitId)],
);

/**
 * Units a device serves besides its own (`biometric_devices.unit_id`): a terminal at a shared gate. A device's line
 * for an employee of a unit it does not serve is kept unmatched, never stored against them.
 */
export const biometricDeviceUnits = pgTable(
  'biometric_device_units',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => biometricDevices.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.unitId] }), index('biometric_device_units_unit_idx').on(t.unitId)],
);

/**
 * Shift assignments by date range: one shift ('fixed': pattern [shiftId]), a weekly pattern (7 entries,
 * Sunday first) or a rotation over N days from `fromDate`; a null entry is a day off. The latest (highest id)
 * covering a day wins; where none does, the employee's default shift and weekly offs apply.
 */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
    kind: varchar('kind', { length: 10 }).notNull(),
    pattern: integer('pattern').array().notNull(),
    ...auditColumns,
  },
  (t) => [index('shift_assignments_employee_idx').on(t.employeeId, t.fromDate)],
);

/**
 * Punches, append-only: every source (web, mobile, device, manual, regularisation) with its original time
 * and place. A device line whose PIN matches nobody is kept with employee_id null until an administrator maps
 * the PIN. The same device line sent twice is stored once (unique on device, PIN and time).
 */
export const punches = pgTable(
  'punches',
  {
    id: bigIdColumn(),
    employeeId: integer('employee_id').references(() => employees.id),
    punchedAt: timestamp('punched_at', { withTimezone: true }).notNull(),
    /** 'web' | 'mobile' | 'device' | 'manual' | 'regularisation' */
    source: varchar('source', { length: 16 }).notNull(),
    /** 'in' | 'out' when the source says so. */
    direction: varchar('direction', { length: 3 }),
    deviceId: integer('device_id').references(() => biometricDevices.id),
    /** The PIN the device sent (device punches). */
    devicePin: varchar('device_pin', { length: 20 }),
    /** The device's own reading: its local time as sent, status, verify mode, work code. */
    deviceLocalTime: varchar('device_local_time', { length: 19 }),
    deviceStatus: smallint('device_status'),
    verifyMode: smallint('verify_mode'),
    workCode: varchar('work_code', { length: 20 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    accuracyM: integer('accuracy_m'),
    /** Outside the unit's geofence when it has one (stored, flagged, never lost). */
    outsideGeofence: boolean('outside_geofence').notNull().default(false),
    /** Phone punches: the device id and app version the app sent. */
    clientDevice: varchar('client_device', { length: 80 }),
    appVersion: integer('app_version'),
    remark: varchar('remark', { length: 300 }),
    /** Web and phone punches: the idempotency key the app made for the punch (a resend with it is stored once). */
    clientKey: varchar('client_key', { length: 64 }),
    /** Made on the phone without a network and sent later (`clientTime` is the phone's clock at the punch). */
    recordedOffline: boolean('recorded_offline').notNull().default(false),
    clientTime: timestamp('client_time', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('punches_employee_time_idx').on(t.employeeId, t.punchedAt),
    uniqueIndex('punches_device_line_uq').on(t.deviceId, t.devicePin, t.punchedAt),
    uniqueIndex('punches_client_key_uq').on(t.employeeId, t.clientKey).where(sql`${t.clientKey} is not null`),
    index('punches_unmatched_idx').on(t.devicePin).where(sql`${t.employeeId} is null`),
  ],
);

/**
 * Attendance photos a terminal takes at a punch (ATTPHOTO): the JPEG in the file storage, named by the device with its
 * local time and the PIN. A photo belongs to the punch of the same device, PIN and time (either may arrive first); one
 * of a stranger has no PIN. The same photo sent twice is stored once (unique on device and file name).
 */
export const punchPhotos = pgTable(
  'punch_photos',
  {
    id: bigIdColumn(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => biometricDevices.id),
    devicePin: varchar('device_pin', { length: 20 }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    deviceLocalTime: varchar('device_local_time', { length: 19 }).notNull(),
    fileName: varchar('file_name', { length: 80 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('punch_photos_device_file_uq').on(t.deviceId, t.fileName),
    index('punch_photos_punch_idx').on(t.deviceId, t.devicePin, t.takenAt),
  ],
);

/**
 * Late punches: punches (any source) that arrived for a day whose salary month is approved or locked for the employee
 * (`frozenEmployeeDays`, modules/attendance/service.ts). They are kept apart, counted nowhere (not in the day's punches,
 * not in attendance), listed for the payroll office, and moved into `punches` (their days worked out again) when the
 * month is reopened. `createdAt` is when they arrived; `day` the org-zone date they fall on.
 */
export const latePunches = pgTable(
  'late_punches',
  {
    id: bigIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    day: date('day').notNull(),
    punchedAt: timestamp('punched_at', { withTimezone: true }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    direction: varchar('direction', { length: 3 }),
    deviceId: integer('device_id').references(() => biometricDevices.id),
    devicePin: varchar('device_pin', { length: 20 }),
    deviceLocalTime: varchar('device_local_time', { length: 19 }),
    deviceStatus: smallint('device_status'),
    verifyMode: smallint('verify_mode'),
    workCode: varchar('work_code', { length: 20 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    accuracyM: integer('accuracy_m'),
    outsideGeofence: boolean('outside_geofence').notNull().default(false),
    clientDevice: varchar('client_device', { length: 80 }),
    appVersion: integer('app_version'),
    remark: varchar('remark', { length: 300 }),
    clientKey: varchar('client_key', { length: 64 }),
    recordedOffline: boolean('recorded_offline').notNull().default(false),
    clientTime: timestamp('client_time', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A device's resend of a late line is kept once; a phone's resend of a punch too.
    uniqueIndex('late_punches_device_line_uq').on(t.deviceId, t.devicePin, t.punchedAt),
    uniqueIndex('late_punches_client_key_uq').on(t.employeeId, t.clientKey).where(sql`${t.clientKey} is not null`),
    index('late_punches_day_idx').on(t.day, t.employeeId),
    index('late_punches_employee_idx').on(t.employeeId, t.punchedAt),
  ],
);

/**
 * Daily attendance: one row per employee and day worked out by the rules (packages/attendance) from punches,
 * roster, holidays and approved requests; recomputed for the days an input touched. A manual marking
 * (`isManual`) is kept over recomputation. Fractions are 0, 0.5 or 1.
 */
export const dailyAttendance = pgTable(
  'daily_attendance',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    day: date('day').notNull(),
    unitId: integer('unit_id').notNull(),
    shiftId: integer('shift_id'),
    status: varchar('status', { length: 4 }).notNull(),
    firstIn: timestamp('first_in', { withTimezone: true }),
    lastOut: timestamp('last_out', { withTimezone: true }),
    workedMinutes: integer('worked_minutes').notNull().default(0),
    lateMinutes: integer('late_minutes').notNull().default(0),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    otMinutes: integer('ot_minutes').notNull().default(0),
    present: numeric('present', { precision: 2, scale: 1 }).notNull().default('0'),
    leave: numeric('leave', { precision: 2, scale: 1 }).notNull().default('0'),
    lwop: numeric('lwop', { precision: 2, scale: 1 }).notNull().default('0'),
    payable: numeric('payable', { precision: 2, scale: 1 }).notNull().default('0'),
    missedPunch: boolean('missed_punch').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    remark: varchar('remark', { length: 300 }),
    updatedBy: integer('updated_by'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.day] }),
    index('daily_attendance_unit_day_idx').on(t.unitId, t.day),
    // A day's rows without the wide row (the admin dashboard's attendance widget, index-only).
    index('daily_attendance_day_idx').on(t.day, t.unitId, t.employeeId, t.status, t.isManual, t.lateMinutes, t.firstIn),
  ],
);

/** A correction of a day's punches (missed punch, wrong time) for a manager to approve; the original punches stay. */
export const regularisations = pgTable(
  'regularisations',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    day: date('day').notNull(),
    /** Local times 'HH:MM' (the out time may be the next morning: `outNextDay`). */
    inTime: varchar('in_time', { length: 5 }),
    outTime: varchar('out_time', { length: 5 }),
    outNextDay: boolean('out_next_day').notNull().default(false),
    reason: varchar('reason', { length: 300 }).notNull(),
    /** 'pending' | 'approved' | 'rejected' | 'cancelled' */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    ...auditColumns,
  },
  (t) => [index('regularisations_employee_idx').on(t.employeeId, t.day), index('regularisations_status_idx').on(t.status)],
);

/** Commands queued for a device (`C:{id}:{command}` on its next getrequest) and what it answered (devicecmd). */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: idColumn(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => biometricDevices.id),
    command: varchar('command', { length: 500 }).notNull(),
    /** 'queued' | 'sent' | 'done' | 'failed' */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    returnCode: integer('return_code'),
    result: text('result'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.status)],
);
