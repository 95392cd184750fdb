import { MENU, type TMenuPath, type TResourceName } from '@hr/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as s from '../../db/schema';

/** A multiselect field kept in a link table (e.g. holiday → units). */
export interface LinkSpec {
  table: PgTable;
  /** Column pointing at the owning row. */
  own: PgColumn;
  /** Column holding the selected id. */
  other: PgColumn;
}

export interface TableSpec {
  table: PgTable & { id: PgColumn };
  links?: Record<string, LinkSpec>;
  /** Table columns never returned (password hashes). */
  hidden?: readonly string[];
}

const lookups = {
  country: { table: s.countries },
  campus: { table: s.campuses },
  division: { table: s.divisions },
  region: { table: s.regions },
  educationMode: { table: s.educationModes },
  fellowshipStatus: { table: s.fellowshipStatuses },
  jobNature: { table: s.jobNatures },
  position: { table: s.positions },
  academicDomain: { table: s.academicDomains },
  academicStatus: { table: s.academicStatuses },
  maritalStatus: { table: s.maritalStatuses },
  patentStatus: { table: s.patentStatuses },
  responsibility: { table: s.responsibilities },
  written: { table: s.writtens },
  category: { table: s.categories },
  academicSession: { table: s.academicSessions },
  mobileCode: { table: s.mobileCodes },
  state: { table: s.states },
  city: { table: s.cities },
  area: { table: s.areas },
} satisfies Record<string, TableSpec>;

/**
 * Resource name → its table and link tables. Every registry entry must have one. Business rules are not
 * here: a domain registers them from its own module with registerResourceHooks (hooks.ts).
 */
export const TABLES: Record<TResourceName, TableSpec> = {
  ...lookups,
  shift: { table: s.shifts },
  employeeDocType: { table: s.employeeDocTypes },
  leaveType: { table: s.leaveTypes },
  holiday: {
    table: s.holidays,
    links: { unitIds: { table: s.holidayUnits, own: s.holidayUnits.holidayId, other: s.holidayUnits.unitId } },
  },
  department: { table: s.departments },
  designation: { table: s.designations },
  unit: { table: s.units },
  earningDeduction: { table: s.earningDeductions },
  role: { table: s.roles },
  module: { table: s.modules },
  menu: { table: s.menus },
  user: {
    table: s.users,
    hidden: ['passwordHash', 'lastSignInAt', 'employeeId'],
  },
  apkVersion: { table: s.apkVersions },
  biometricDevice: {
    table: s.biometricDevices,
    hidden: ['keyHash'],
    links: {
      otherUnitIds: { table: s.biometricDeviceUnits, own: s.biometricDeviceUnits.deviceId, other: s.biometricDeviceUnits.unitId },
    },
  },
  statutoryEstablishment: {
    table: s.statutoryEstablishments,
    links: {
      unitIds: {
        table: s.statutoryEstablishmentUnits,
        own: s.statutoryEstablishmentUnits.establishmentId,
        other: s.statutoryEstablishmentUnits.unitId,
      },
    },
  },
  careerOpening: { table: s.careerOpenings },
  careerStep: { table: s.careerSteps },
  unitDepartmentMap: { table: s.unitDepartmentMap },
  unitDesignationMap: { table: s.unitDesignationMap },
  unitEarningDeductionMap: { table: s.unitEarningDeductionMap },
  unitEmployeeDocTypeMap: { table: s.unitEmployeeDocTypeMap },
  unitLeaveTypeMap: { table: s.unitLeaveTypeMap },
  unitSalaryApprover: { table: s.unitSalaryApprovers },
  unitCareerOpeningMap: { table: s.unitCareerOpeningMap },
  unitCareerStepMap: { table: s.unitCareerStepMap },
  userUnitMap: { table: s.userUnitMap },
};

export function tableOf(name: string): TableSpec {
  const spec = (TABLES as Record<string, TableSpec>)[name];
  if (!spec) throw new Error(`No table declared for resource '${name}' (apps/server/src/modules/masters/tables.ts)`);
  return spec;
}

/**
 * Screens outside the masters whose forms pick from a resource: their menus may also read its
 * select options (GET /api/resources/<name>/options). Another area adds its screen here.
 */
const EMPLOYEE_FORM = [MENU.employee] as const;
/** The employee form and My profile (contact and address fields) pick from these. */
const PROFILE_FORM = [MENU.employee, MENU.profile] as const;
/** The managers' attendance screens filter by department (staff see the roster's own row only). */
const ATTENDANCE_SCREENS: readonly TMenuPath[] = [
  MENU.attendance,
  MENU.employeeAttendance,
  MENU.onOffDuty,
  MENU.trackEmployee,
  MENU.attendanceReport,
  MENU.shiftAttendanceCompare,
  MENU.shiftAttendanceCompareSummary,
];

export const OPTION_MENUS: Partial<Record<TResourceName, readonly TMenuPath[]>> = {
  unit: [MENU.employee, MENU.idCard],
  // The increment's batch filters pick a department and a designation.
  department: [
    MENU.employee,
    MENU.salaryIncrement,
    ...ATTENDANCE_SCREENS,
    MENU.allRequestWfh,
    MENU.allRequestLeave,
    MENU.allRequestVisitor,
  ],
  designation: [MENU.employee, MENU.salaryIncrement],
  // The roster's filter and the shift details screen pick a shift.
  shift: [...EMPLOYEE_FORM, MENU.viewShift, MENU.shiftDetails],
  employeeDocType: [MENU.employee, MENU.uploadDocuments],
  leaveType: [MENU.requestLeave, MENU.allRequestLeave],
  earningDeduction: [MENU.salaryProcess, MENU.salaryIncrement],
  category: EMPLOYEE_FORM,
  position: EMPLOYEE_FORM,
  jobNature: EMPLOYEE_FORM,
  division: EMPLOYEE_FORM,
  region: EMPLOYEE_FORM,
  educationMode: EMPLOYEE_FORM,
  academicDomain: EMPLOYEE_FORM,
  academicStatus: EMPLOYEE_FORM,
  fellowshipStatus: EMPLOYEE_FORM,
  patentStatus: EMPLOYEE_FORM,
  responsibility: EMPLOYEE_FORM,
  written: EMPLOYEE_FORM,
  maritalStatus: PROFILE_FORM,
  mobileCode: PROFILE_FORM,
  country: PROFILE_FORM,
  state: PROFILE_FORM,
  city: PROFILE_FORM,
  area: PROFILE_FORM,
};
