// Columns and filters most registers share (employee code and name, unit, department…).
import type { TReportFilter } from '@hr/contract';
import type { ReportColumn } from '../define';

export const col = {
  code: { key: 'employeeCode', label: 'Employee Code', type: 'text', width: 14, sortable: true } as ReportColumn,
  name: { key: 'name', label: 'Name', type: 'text', width: 26, sortable: true } as ReportColumn,
  unit: { key: 'unitName', label: 'Unit', type: 'text', width: 20, sortable: true } as ReportColumn,
  department: { key: 'departmentName', label: 'Department', type: 'text', width: 18, sortable: true } as ReportColumn,
  designation: { key: 'designationName', label: 'Designation', type: 'text', width: 18, sortable: true } as ReportColumn,
  money: (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
    key,
    label,
    type: 'money',
    width: 13,
    total: true,
    sortable: true,
    ...extra,
  }),
  number: (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
    key,
    label,
    type: 'number',
    width: 10,
    total: true,
    sortable: true,
    ...extra,
  }),
  date: (key: string, label: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
    key,
    label,
    type: 'date',
    width: 12,
    sortable: true,
    ...extra,
  }),
  text: (key: string, label: string, width = 16, extra: Partial<ReportColumn> = {}): ReportColumn => ({
    key,
    label,
    type: 'text',
    width,
    ...extra,
  }),
};

/** Unit, department, designation, category and employee: the filters on who is in a register. */
export const PEOPLE_FILTERS: TReportFilter[] = [
  { kind: 'unit' },
  { kind: 'department' },
  { kind: 'designation' },
  { kind: 'category' },
  { kind: 'employee' },
];

export const BY_UNIT_DEPARTMENT = [
  { key: 'unitName', label: 'Unit' },
  { key: 'departmentName', label: 'Department' },
];

export const EMPLOYEE_STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'onNotice', label: 'On notice' },
  { value: 'exited', label: 'Exited' },
];
