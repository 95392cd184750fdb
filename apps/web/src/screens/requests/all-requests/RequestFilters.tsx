import { REQUEST_SORTS, REQUEST_STATUSES, type TRequestStatus } from '@hr/contract';
import type { ReactNode } from 'react';
import { DepartmentSelect, FILTER_CLASS, SearchBox } from '@/components/common/Filters';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker } from '@/components/EmployeePicker';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { TRequestKind } from '../api';
import { STATUS_LABEL } from '../format';
import type { TRequestFilters, TSort } from './useRequestFilters';

const SORT_LABEL: Record<TSort, string> = {
  pendingFirst: 'Pending first',
  '-createdAt': 'Newest asked',
  createdAt: 'Oldest asked',
  fromDate: 'Earliest date',
  '-fromDate': 'Latest date',
  employeeCode: 'Employee code',
};

/** The filter bar above the list (`extra`: the export button when the page has no header). */
export function RequestFilters({ kind, f, extra }: { kind: TRequestKind; f: TRequestFilters; extra?: ReactNode }) {
  const { refilter } = f;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="request-filters">
      <SearchBox value={f.search} onChange={refilter(f.setSearch)} />
      <UnitSelect
        value={f.unitId}
        onChange={(v) => {
          refilter(f.setUnitId)(v);
          f.setDepartmentId(null);
        }}
        allLabel="All units"
        className="w-48"
        data-testid="filter-unit"
      />
      <DepartmentSelect value={f.departmentId} onChange={refilter(f.setDepartmentId)} unitId={f.unitId} />
      <EmployeePicker
        value={f.employee}
        onChange={refilter(f.setEmployee)}
        unitId={f.unitId}
        className="w-60"
        placeholder="Any employee"
        data-testid="filter-employee"
      />
      {kind === 'leave' && (
        <ReferenceSelect
          resource="leaveType"
          aria-label="Leave type"
          placeholder="All leave types"
          value={f.leaveTypeId}
          onChange={refilter(f.setLeaveTypeId)}
          className="h-9 w-44"
          data-testid="filter-leave-type"
        />
      )}
      <select
        className={FILTER_CLASS}
        aria-label="Status"
        value={f.status ?? ''}
        onChange={(e) => refilter(f.setStatus)((e.target.value || null) as TRequestStatus | null)}
        data-testid="filter-status"
      >
        <option value="">Any status</option>
        {REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </select>
      <DateInput
        className="w-40"
        aria-label="From"
        title="Requests touching this day or later"
        value={f.from}
        onChange={(e) => refilter(f.setFrom)(e.target.value)}
      />
      <span className="text-sm text-muted-foreground">to</span>
      <DateInput
        className="w-40"
        aria-label="To"
        value={f.to}
        min={f.from || undefined}
        onChange={(e) => refilter(f.setTo)(e.target.value)}
      />
      <select className={FILTER_CLASS} aria-label="Order" value={f.sort} onChange={(e) => refilter(f.setSort)(e.target.value as TSort)}>
        {REQUEST_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABEL[s]}
          </option>
        ))}
      </select>
      <div className="flex items-center gap-2 pl-1">
        <Switch id="to-decide" checked={f.toDecide} onCheckedChange={refilter(f.setToDecide)} data-testid="filter-to-decide" />
        <Label htmlFor="to-decide" className="font-normal">
          Waiting for me
        </Label>
      </div>
      {extra}
    </div>
  );
}
