import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, text, time, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { departments, designations, units, users } from './core';

/**
 * Master data served by the generic resource engine (apps/server/src/modules/masters).
 * Each table's declaration in packages/contract/src/resources names its fields the same way.
 */

/** A plain look-up list: id, name, optional code, audit columns; name unique (case-insensitive). */
function lookup(table: string) {
  return pgTable(
    table,
    {
      id: idColumn(),
      name: varchar('name', { length: 150 }).notNull(),
      code: varchar('code', { length: 30 }),
      ...auditColumns,
    },
    (t) => [uniqueIndex(`${table}_name_uq`).on(sql`lower(${t.name})`), index(`${table}_active_idx`).on(t.isActive)],
  );
}

export const countries = lookup('countries');
export const campuses = lookup('campuses');
export const divisions = lookup('divisions');
export const regions = lookup('regions');
export const educationModes = lookup('education_modes');
export const fellowshipStatuses = lookup('fellowship_statuses');
export const jobNatures = lookup('job_natures');
export const positions = lookup('positions');
export const academicDomains = lookup('academic_domains');
export const academicStatuses = lookup('academic_statuses');
export const maritalStatuses = lookup('marital_statuses');
export const patentStatuses = lookup('patent_statuses');
export const responsibilities = lookup('responsibilities');
export const writtens = lookup('writtens');
export const categories = lookup('categories');
/** The spec's "session" master (academic sessions such as 2026-27); `sessions` is the sign-in table. */
export const academicSessions = lookup('academic_sessions');

export const mobileCodes = pgTable(
  'mobile_codes',
  {
    id: idColumn(),
    /** Dialling code such as '+91'. */
    code: varchar('code', { length: 8 }).notNull(),
    /** Country label shown beside the code. */
    name: varchar('name', { length: 150 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('mobile_codes_code_uq').on(t.code), index('mobile_codes_active_idx').on(t.isActive)],
);

export const states = pgTable(
  'states',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    isUnionTerritory: boolean('is_union_territory').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('states_country_name_uq').on(t.countryId, sql`lower(${t.name})`),
    index('states_country_idx').on(t.countryId),
    index('states_active_idx').on(t.isActive),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('cities_state_name_uq').on(t.stateId, sql`lower(${t.name})`),
    index('cities_state_idx').on(t.stateId),
    index('cities_active_idx').on(t.isActive),
  ],
);

export const areas = pgTable(
  'areas',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 30 }),
    pinCode: varchar('pin_code', { length: 10 }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('areas_city_name_uq').on(t.cityId, sql`lower(${t.name})`),
    index('areas_city_idx').on(t.cityId),
    index('areas_active_idx').on(t.isActive),
  ],
);

export const shifts = pgTable(
  'shifts',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    graceMinutes: integer('grace_minutes').notNull().default(0),
    halfDayMinHours: numeric('half_day_min_hours', { precision: 4, scale: 2 }).notNull().default('4.00'),
    fullDayMinHours: numeric('full_day_min_hours', { precision: 4, scale: 2 }).notNull().default('8.00'),
    /** The shift ends on the next calendar day (end time before start time). */
    isNightShift: boolean('is_night_shift').notNull().default(false),
    breakMinutes: integer('break_minutes').notNull().default(0),
    earlyGraceMinutes: integer('early_grace_minutes').notNull().default(0),
    /** Overtime counts once the last punch is more than this many minutes after the end; null: no overtime. */
    overtimeAfterMinutes: integer('overtime_after_minutes'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('shifts_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('shifts_name_uq').on(sql`lower(${t.name})`),
    index('shifts_active_idx').on(t.isActive),
  ],
);

export const employeeDocTypes = pgTable(
  'employee_doc_types',
  {
    id: idColumn(),
    name: varchar('name', { length: 120 }).notNull(),
    code: varchar('code', { length: 30 }),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    /** Comma-separated extensions, e.g. 'pdf,jpg,png'. */
    allowedFileTypes: varchar('allowed_file_types', { length: 120 }).notNull().default('pdf,jpg,jpeg,png'),
    maxSizeKb: integer('max_size_kb').notNull().default(2048),
    ...auditColumns,
  },
  (t) => [uniqueIndex('employee_doc_types_name_uq').on(sql`lower(${t.name})`), index('edt_active_idx').on(t.isActive)],
);

export const leaveTypes = pgTable(
  'leave_types',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 10 }).notNull(),
    isPaid: boolean('is_paid').notNull().default(true),
    yearlyQuota: numeric('yearly_quota', { precision: 5, scale: 1 }).notNull().default('0'),
    /** 'monthly' | 'yearly' */
    accrual: varchar('accrual', { length: 10 }).notNull().default('yearly'),
    carryForwardLimit: numeric('carry_forward_limit', { precision: 5, scale: 1 }).notNull().default('0'),
    isEncashable: boolean('is_encashable').notNull().default(false),
    /** Encashment at exit (when encashable): at most this many days (0 = the whole balance), on the wages named, per day ÷ divisor. */
    encashMaxDays: numeric('encash_max_days', { precision: 5, scale: 1 }).notNull().default('0'),
    /** 'basic_da' (the PF-wage heads: basic + DA) | 'gross' (every earning of the structure) */
    encashWageBasis: varchar('encash_wage_basis', { length: 10 }).notNull().default('basic_da'),
    encashDivisor: smallint('encash_divisor').notNull().default(30),
    halfDayAllowed: boolean('half_day_allowed').notNull().default(true),
    /** 'all' | 'male' | 'female' */
    applicableGender: varchar('applicable_gender', { length: 10 }).notNull().default('all'),
    /** Applies only to employees of this category (null: every category). */
    applicableCategoryId: integer('applicable_category_id').references(() => categories.id),
    /** Applies only to employees of this marital status (null: any). */
    applicableMaritalStatusId: integer('applicable_marital_status_id').references(() => maritalStatuses.id),
    /** Applies only once the employee is confirmed (after probation: from the confirmation date). */
    afterProbation: boolean('after_probation').notNull().default(false),
    /** 0 = no limit: credits beyond it are not posted. */
    maxBalance: numeric('max_balance', { precision: 5, scale: 1 }).notNull().default('0'),
    /** Holidays and weekly offs between two leave days count as leave. */
    sandwich: boolean('sandwich').notNull().default(false),
    minNoticeDays: integer('min_notice_days').notNull().default(0),
    /** 0 = no limit. */
    maxConsecutiveDays: numeric('max_consecutive_days', { precision: 5, scale: 1 }).notNull().default('0'),
    /** A request longer than this needs an attachment (0 = never). */
    attachmentAfterDays: numeric('attachment_after_days', { precision: 5, scale: 1 }).notNull().default('0'),
    /** Days beyond the balance become leave without pay instead of refusing the request. */
    excessAsLwop: boolean('excess_as_lwop').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('leave_types_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('leave_types_name_uq').on(sql`lower(${t.name})`),
    index('leave_types_active_idx').on(t.isActive),
  ],
);

