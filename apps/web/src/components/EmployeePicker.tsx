// The one employee picker: a combobox that searches an employee source by name or code as you type. A source is
// either a plain list (the first matches, e.g. GET /api/employees/options) or paged ({ total, rows }, e.g. the
// visitor form's hosts): a paged source shows the count and previous / next.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useState } from 'react';
import { useDebounced } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';

export type TPickedEmployee = { id: number; name: string; employeeCode: string; departmentName?: string | null };

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
      api.get<TPickedEmployee[]>('/api/employees/options', { search: q.search, unitId: unitId ?? undefined }, quiet(signal)),
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
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label={label}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          data-testid={testId}
          className={cn('w-full justify-between font-normal aria-invalid:border-destructive', !value && 'text-muted-foreground', className)}
        >
          <span className="truncate">{value ? `${value.name} (${value.employeeCode})` : placeholder}</span>
          <span className="flex items-center gap-1">
            {value && !disabled && (
              // biome-ignore lint/a11y/useSemanticElements: nested inside the trigger button
              <span
                role="button"
                tabIndex={-1}
                aria-label="Clear"
                className="rounded p-0.5 hover:bg-accent"
                onPointerDown={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  onChange(null);
                }}
              >
                <X className="size-3.5" />
              </span>
            )}
            <ChevronsUpDown className="size-4 opacity-50" />
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72 p-2" align="start">
        <Input
          autoFocus
          placeholder="Name or employee code"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="mb-2 h-8"
          data-testid="employee-picker-search"
        />
        <div className="max-h-64 overflow-y-auto" role="listbox">
          {rows.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{options.isFetching ? 'Loading…' : `No ${from.noun} match`}</p>
          )}
          {rows.map((o) => (
            <button
              type="button"
              key={o.id}
              role="option"
              aria-selected={value?.id === o.id}
              onClick={() => {
                onChange(o);
                setOpen(false);
              }}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent"
            >
              <Check className={cn('size-4 shrink-0', value?.id === o.id ? 'opacity-100' : 'opacity-0')} />
              <span className="min-w-0">
                <span className="block truncate">{o.name}</span>
                {o.departmentName && <span className="block truncate text-xs text-muted-foreground">{o.departmentName}</span>}
              </span>
              <span className="ml-auto font-mono text-xs text-muted-foreground">{o.employeeCode}</span>
            </button>
          ))}
        </div>
        {pages > 1 && (
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
        )}
      </PopoverContent>
    </Popover>
  );
}
