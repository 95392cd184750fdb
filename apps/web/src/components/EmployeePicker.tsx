// The one employee picker: a combobox that searches an employee source by name or code as you type. A source is
// either a plain list (the first matches, e.g. GET /api/employees/options) or paged ({ total, rows }, e.g. the
// visitor form's hosts): a paged source shows the count and previous / next.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounced } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { SearchCombobox, SearchComboboxOption } from '@/components/ui/search-combobox';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export type TPickedEmployee = { id: number; name: string; employeeCode: string; departmentName?: string | null };

/** An employee as the screens hold a picked one: id, name and code. */
export type TEmployeeOption = { id: number; name: string; employeeCode: string };

type Query = { search?: string; page: number; pageSize: number };

/** Where the picker's options come from. `key` names the query (cache); `noun` is what the options are, plural. */
export type EmployeeSource<T extends TPickedEmployee> = { key: readonly unknown[]; noun: string } & (
  | { paged?: false; load: (q: Query, signal: AbortSignal) => Promise<T[]> }
  | { paged: true; pageSize: number; load: (q: Query, signal: AbortSignal) => Promise<{ total: number; rows: T[] }> }
);

const quiet = (signal: AbortSignal) => ({ signal, bypass_log: true, silent: true });

/** The employees within the caller's reach (optionally of one unit): GET /api/employees/options, the first matches. */
export function employeeOptions(unitId?: number | null): EmployeeSource<TPickedEmployee> {
  return {
    key: ['employees', 'options', unitId ?? null],
    noun: 'employees',
    load: (q, signal) =>
      api.get<TPickedEmployee[]>(apiPath('/api/employees/options'), { search: q.search, unitId: unitId ?? undefined }, quiet(signal)),
  };
}

/** A paged source read from `url` ({ search, page, pageSize } → { total, rows }). */
export function pagedEmployees<T extends TPickedEmployee>(url: string, noun: string, pageSize = 20): EmployeeSource<T> {
  return {
    key: [url],
    noun,
    paged: true,
    pageSize,
    load: (q, signal) => api.get<{ total: number; rows: T[] }>(url, { ...q }, quiet(signal)),
  };
}

export function EmployeePicker<T extends TPickedEmployee = TPickedEmployee>({
  value,
  onChange,
  source,
  unitId,
  placeholder = 'Find an employee by name or code',
  label = 'Employee',
  id,
  className,
  invalid,
  disabled,
  'data-testid': testId,
}: {
  value: T | null;
  onChange: (v: T | null) => void;
  /** Default: the employees within reach (of `unitId` when given). */
  source?: EmployeeSource<T>;
  unitId?: number | null;
  placeholder?: string;
  /** The trigger's accessible name. */
  label?: string;
  id?: string;
  className?: string;
  invalid?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const from = source ?? (employeeOptions(unitId) as unknown as EmployeeSource<T>);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 250);
  const pageSize = from.paged ? from.pageSize : 0;
  const options = useQuery({
    queryKey: [...from.key, q, from.paged ? page : null],
    queryFn: async ({ signal }) => {
      const query = { search: q || undefined, page, pageSize };
      if (from.paged) return from.load(query, signal);
      const rows = await from.load(query, signal);
      return { total: rows.length, rows };
    },
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rows = options.data?.rows ?? [];
  const total = options.data?.total ?? 0;
  const pages = from.paged ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  return (
    <SearchCombobox
      open={open}
      onOpenChange={setOpen}
      summary={value ? `${value.name} (${value.employeeCode})` : placeholder}
      empty={!value}
      onClear={() => onChange(null)}
      search={search}
      onSearch={(v) => {
        setSearch(v);
        setPage(1);
      }}
      searchPlaceholder="Name or employee code"
      searchTestId="employee-picker-search"
      emptyMessage={rows.length === 0 ? (options.isFetching ? 'Loading…' : `No ${from.noun} match`) : null}
      id={id}
      invalid={invalid}
      disabled={disabled}
      className={className}
      popoverClassName="min-w-72"
      data-testid={testId}
      aria-label={label}
      footer={
        pages > 1 && (
          <div className="mt-2 flex items-center justify-between text-xs text-muted-foreground">
            <span>
              {total} {from.noun} · page {page} of {pages}
            </span>
            <span className="flex gap-1">
              <Button type="button" size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button type="button" size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </span>
          </div>
        )
      }
    >
      {rows.map((o) => (
        <SearchComboboxOption
          key={o.id}
          selected={value?.id === o.id}
          onSelect={() => {
            onChange(o);
            setOpen(false);
          }}
        >
          <span className="min-w-0">
            <span className="block truncate">{o.name}</span>
            {o.departmentName && <span className="block truncate text-xs text-muted-foreground">{o.departmentName}</span>}
          </span>
          <span className="ml-auto font-mono text-xs text-muted-foreground">{o.employeeCode}</span>
        </SearchComboboxOption>
      ))}
    </SearchCombobox>
  );
}
