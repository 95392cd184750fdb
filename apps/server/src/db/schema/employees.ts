import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { departments, designations, units, users } from './core';
import {
  academicDomains,
  academicStatuses,
  areas,
  categories,
  cities,
  countries,
  divisions,
  educationModes,
  employeeDocTypes,
  fellowshipStatuses,
  jobNatures,
  maritalStatuses,
  mobileCodes,
  patentStatuses,
  positions,
  regions,
  responsibilities,
  shifts,
  states,
  writtens,
} from './masters';

/** Small pending lists: PGlite has no autovacuum, so searches never scan a long list of fresh entries. */
const GIN_OPTS = { gin_pending_list_limit: 256 };

/**
 * The employee record: what attendance, requests and payroll read. Aadhaar is never stored in full,
 * only its last four digits. An employee is never deleted once anything uses it (see
 * modules/employees/usage.ts); exiting sets status 'exited' and keeps every record.
 */
export const employees = pgTable(
  'employees',
  {
    id: idColumn(),
    employeeCode: varchar('employee_code', { length: 30 }).notNull(),
    // personal
    name: varchar('name', { length: 150 }).notNull(),
    fatherName: varchar('father_name', { length: 150 }),
    gender: varchar('gender', { length: 10 }).notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    maritalStatusId: integer('marital_status_id').references(() => maritalStatuses.id),
    bloodGroup: varchar('blood_group', { length: 4 }),
    mobileCodeId: integer('mobile_code_id').references(() => mobileCodes.id),
    mobile: varchar('mobile', { length: 15 }).notNull(),
    alternateMobile: varchar('alternate_mobile', { length: 15 }),
    email: varchar('email', { length: 200 }),
    presentAddress: text('present_address'),
    presentCountryId: integer('present_country_id').references(() => countries.id),
    presentStateId: integer('present_state_id').references(() => states.id),
    presentCityId: integer('present_city_id').references(() => cities.id),
    presentAreaId: integer('present_area_id').references(() => areas.id),
    presentPincode: varchar('present_pincode', { length: 6 }),
    permanentAddress: text('permanent_address'),
    permanentCountryId: integer('permanent_country_id').references(() => countries.id),
    permanentStateId: integer('permanent_state_id').references(() => states.id),
    permanentCityId: integer('permanent_city_id').references(() => cities.id),
    permanentAreaId: integer('permanent_area_id').references(() => areas.id),
    permanentPincode: varchar('permanent_pincode', { length: 6 }),
    emergencyContactName: varchar('emergency_contact_name', { length: 150 }),
    emergencyContactRelation: varchar('emergency_contact_relation', { length: 60 }),
    emergencyContactMobile: varchar('emergency_contact_mobile', { length: 15 }),
    /** Storage key of the photo (lib/storage); null when none. */
    photoKey: varchar('photo_key', { length: 200 }),
    // job
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    designationId: integer('designation_id')
      .notNull()
      .references(() => designations.id),
    categoryId: integer('category_id').references(() => categories.id),
    positionId: integer('position_id').references(() => positions.id),
    jobNatureId: integer('job_nature_id').references(() => jobNatures.id),
    divisionId: integer('division_id').references(() => divisions.id),
    regionId: integer('region_id').references(() => regions.id),
    dateOfJoining: date('date_of_joining').notNull(),
    confirmationDate: date('confirmation_date'),
    reportingManagerId: integer('reporting_manager_id'),
    shiftId: integer('shift_id').references(() => shifts.id),
    /** 0–6 a weekday every week; 10·w + d the w-th weekday d of the month, 60 + d its last (@hr/attendance weeklyOffsOf). */
    weeklyOffs: smallint('weekly_offs').array().notNull().default(sql`'{0}'::smallint[]`),
    /** The PIN biometric terminals know the employee by; null: the employee code. */
    deviceUserId: varchar('device_user_id', { length: 20 }),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    exitDate: date('exit_date'),
    exitReason: varchar('exit_reason', { length: 300 }),
    /**
     * How many of the unit's mandatory (active) document types this employee has not uploaded. Kept by the
     * database's own triggers (migration missing_docs_triggers) on documents, employees' units, the unit-wise
     * document map and document types, so the dashboard counts it in its one aggregate scan.
     */
    missingMandatoryDocs: smallint('missing_mandatory_docs').notNull().default(0),
    // statutory
    pan: char('pan', { length: 10 }),
    aadhaarLast4: char('aadhaar_last4', { length: 4 }),
    uan: varchar('uan', { length: 12 }),
    pfNumber: varchar('pf_number', { length: 40 }),
    esiNumber: varchar('esi_number', { length: 17 }),
    pfApplicable: boolean('pf_applicable').notNull().default(false),
    esiApplicable: boolean('esi_applicable').notNull().default(false),
    ptApplicable: boolean('pt_applicable').notNull().default(true),
    /** PF on wages up to the statutory ceiling only (the usual case); false: on the full PF wages (paragraph 26(6)). */
    pfRestrictToCeiling: boolean('pf_restrict_to_ceiling').notNull().default(true),
    /** The day the employee first joined EPF anywhere, and the monthly PF wages then (paise): EPS eligibility. */
    epfFirstJoined: date('epf_first_joined'),
    epfWagesAtJoining: bigint('epf_wages_at_joining', { mode: 'number' }),
    /** Already an EPS member from an earlier employment. */
    epsPriorMember: boolean('eps_prior_member').notNull().default(false),
    /** A person with disability (ESI coverage up to the higher ceiling). */
    isDisabled: boolean('is_disabled').notNull().default(false),
    // bank
    payModeId: smallint('pay_mode_id').notNull().default(2),
    bankAccountNo: varchar('bank_account_no', { length: 18 }),
    ifsc: char('ifsc', { length: 11 }),
    bankName: varchar('bank_name', { length: 120 }),
    bankBranch: varchar('bank_branch', { length: 120 }),
    // academic (campuses)
    educationModeId: integer('education_mode_id').references(() => educationModes.id),
    academicDomainId: integer('academic_domain_id').references(() => academicDomains.id),
    academicStatusId: integer('academic_status_id').references(() => academicStatuses.id),
    fellowshipStatusId: integer('fellowship_status_id').references(() => fellowshipStatuses.id),
    patentStatusId: integer('patent_status_id').references(() => patentStatuses.id),
    responsibilityId: integer('responsibility_id').references(() => responsibilities.id),
    writtenId: integer('written_id').references(() => writtens.id),
    ...auditColumns,
  },
  (t) => [
    // Unique in the organisation, case-insensitively ('e001' and 'E001' are the same code).
    uniqueIndex('employees_code_uq').on(sql`lower(${t.employeeCode})`),
    // Every index here is written by each insert (an import of 10,000 pays for each one, issue 30). A unit's rows are
    // found through employees_dashboard_idx (unit first) and a unit's page by code walks employees_code_sort_idx, so
    // there is no (unit, code) index. The indexes below that a list filter, a usage check or a foreign key's check
    // reads are partial: they hold the rows that can match (a status other than active, a category, shift, manager or
    // device PIN given), and a new employee without them costs them nothing (EXPLAIN in migration 0056's commit).
    index('employees_department_idx').on(t.departmentId),
    index('employees_designation_idx').on(t.designationId),
    index('employees_category_idx').on(t.categoryId).where(sql`${t.categoryId} is not null`),
    index('employees_status_idx').on(t.status).where(sql`${t.status} <> 'active'`),
    index('employees_code_sort_idx').on(t.employeeCode, t.id),
    index('employees_name_sort_idx').on(t.name, t.id),
    // Contains-search of name, code and mobile (ILIKE '%…%'): trigram GIN indexes (pg_trgm).
    index('employees_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(GIN_OPTS),
    index('employees_code_trgm_idx').using('gin', t.employeeCode.op('gin_trgm_ops')).with(GIN_OPTS),
    index('employees_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')).with(GIN_OPTS),
    index('employees_doj_idx').on(t.dateOfJoining, t.id),
    index('employees_manager_idx').on(t.reportingManagerId).where(sql`${t.reportingManagerId} is not null`),
    index('employees_shift_idx').on(t.shiftId).where(sql`${t.shiftId} is not null`),
    uniqueIndex('employees_device_user_uq').on(t.deviceUserId).where(sql`${t.deviceUserId} is not null`),
    // The admin dashboard (modules/dashboard/admin.ts) reads these instead of the wide rows (index-only scans):
    // headcount and today's attendance, leavers by month, missing documents, birthdays and work anniversaries by
    // month-day (month × 100 + day, as the dashboard's query writes it).
    index('employees_dashboard_idx').on(
      t.unitId,
      t.departmentId,
      t.dateOfJoining,
      t.exitDate,
      t.status,
      t.id,
      t.employeeCode,
      t.weeklyOffs,
    ),
    // Leavers by month; with employees_future_joining_idx, the corrections to the kept employee_counts (custom
    // migration employee_counts) for a day: those with an exit date, those without one who join after the day.
    index('employees_exit_idx')
      .on(t.exitDate, t.unitId, t.departmentId, t.dateOfJoining, t.weeklyOffs)
      .where(sql`${t.exitDate} is not null`),
    index('employees_future_joining_idx')
      .on(t.dateOfJoining, t.unitId, t.departmentId, t.weeklyOffs)
      .where(sql`${t.exitDate} is null and ${t.status} <> 'exited'`),
    index('employees_missing_docs_idx')
      .on(t.unitId, t.missingMandatoryDocs)
      .where(sql`${t.status} = 'active' and ${t.missingMandatoryDocs} > 0`),
    index('employees_birth_md_idx')
      .on(sql`((extract(month from ${t.dateOfBirth}) * 100 + extract(day from ${t.dateOfBirth}))::int)`, t.unitId, t.dateOfBirth, t.id)
      .where(sql`${t.status} <> 'exited'`),
    index('employees_joining_md_idx')
      .on(
        sql`((extract(month from ${t.dateOfJoining}) * 100 + extract(day from ${t.dateOfJoining}))::int)`,
        t.unitId,
        t.dateOfJoining,
        t.id,
      )
      .where(sql`${t.status} <> 'exited'`),
  ],
);

