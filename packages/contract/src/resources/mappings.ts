import { z } from 'zod';
import { defineResource, type TResource } from './define';
import { f } from './fields';

/** Unit-wise (and user-wise) mappings: listed as rows, edited per owner as a checklist. */

export const unitDepartmentMap = defineResource({
  name: 'unitDepartmentMap',
  path: 'unit-wise-department-mapping',
  title: 'Unit Wise Department Mapping',
  labelField: 'departmentId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    departmentId: f.select('Department', 'department'),
  },
  searchable: [],
  filters: ['unitId', 'departmentId'],
  unique: [['unitId', 'departmentId']],
  defaultSort: { field: 'unitId', dir: 'asc' },
  unitScoped: 'unitId',
  // The spec names the parameter unitWiseDeptId; it carries the unit whose departments are edited.
  modify: { param: 'unitWiseDeptId', kind: 'id' },
  mapping: { owner: 'unitId', item: 'departmentId', extras: [] },
});

export const unitDesignationMap = defineResource({
  name: 'unitDesignationMap',
  path: 'unit-wise-designation-mapping',
  title: 'Unit Wise Designation Mapping',
  labelField: 'designationId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    designationId: f.select('Designation', 'designation'),
  },
  searchable: [],
  filters: ['unitId', 'designationId'],
  unique: [['unitId', 'designationId']],
  defaultSort: { field: 'unitId', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'unitId', kind: 'id' },
  mapping: { owner: 'unitId', item: 'designationId', extras: [] },
});

export const unitEarningDeductionMap = defineResource({
  name: 'unitEarningDeductionMap',
  path: 'unit-wise-earning-deduction-mapping',
  title: 'Unit Wise Earning Deduction Mapping',
  labelField: 'earningDeductionId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    earningDeductionId: f.select('Head', 'earningDeduction'),
    sortOrder: f.integer('Order', { max: 999, default: 0 }),
  },
  searchable: [],
  filters: ['unitId', 'earningDeductionId'],
  unique: [['unitId', 'earningDeductionId']],
  defaultSort: { field: 'sortOrder', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'unitId', kind: 'id' },
  mapping: { owner: 'unitId', item: 'earningDeductionId', extras: ['sortOrder'] },
});

export const unitEmployeeDocTypeMap = defineResource({
  name: 'unitEmployeeDocTypeMap',
  path: 'unit-wise-emp-doc-type-map',
  title: 'Unit Wise Employee Document Type Mapping',
  labelField: 'employeeDocTypeId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    employeeDocTypeId: f.select('Document type', 'employeeDocType'),
    isMandatory: f.boolean('Mandatory'),
  },
  searchable: [],
  filters: ['unitId', 'employeeDocTypeId', 'isMandatory'],
  unique: [['unitId', 'employeeDocTypeId']],
  defaultSort: { field: 'unitId', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'mapDtls', kind: 'json' },
  mapping: { owner: 'unitId', item: 'employeeDocTypeId', extras: ['isMandatory'] },
});

/**
 * A unit with rows here offers only the mapped leave types, each on the unit's own policy where a line gives one
 * (modules/requests/ledger.ts): the extras named like the leave type's fields override them for the unit's
 * employees; empty (null) keeps the type's own. Edited per unit as a checklist, like the other unit-wise mappings.
 */
const OWN = "Empty: the leave type's own";
export const unitLeaveTypeMap = defineResource({
  name: 'unitLeaveTypeMap',
  path: 'unit-wise-leave-type-map',
  title: 'Unit Wise Leave Type Mapping',
  labelField: 'leaveTypeId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    leaveTypeId: f.select('Leave type', 'leaveType'),
    yearlyQuota: f.decimal('Yearly quota (days)', { scale: 1, required: false, help: OWN }),
    accrual: f.choice(
      'Accrual',
      [
        { value: 'yearly', label: 'Yearly' },
        { value: 'monthly', label: 'Monthly' },
      ],
      { required: false, help: OWN },
    ),
    maxBalance: f.decimal('Maximum balance (days)', { scale: 1, required: false, help: `${OWN} (0 = no limit)` }),
    carryForwardLimit: f.decimal('Carry-forward limit (days)', { scale: 1, required: false, help: OWN }),
    maxConsecutiveDays: f.decimal('Maximum consecutive days', { scale: 1, required: false, help: `${OWN} (0 = no limit)` }),
    minNoticeDays: f.integer('Minimum notice (days)', { max: 365, required: false, help: OWN }),
  },
  searchable: [],
  filters: ['unitId', 'leaveTypeId'],
  unique: [['unitId', 'leaveTypeId']],
  defaultSort: { field: 'unitId', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'unitId', kind: 'id' },
  mapping: {
    owner: 'unitId',
    item: 'leaveTypeId',
    extras: ['yearlyQuota', 'accrual', 'maxBalance', 'carryForwardLimit', 'maxConsecutiveDays', 'minNoticeDays'],
  },
});

