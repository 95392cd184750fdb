// The list filters' controls, alike on every list screen: a native select's look, a date, a department, a search box.

import { Search } from 'lucide-react';
import type * as React from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { DateInput as DateField } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A native select in the look of the list filters (the payroll, attendance, request and employee lists use it). */
export const FILTER_CLASS = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** A date field (the browser's date input; 'YYYY-MM-DD'). */
export function DateInput({
  value,
  onChange,
  label,
  id,
  min,
  max,
  className,
  invalid,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  id?: string;
  min?: string;
  max?: string;
  className?: string;
  invalid?: boolean;
}) {
  return (
    <DateField
      id={id}
      aria-label={label}
      className={cn('w-40', className)}
      value={value}
      min={min}
      max={max}
      aria-invalid={invalid || undefined}
      onChange={(e) => e.target.value && onChange(e.target.value)}
    />
  );
}

/** A department (of the chosen unit's mapping, when a unit is chosen). */
export function DepartmentSelect({
  value,
  onChange,
  unitId,
  className,
  placeholder = 'All departments',
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  unitId?: number | null;
  className?: string;
  placeholder?: string;
}) {
  return (
    <ReferenceSelect
      resource="department"
      aria-label="Department"
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      scope={{ mappedToUnit: unitId ?? null }}
      className={cn('h-9 w-48', className)}
      data-testid="filter-department"
    />
  );
}

export function SearchBox({
  value,
  onChange,
  placeholder = 'Name or employee code',
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn('relative w-60', className)}>
      <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
      <Input
        className="pl-8"
        placeholder={placeholder}
        aria-label="Search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="filter-search"
      />
    </div>
  );
}

/** The row of a list's filters above its table. */
export function FilterBar({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('mb-4 flex flex-wrap items-center gap-2', className)}>{children}</div>;
}

/** A list's filters that start with the unit ("All units"), then the list's own. */
export function UnitFilterBar({
  unitId,
  onUnitChange,
  children,
}: {
  unitId: number | null;
  onUnitChange: (unitId: number | null) => void;
  children?: React.ReactNode;
}) {
  return (
    <FilterBar>
      <UnitSelect value={unitId} onChange={onUnitChange} allLabel="All units" />
      {children}
    </FilterBar>
  );
}

/** A native select filter named `label`: `any` first when given (the value ''), then the options; gives the value as text. */
export function FilterSelect<V extends string | number>({
  label,
  value,
  onChange,
  options,
  optionLabel = String,
  any,
}: {
  label: string;
  value: V | null;
  onChange: (value: string) => void;
  options: readonly V[];
  optionLabel?: (value: V) => string;
  any?: string;
}) {
  return (
    <select className={FILTER_CLASS} aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      {any !== undefined && <option value="">{any}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {optionLabel(o)}
        </option>
      ))}
    </select>
  );
}