/** One uploaded file per row; several files per type are allowed (e.g. front and back). */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    docTypeId: integer('doc_type_id')
      .notNull()
      .references(() => employeeDocTypes.id),
    /** Opaque storage key generated by the server; the client's file name never reaches the file system. */
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    /** Display name only, cleaned of path characters. */
    fileName: varchar('file_name', { length: 200 }).notNull(),
    mimeType: varchar('mime_type', { length: 60 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
  },
  (t) => [index('employee_documents_employee_idx').on(t.employeeId, t.docTypeId), index('employee_documents_type_idx').on(t.docTypeId)],
);

/**
 * A self-service employee's request to change bank or statutory fields; an administrator approves
 * (the change is applied) or rejects it. A full Aadhaar number is kept only while pending.
 */
export const employeeChangeRequests = pgTable(
  'employee_change_requests',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    changes: jsonb('changes').notNull(),
    reason: varchar('reason', { length: 300 }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: varchar('decision_note', { length: 300 }),
  },
  (t) => [index('ecr_employee_idx').on(t.employeeId), index('ecr_status_idx').on(t.status, t.requestedAt)],
);

/**
 * The employee search's narrow copy of employees (issue 30): what the list's search matches (name, code, mobile), filters
 * by, sorts by and shows, one row per employee, kept by statement triggers on employees (custom migration
 * employee_search). A broad search ('Sharma': 755 of 15,000) reads 243 pages of these rows instead of 649 of the wide
 * employees table's. Never written by the application.
 */
export const employeeSearch = pgTable(
  'employee_search',
  {
    /** employees.id */
    id: integer('id').primaryKey(),
    unitId: integer('unit_id').notNull(),
    departmentId: integer('department_id').notNull(),
    designationId: integer('designation_id').notNull(),
    categoryId: integer('category_id'),
    status: varchar('status', { length: 10 }).notNull(),
    employeeCode: varchar('employee_code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    mobile: varchar('mobile', { length: 15 }).notNull(),
    email: varchar('email', { length: 200 }),
    dateOfJoining: date('date_of_joining').notNull(),
    hasPhoto: boolean('has_photo').notNull(),
  },
  (t) => [
    index('employee_search_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(GIN_OPTS),
    index('employee_search_code_trgm_idx').using('gin', t.employeeCode.op('gin_trgm_ops')).with(GIN_OPTS),
    index('employee_search_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')).with(GIN_OPTS),
  ],
);
