import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { states } from './masters';

/** The one organisation this installation serves. */
export const organisation = pgTable('organisation', {
  id: idColumn(),
  name: varchar('name', { length: 200 }).notNull(),
  address: text('address').notNull().default(''),
  city: varchar('city', { length: 100 }).notNull().default(''),
  logo: text('logo'), // data URL or file key
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Kolkata'),
  /** 'standard' (the payslip as specified) | 'wageSlip' (the wage slip of the Code on Wages (Central) Rules). */
  payslipLayout: varchar('payslip_layout', { length: 20 }).notNull().default('standard'),
  ...auditColumns,
});

export const units = pgTable(
  'units',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    address: text('address').notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    stateName: varchar('state_name', { length: 100 }).notNull().default(''),
    /** The state whose professional tax and labour welfare fund apply (statutory parameters by state code). */
    stateId: integer('state_id').references((): AnyPgColumn => states.id),
    pfRegistrationNo: varchar('pf_registration_no', { length: 50 }),
    esiRegistrationNo: varchar('esi_registration_no', { length: 50 }),
    ptRegistrationNo: varchar('pt_registration_no', { length: 50 }),
    /** The deductor's tax deduction account number (TAN, AAAA99999A) and PAN, printed on Form 16 (section 203). */
    tan: varchar('tan', { length: 10 }),
    deductorPan: varchar('deductor_pan', { length: 10 }),
    logo: text('logo'),
    /** Pay by daily attendance (punches); off: every employed day is paid unless entered by hand. */
    trackAttendance: boolean('track_attendance').notNull().default(false),
    /**
     * The attendance cut-off day of the month (1–28), or none: days after it are paid as the calendar has them when the
     * month is processed, and what they really were reaches the next month as a loss-of-pay adjustment.
     */
    attendanceCutoffDay: smallint('attendance_cutoff_day'),
    /** The unit's notice period in days (a designation's own comes first; neither: 30 days). */
    noticeDays: smallint('notice_days'),
    /** Geofence for phone punches: centre and radius; a punch outside is stored flagged. */
    geoLatitude: numeric('geo_latitude', { precision: 9, scale: 6 }),
    geoLongitude: numeric('geo_longitude', { precision: 9, scale: 6 }),
    geoRadiusM: integer('geo_radius_m'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('units_code_uq').on(t.code), uniqueIndex('units_name_uq').on(t.name), index('units_state_idx').on(t.stateId)],
);

export const departments = pgTable(
  'departments',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('departments_code_uq').on(t.code), uniqueIndex('departments_name_uq').on(t.name)],
);

export const designations = pgTable(
  'designations',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    /** The notice period in days of employees of this designation (empty: the unit's). */
    noticeDays: smallint('notice_days'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('designations_code_uq').on(t.code), uniqueIndex('designations_name_uq').on(t.name)],
);

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    name: varchar('name', { length: 80 }).notNull(),
    /** Administrator sees every unit; others only their mapped units. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Employee-like roles reach only their own records. */
    isSelfService: boolean('is_self_service').notNull().default(false),
    description: text('description').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name)],
);

/** A menu area (Requests, Master, Transactions, Reports, Me …). */
export const modules = pgTable(
  'modules',
  {
    id: idColumn(),
    name: varchar('name', { length: 80 }).notNull(),
    icon: varchar('icon', { length: 60 }).notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('modules_name_uq').on(t.name)],
);

export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
    parentId: integer('parent_id'),
    label: varchar('label', { length: 120 }).notNull(),
    /** Full path of the screen, e.g. /outlet/master/shift. The API's access checks name menus by it. */
    actionUrl: varchar('action_url', { length: 200 }).notNull(),
    icon: varchar('icon', { length: 60 }).notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('menus_action_url_uq').on(t.actionUrl),
    index('menus_module_idx').on(t.moduleId),
    index('menus_parent_idx').on(t.parentId),
  ],
);

export const roleMenuAccess = pgTable(
  'role_menu_access',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    canView: boolean('can_view').notNull().default(false),
    canAdd: boolean('can_add').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    canApprove: boolean('can_approve').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('rma_menu_idx').on(t.menuId)],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    userName: varchar('user_name', { length: 80 }).notNull(),
    email: varchar('email', { length: 200 }),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** The employee this account belongs to (set by the employees module). */
    employeeId: integer('employee_id'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    // Sign-in matches user name and e-mail case-insensitively; these also keep them unique that way.
    uniqueIndex('users_user_name_lower_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_employee_idx').on(t.employeeId),
  ],
);

/** User-wise unit mapping: which units a (non-admin) user may reach. */
export const userUnitMap = pgTable(
  'user_unit_map',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('user_unit_map_uq').on(t.userId, t.unitId), index('user_unit_map_unit_idx').on(t.unitId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha-256 hex of the bearer token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-in attempts, for rate limiting per account and per address across processes. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    userKey: varchar('user_key', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sia_user_idx').on(t.userKey, t.at), index('sia_ip_idx').on(t.ip, t.at)],
);

/** Financial years run April to March. */
export const financialYears = pgTable(
  'financial_years',
  {
    id: idColumn(),
    name: varchar('name', { length: 20 }).notNull(), // e.g. 2026-27
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('financial_years_name_uq').on(t.name)],
);

/** Every change to a record: who, when, before, after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    entity: varchar('entity', { length: 80 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }).notNull(),
    action: varchar('action', { length: 20 }).notNull(), // create | update | delete
    before: jsonb('before'),
    after: jsonb('after'),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: varchar('request_id', { length: 64 }),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_user_idx').on(t.userId, t.at),
    index('audit_at_idx').on(t.at, t.id),
    // The audit-trail screen's filters, newest first, and its filters' distinct choices.
    index('audit_entity_at_idx').on(t.entity, t.at, t.id),
    index('audit_action_at_idx').on(t.action, t.at, t.id),
  ],
);
