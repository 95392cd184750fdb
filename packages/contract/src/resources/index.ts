import { biometricDevice } from './attendance';
import { menu, module, role, user } from './configure';
import type { TResource } from './define';
import { statutoryEstablishment } from './establishments';
import { lookups } from './lookups';
import {
  unitCareerOpeningMap,
  unitCareerStepMap,
  unitDepartmentMap,
  unitDesignationMap,
  unitEarningDeductionMap,
  unitEmployeeDocTypeMap,
  unitLeaveTypeMap,
  unitSalaryApprover,
  userUnitMap,
} from './mappings';
import {
  apkVersion,
  careerOpening,
  careerStep,
  department,
  designation,
  earningDeduction,
  employeeDocType,
  holiday,
  leaveType,
  shift,
  unit,
} from './masters';

export {
  GRID_ACTIONS,
  type TApkLatest,
  type TMenuAccessGrid,
  type TMenuAccessLine,
  type TMenuAccessRow,
  ZMenuAccessGrid,
  ZMenuAccessRow,
} from './configure';
export * from './define';
export * from './field';
export * from './fields';
export * from './list';
export { mappingSaveSchema, type TMappingLine, type TMappingSave, ZMapDtls, ZMappingLine, ZMappingSave } from './mappings';
export { RESOURCE_ROUTES, type TResourceRoute } from './routes';

/** Every master-data resource. Adding one here gives it routes, screens and tests. */
export const RESOURCES = [
  shift,
  employeeDocType,
  leaveType,
  holiday,
  department,
  designation,
  unit,
  earningDeduction,
  role,
  module,
  menu,
  user,
  apkVersion,
  biometricDevice,
  statutoryEstablishment,
  careerOpening,
  careerStep,
  unitDepartmentMap,
  unitDesignationMap,
  unitEarningDeductionMap,
  unitEmployeeDocTypeMap,
  unitLeaveTypeMap,
  unitSalaryApprover,
  unitCareerOpeningMap,
  unitCareerStepMap,
  userUnitMap,
  ...lookups,
] as const satisfies readonly TResource[];

export type TResourceName = (typeof RESOURCES)[number]['name'];

type ByName = { [R in (typeof RESOURCES)[number] as R['name']]: R };
/** Resources by name, e.g. `RESOURCE.shift` (typed fields and schema). */
export const RESOURCE = Object.fromEntries(RESOURCES.map((r) => [r.name, r])) as unknown as ByName;

const byName = new Map<string, TResource>(RESOURCES.map((r) => [r.name, r as unknown as TResource]));

export function getResource(name: string): TResource | undefined {
  return byName.get(name);
}

/** Resources whose fields reference `name` (for 'referenced by' messages and tests). */
export function referencesTo(name: string): { resource: TResource; field: string }[] {
  const out: { resource: TResource; field: string }[] = [];
  for (const r of byName.values()) {
    for (const [field, def] of Object.entries(r.fields)) {
      if (def.reference === name) out.push({ resource: r, field });
    }
  }
  return out;
}