export const unitSalaryApprover = defineResource({
  name: 'unitSalaryApprover',
  path: 'unit-wise-salary-approve-map',
  title: 'Unit Wise Salary Approvers',
  labelField: 'userId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    userId: f.select('Approver', 'user'),
    level: f.integer('Level', { min: 1, max: 9, default: 1 }),
  },
  searchable: [],
  filters: ['unitId', 'userId'],
  unique: [['unitId', 'userId']],
  defaultSort: { field: 'level', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'unitId', kind: 'id' },
  mapping: { owner: 'unitId', item: 'userId', extras: ['level'] },
});

export const unitCareerOpeningMap = defineResource({
  name: 'unitCareerOpeningMap',
  path: 'carrer/unit-wise-carrere-applying-map',
  title: 'Unit Wise Career Applying Mapping',
  labelField: 'careerOpeningId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    careerOpeningId: f.select('Opening', 'careerOpening'),
  },
  searchable: [],
  filters: ['unitId', 'careerOpeningId'],
  unique: [['unitId', 'careerOpeningId']],
  defaultSort: { field: 'unitId', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'unitId', kind: 'id' },
  mapping: { owner: 'unitId', item: 'careerOpeningId', extras: [] },
});

export const unitCareerStepMap = defineResource({
  name: 'unitCareerStepMap',
  path: 'carrer/unit-wise-career-step-map',
  title: 'Unit Wise Career Step Mapping',
  labelField: 'careerStepId',
  fields: {
    unitId: f.select('Unit', 'unit'),
    careerStepId: f.select('Career step', 'careerStep'),
    stepOrder: f.integer('Order', { max: 999, default: 0 }),
  },
  searchable: [],
  filters: ['unitId', 'careerStepId'],
  unique: [['unitId', 'careerStepId']],
  defaultSort: { field: 'stepOrder', dir: 'asc' },
  unitScoped: 'unitId',
  modify: { param: 'mapDtls', kind: 'json' },
  mapping: { owner: 'unitId', item: 'careerStepId', extras: ['stepOrder'] },
});

/** User-wise unit mapping over the core user_unit_map: which units a user may reach. */
export const userUnitMap = defineResource({
  name: 'userUnitMap',
  path: 'user-wise-unit-mapping',
  title: 'User Wise Unit Mapping',
  labelField: 'unitId',
  fields: {
    userId: f.select('User', 'user'),
    unitId: f.select('Unit', 'unit'),
  },
  searchable: [],
  filters: ['userId', 'unitId'],
  unique: [['userId', 'unitId']],
  defaultSort: { field: 'userId', dir: 'asc' },
  unitScoped: 'unitId',
  // The spec's userWiseUnitId carries the user whose units are edited.
  modify: { param: 'userWiseUnitId', kind: 'id' },
  mapping: { owner: 'userId', item: 'unitId', extras: [] },
});

/**
 * Body of PUT /api/resources/:resource/mapping/:ownerId — the owner's whole checklist: each line's item and its
 * extras. The routes validate each resource's lines by `mappingSaveSchema` (the extras' own field rules); this is
 * the shape common to all of them.
 */
export const ZMappingSave = z.object({
  items: z.array(z.looseObject({ itemId: z.number().int().positive() })).max(5000),
});
export type TMappingSave = { items: Array<{ itemId: number } & Record<string, unknown>> };

/**
 * A mapping's save body with each extra checked by its field's zod rule (an absent one takes the field's default,
 * null for an optional override), so a bad value is a 400 naming `items.<n>.<extra>`.
 */
export function mappingSaveSchema(r: TResource) {
  const extras = r.mapping?.extras ?? [];
  return z.object({
    items: z
      .array(
        z.object({
          itemId: z.number().int().positive(),
          ...Object.fromEntries(extras.map((e) => [e, r.fields[e].zod])),
        }),
      )
      .max(5000),
  });
}

/**
 * One checklist line: every candidate item, whether mapped, and its extras (by name, as the resource's fields);
 * `itemValues` holds the item's own values of the extras named like its fields (what an empty override keeps).
 */
export const ZMappingLine = z.looseObject({
  itemId: z.number(),
  label: z.string(),
  mapped: z.boolean(),
  itemValues: z.record(z.string(), z.unknown()).optional(),
});
export type TMappingLine = z.infer<typeof ZMappingLine>;

/** The decrypted {mapDtls} of the json modify routes. */
export const ZMapDtls = z.object({ unitId: z.number().int().positive() });
