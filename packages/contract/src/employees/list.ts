import { z } from 'zod';
import { ZIdQuery, ZSearchText } from '../ids';
import { EMPLOYEE_STATUSES } from './enums';

// The employee list (paged, sorted, searched, filtered) and the employees offered in a select.

export const EMPLOYEE_SORTS = ['employeeCode', 'name', 'unitName', 'departmentName', 'designationName', 'dateOfJoining', 'status'] as const;

export const ZEmployeeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(EMPLOYEE_SORTS).default('employeeCode'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Matches name, employee code or mobile. */
  search: ZSearchText.optional(),
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  designationId: ZIdQuery.optional(),
  categoryId: ZIdQuery.optional(),
  status: z.enum(EMPLOYEE_STATUSES).optional(),
});
export type TEmployeeListQuery = z.input<typeof ZEmployeeListQuery>;

export const ZEmployeeListRow = z.object({
  id: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  unitId: z.number(),
  unitName: z.string(),
  departmentName: z.string(),
  designationName: z.string(),
  dateOfJoining: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  hasPhoto: z.boolean(),
});
export type TEmployeeListRow = z.infer<typeof ZEmployeeListRow>;

export const ZEmployeeList = z.object({
  rows: z.array(ZEmployeeListRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TEmployeeList = z.infer<typeof ZEmployeeList>;

export const ZEmployeeOption = z.object({ id: z.number(), name: z.string(), employeeCode: z.string() });
