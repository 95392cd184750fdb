import type { TFinancialYear } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { MonthPicker, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import type { TReportMeta, TReportValues } from '../api';

const QUARTER_OPTIONS = [
  { value: 1, label: 'Q1 (April – June)' },
  { value: 2, label: 'Q2 (July – September)' },
  { value: 3, label: 'Q3 (October – December)' },
  { value: 4, label: 'Q4 (January – March)' },
];

function useFinancialYears() {
  return useQuery({
    queryKey: ['financial-years'],
    queryFn: ({ signal }) => api.get<TFinancialYear[]>(apiPath('/api/financial-years'), undefined, { signal, bypass_log: true }),
  });
}

export const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

type TFilterProps = { meta: TReportMeta; values: TReportValues; set: (patch: TReportValues) => void; kinds: Set<string> };

/** Who: unit, department, designation, category, state, employee. */
function WhoFilters({ values, set, kinds }: TFilterProps) {
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const unitId = (values.unitId as number | undefined) ?? null;
  return (
    <>
      {kinds.has('unit') && (
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setEmployee(null);
            set({ unitId: v, departmentId: null, employeeId: null });
          }}
          allLabel="All units"
          data-testid="filter-unit"
        />
      )}
      {kinds.has('department') && (
        <DepartmentSelect
          value={(values.departmentId as number | null) ?? null}
          onChange={(v) => set({ departmentId: v })}
          unitId={unitId}
        />
      )}
      {kinds.has('designation') && (
        <ReferenceSelect
          resource="designation"
          aria-label="Designation"
          placeholder="All designations"
          value={(values.designationId as number | null) ?? null}
          onChange={(v) => set({ designationId: v })}
          className="h-9 w-48"
        />
      )}
      {kinds.has('category') && (
        <ReferenceSelect
          resource="category"
          aria-label="Category"
          placeholder="All categories"
          value={(values.categoryId as number | null) ?? null}
          onChange={(v) => set({ categoryId: v })}
          className="h-9 w-44"
        />
      )}
      {kinds.has('state') && (
        <ReferenceSelect
          resource="state"
          aria-label="State"
          placeholder="All states"
          value={(values.stateId as number | null) ?? null}
          onChange={(v) => set({ stateId: v })}
          className="h-9 w-44"
        />
      )}
      {kinds.has('employee') && (
        <EmployeePicker
          value={employee}
          onChange={(v) => {
            setEmployee(v);
            set({ employeeId: v?.id ?? null });
          }}
          unitId={unitId}
          placeholder="All employees"
          className="w-64"
          data-testid="filter-employee"
        />
      )}
    </>
  );
}

/** When: financial year, quarter, month, date range. */
function PeriodFilters({ values, set, kinds }: TFilterProps) {
  const years = useFinancialYears().data ?? [];
  const rangeInvalid = Boolean(values.from && values.to && String(values.to) < String(values.from));
  return (
    <>
      {kinds.has('financialYear') && (
        <select
          aria-label="Financial year"
          className={selectClass}
          value={values.financialYear ? String(values.financialYear) : ''}
          onChange={(e) => set({ financialYear: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Financial year…</option>
          {years.map((fy) => (
            <option key={fy.id} value={fy.startDate.slice(0, 4)}>
              {fy.name}
            </option>
          ))}
        </select>
      )}
      {kinds.has('quarter') && (
        <select
          aria-label="Quarter"
          className={selectClass}
          value={values.quarter ? String(values.quarter) : ''}
          onChange={(e) => set({ quarter: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Quarter…</option>
          {QUARTER_OPTIONS.map((q) => (
            <option key={q.value} value={q.value}>
              {q.label}
            </option>
          ))}
        </select>
      )}
      {kinds.has('month') && (
        <>
          <MonthPicker value={(values.month as number | null) ?? null} onChange={(m) => set({ month: m, from: null, to: null })} />
          <YearPicker value={(values.year as number | null) ?? null} onChange={(y) => set({ year: y, from: null, to: null })} />
        </>
      )}
      {kinds.has('dateRange') && (
        <div className="flex items-center gap-1 text-sm text-muted-foreground">
          <DateInput
            label="From"
            value={String(values.from ?? '')}
            onChange={(v) => set({ from: v, ...(kinds.has('month') ? { year: null, month: null } : {}) })}
            invalid={rangeInvalid}
          />
          to
          <DateInput
            label="To"
            value={String(values.to ?? '')}
            min={String(values.from ?? '')}
            onChange={(v) => set({ to: v, ...(kinds.has('month') ? { year: null, month: null } : {}) })}
            invalid={rangeInvalid}
          />
        </div>
      )}
    </>
  );
}

/** The report's status choice and its grouping. */
function StatusAndGroup({ meta, values, set }: TFilterProps) {
  return (
    <>
      {meta.filters
        .filter((f) => f.kind === 'status')
        .map((f) => (
          <select
            key="status"
            aria-label="Status"
            className={selectClass}
            value={String(values.status ?? '')}
            onChange={(e) => set({ status: e.target.value || null })}
          >
            <option value="">{f.required ? 'Status…' : 'Any status'}</option>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ))}
      {meta.groupBy.length > 0 && (
        <select
          aria-label="Group by"
          className={selectClass}
          value={String(values.groupBy ?? '')}
          onChange={(e) => set({ groupBy: e.target.value || null })}
        >
          <option value="">No grouping</option>
          {meta.groupBy.map((g) => (
            <option key={g.key} value={g.key}>
              Group by {g.label.toLowerCase()}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

/** The filter bar drawn from the report's declared filters. */
export function FilterBar({ meta, values, set }: { meta: TReportMeta; values: TReportValues; set: (patch: TReportValues) => void }) {
  const p = { meta, values, set, kinds: new Set<string>(meta.filters.map((f) => f.kind)) };
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="report-filters">
      <WhoFilters {...p} />
      <PeriodFilters {...p} />
      <StatusAndGroup {...p} />
    </div>
  );
}