export const holidays = pgTable(
  'holidays',
  {
    id: idColumn(),
    holidayDate: date('holiday_date').notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    /** 'national' | 'optional' */
    holidayType: varchar('holiday_type', { length: 10 }).notNull().default('national'),
    description: text('description').notNull().default(''),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('holidays_date_name_uq').on(t.holidayDate, sql`lower(${t.name})`),
    index('holidays_date_idx').on(t.holidayDate),
    index('holidays_active_idx').on(t.isActive),
  ],
);

/** Which units observe a holiday. */
export const holidayUnits = pgTable(
  'holiday_units',
  {
    id: idColumn(),
    holidayId: integer('holiday_id')
      .notNull()
      .references(() => holidays.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
  },
  (t) => [uniqueIndex('holiday_units_uq').on(t.holidayId, t.unitId), index('holiday_units_unit_idx').on(t.unitId)],
);

export const earningDeductions = pgTable(
  'earning_deductions',
  {
    id: idColumn(),
    name: varchar('name', { length: 120 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    printName: varchar('print_name', { length: 120 }).notNull(),
    isEarning: boolean('is_earning').notNull().default(true),
    isPrinted: boolean('is_printed').notNull().default(true),
    isCalculative: boolean('is_calculative').notNull().default(false),
    isNetPayHead: boolean('is_net_pay_head').notNull().default(false),
    isOverTimeHead: boolean('is_over_time_head').notNull().default(false),
    isTotalLWOPHead: boolean('is_total_lwop_head').notNull().default(false),
    /**
     * A statutory deduction the payroll computes by the rules of @hr/payroll (statutory/) from the dated
     * parameters, not by a formula: 'pf_employee' | 'esi_employee' | 'pt' | 'lwf_employee' | 'tds'; null otherwise.
     */
    statutory: varchar('statutory', { length: 20 }),
    /**
     * Where an earning goes in Form 16: null = salary under section 17(1); '17(2)' a perquisite, '17(3)' profits in
     * lieu of salary (both taxed with the salary; Form 16 prints them on their own lines).
     */
    taxSection: varchar('tax_section', { length: 5 }),
    /** An earning that is PF wages (basic, DA, retaining allowance). */
    isPfWage: boolean('is_pf_wage').notNull().default(false),
    /** An earning that is ESI wages (every wage but annual bonus, encashment and the like; overtime counts for contributions only). */
    isEsiWage: boolean('is_esi_wage').notNull().default(false),
    /**
     * An earning's class under the Labour Codes' definition of wages (Code on Wages s.2(y)): 'wages' (basic, DA,
     * retaining allowance) or the excluded kind ('hra', 'conveyance', 'overtime', 'bonus', 'commission', … — @hr/payroll
     * WAGE_CLASSES); the excluded payments above half of all remuneration are added back to wages. Null on deductions.
     */
    wageClass: varchar('wage_class', { length: 20 }),
    printOrder: integer('print_order').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('earning_deductions_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('earning_deductions_name_uq').on(sql`lower(${t.name})`),
    // At most one active net-pay head.
    uniqueIndex('earning_deductions_net_pay_uq').on(t.isNetPayHead).where(sql`${t.isNetPayHead} and ${t.isActive}`),
    // One active head per statutory kind.
    uniqueIndex('earning_deductions_statutory_uq').on(t.statutory).where(sql`${t.statutory} is not null and ${t.isActive}`),
    check('earning_deductions_statutory_ck', sql`${t.statutory} in ('pf_employee', 'esi_employee', 'pt', 'lwf_employee', 'tds')`),
    check('earning_deductions_tax_section_ck', sql`${t.taxSection} in ('17(2)', '17(3)')`),
    check(
      'earning_deductions_wage_class_ck',
      sql`${t.wageClass} in ('wages', 'allowance', 'bonus', 'amenity', 'conveyance', 'special_expenses', 'hra', 'award', 'overtime', 'commission', 'gratuity', 'retrenchment', 'outside')`,
    ),
    index('earning_deductions_active_idx').on(t.isActive),
    index('earning_deductions_print_order_idx').on(t.printOrder),
  ],
);

export const unitDepartmentMap = pgTable(
  'unit_department_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_department_map_uq').on(t.unitId, t.departmentId), index('udm_department_idx').on(t.departmentId)],
);

export const unitDesignationMap = pgTable(
  'unit_designation_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    designationId: integer('designation_id')
      .notNull()
      .references(() => designations.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_designation_map_uq').on(t.unitId, t.designationId), index('udsm_designation_idx').on(t.designationId)],
);

export const unitEarningDeductionMap = pgTable(
  'unit_earning_deduction_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    earningDeductionId: integer('earning_deduction_id')
      .notNull()
      .references(() => earningDeductions.id),
    sortOrder: integer('sort_order').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_earning_deduction_map_uq').on(t.unitId, t.earningDeductionId), index('uedm_head_idx').on(t.earningDeductionId)],
);

export const unitEmployeeDocTypeMap = pgTable(
  'unit_employee_doc_type_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    employeeDocTypeId: integer('employee_doc_type_id')
      .notNull()
      .references(() => employeeDocTypes.id),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('unit_employee_doc_type_map_uq').on(t.unitId, t.employeeDocTypeId),
    index('uedtm_doc_type_idx').on(t.employeeDocTypeId),
  ],
);

/** Users who approve a unit's salary, level 1 first. */
export const unitSalaryApprovers = pgTable(
  'unit_salary_approvers',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull().default(1),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('unit_salary_approvers_uq').on(t.unitId, t.userId),
    index('usa_user_idx').on(t.userId),
    index('usa_unit_level_idx').on(t.unitId, t.level),
  ],
);

/** Career applying (carrerApply): openings recruited for. */
export const careerOpenings = pgTable(
  'career_openings',
  {
    id: idColumn(),
    title: varchar('title', { length: 150 }).notNull(),
    designationId: integer('designation_id').references(() => designations.id),
    departmentId: integer('department_id').references(() => departments.id),
    vacancies: integer('vacancies').notNull().default(1),
    closingDate: date('closing_date'),
    /** 'open' | 'on-hold' | 'closed' */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    description: text('description').notNull().default(''),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('career_openings_title_uq').on(sql`lower(${t.title})`),
    index('career_openings_designation_idx').on(t.designationId),
    index('career_openings_department_idx').on(t.departmentId),
    index('career_openings_status_idx').on(t.status),
    index('career_openings_active_idx').on(t.isActive),
  ],
);

/** Career steps (carrerStep): the recruitment pipeline's stages. */
export const careerSteps = pgTable(
  'career_steps',
  {
    id: idColumn(),
    name: varchar('name', { length: 120 }).notNull(),
    stepOrder: integer('step_order').notNull().default(0),
    description: text('description').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('career_steps_name_uq').on(sql`lower(${t.name})`), index('career_steps_active_idx').on(t.isActive)],
);

export const unitCareerOpeningMap = pgTable(
  'unit_career_opening_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    careerOpeningId: integer('career_opening_id')
      .notNull()
      .references(() => careerOpenings.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_career_opening_map_uq').on(t.unitId, t.careerOpeningId), index('ucom_opening_idx').on(t.careerOpeningId)],
);

export const unitCareerStepMap = pgTable(
  'unit_career_step_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    careerStepId: integer('career_step_id')
      .notNull()
      .references(() => careerSteps.id),
    stepOrder: integer('step_order').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_career_step_map_uq').on(t.unitId, t.careerStepId), index('ucsm_step_idx').on(t.careerStepId)],
);

/** Mobile app releases; the public endpoint tells the app the latest and minimum supported versions. */
export const apkVersions = pgTable(
  'apk_versions',
  {
    id: idColumn(),
    versionCode: integer('version_code').notNull(),
    versionName: varchar('version_name', { length: 40 }).notNull(),
    minSupportedVersionCode: integer('min_supported_version_code').notNull(),
    isForceUpdate: boolean('is_force_update').notNull().default(false),
    releaseNotes: text('release_notes').notNull().default(''),
    releaseDate: date('release_date').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('apk_versions_code_uq').on(t.versionCode), index('apk_versions_active_idx').on(t.isActive)],
);
