/**
 * What the web app's route table needs of each master-data resource, without zod or the field declarations:
 * the web imports this file alone (`@hr/contract/resources/routes`) so the first page does not carry the
 * registry, and loads the full resource (`getResource(name)`) inside the lazy route. Same order as RESOURCES;
 * registry.test.ts checks that the two agree, so they cannot drift.
 */
export interface TResourceRoute {
  /** The resource's name (`getResource(name)`). */
  name: string;
  /** Screen path under /outlet/master. */
  path: string;
  /** The modify route's parameter (`path/:modifyParam`), when the resource has one. */
  modifyParam?: string;
  /** The modify route opens the mapping checklist (MappingScreen) instead of the form. */
  mapping?: true;
}

const list = (name: string, path: string): TResourceRoute => ({ name, path });
const form = (name: string, path: string, modifyParam: string): TResourceRoute => ({ name, path, modifyParam });
const mapping = (name: string, path: string, modifyParam: string): TResourceRoute => ({ name, path, modifyParam, mapping: true });

export const RESOURCE_ROUTES: readonly TResourceRoute[] = [
  list('shift', 'shift'),
  list('employeeDocType', 'employee-doctype'),
  form('leaveType', 'leave', 'leaveId'),
  form('holiday', 'holidays', 'holidayId'),
  list('department', 'department'),
  list('designation', 'designation'),
  form('unit', 'units', 'id'),
  list('earningDeduction', 'earning-deduction'),
  list('role', 'configure/role'),
  list('module', 'configure/module'),
  list('menu', 'configure/menu'),
  form('user', 'configure/userMaster', 'id'),
  list('apkVersion', 'configure/apkVersion'),
  list('biometricDevice', 'biometric-device'),
  list('statutoryEstablishment', 'statutory-establishment'),
  list('careerOpening', 'carrer/carrerApply'),
  list('careerStep', 'carrer/carrerStep'),
  mapping('unitDepartmentMap', 'unit-wise-department-mapping', 'unitWiseDeptId'),
  mapping('unitDesignationMap', 'unit-wise-designation-mapping', 'unitId'),
  mapping('unitEarningDeductionMap', 'unit-wise-earning-deduction-mapping', 'unitId'),
  mapping('unitEmployeeDocTypeMap', 'unit-wise-emp-doc-type-map', 'mapDtls'),
  mapping('unitLeaveTypeMap', 'unit-wise-leave-type-map', 'unitId'),
  mapping('unitSalaryApprover', 'unit-wise-salary-approve-map', 'unitId'),
  mapping('unitCareerOpeningMap', 'carrer/unit-wise-carrere-applying-map', 'unitId'),
  mapping('unitCareerStepMap', 'carrer/unit-wise-career-step-map', 'mapDtls'),
  mapping('userUnitMap', 'user-wise-unit-mapping', 'userWiseUnitId'),
  list('country', 'country'),
  list('state', 'state'),
  list('city', 'city'),
  list('area', 'area'),
  list('campus', 'campus'),
  list('division', 'division'),
  list('region', 'region'),
  list('educationMode', 'education-mode'),
  list('fellowshipStatus', 'fellowship-status'),
  list('jobNature', 'job-nature'),
  list('mobileCode', 'mobile-code'),
  list('position', 'position'),
  list('academicDomain', 'academic-domain'),
  list('academicStatus', 'academic-status'),
  list('maritalStatus', 'marital-status'),
  list('patentStatus', 'patent-status'),
  list('responsibility', 'responsibility'),
  list('written', 'written'),
  list('category', 'category'),
  list('academicSession', 'session'),
];
