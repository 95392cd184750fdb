import { useState } from 'react';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { todayIso } from '@/lib/format';
import type { TReportQuery } from './api';
import { monthBounds, yearMonthOf } from './format';

export type TReportFilters = {
  unitId: number | null;
  departmentId: number | null;
  employee: TEmployeeOption | null;
  from: string;
  to: string;
};

/** The report filters' state: from – to default to the current month; any change goes back to page 1. */
export function useReportFilters() {
  const [filters, setFilters] = useState<TReportFilters>(() => {
    const { year, month } = yearMonthOf(todayIso());
    return { unitId: null, departmentId: null, employee: null, ...monthBounds(year, month) };
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const set = <K extends keyof TReportFilters>(k: K, v: TReportFilters[K]) => {
    setFilters((f) => ({ ...f, [k]: v, ...(k === 'unitId' ? { departmentId: null, employee: null } : {}) }));
    setPage(1);
  };
  const invalid = filters.to < filters.from;
  const query: TReportQuery = {
    unitId: filters.unitId,
    departmentId: filters.departmentId,
    employeeId: filters.employee?.id ?? null,
    from: filters.from,
    to: filters.to,
    page,
    pageSize,
  };
  return { filters, set, query, invalid, page, setPage, pageSize, setPageSize };
}

/** Unit, department, employee and from – to. */
export function ReportFilters({ state }: { state: ReturnType<typeof useReportFilters> }) {
  const { filters, set, invalid } = state;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2" data-testid="report-filters">
        <UnitSelect value={filters.unitId} onChange={(v) => set('unitId', v)} allLabel="All units" data-testid="filter-unit" />
        <DepartmentSelect value={filters.departmentId} onChange={(v) => set('departmentId', v)} unitId={filters.unitId} />
        <EmployeePicker
          value={filters.employee}
          onChange={(v) => set('employee', v)}
          unitId={filters.unitId}
          placeholder="All employees"
          className="w-64"
          data-testid="filter-employee"
        />
        <div className="flex items-center gap-1 text-sm text-muted-foreground">
          <DateInput label="From" value={filters.from} onChange={(v) => set('from', v)} invalid={invalid} />
          to
          <DateInput label="To" value={filters.to} min={filters.from} onChange={(v) => set('to', v)} invalid={invalid} />
        </div>
      </div>
      {invalid && (
        <p className="text-sm text-destructive" role="alert">
          The end date must not be before the start date.
        </p>
      )}
    </div>
  );
}
