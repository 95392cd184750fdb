// The visitor form's host: any active employee of one's own unit (GET /api/requests/hosts), searched by name or code
// as you type, twenty at a time; the list shows the name, code and department only.
import type { THost, THostList } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useState } from 'react';
import { useDebounced } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';

const PAGE = 20;

function useHosts(search: string, page: number, enabled: boolean) {
  const q = useDebounced(search.trim(), 250);
  return useQuery({
    queryKey: ['requests', 'hosts', q, page],
    queryFn: ({ signal }) =>
      api.get<THostList>(
        '/api/requests/hosts',
        { search: q || undefined, page, pageSize: PAGE },
        { signal, bypass_log: true, silent: true },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function HostPicker({
  value,
  onChange,
  placeholder,
  id,
  invalid,
  'data-testid': testId,
}: {
  value: THost | null;
  onChange: (v: THost | null) => void;
  placeholder: string;
  id?: string;
  invalid?: boolean;
  'data-testid'?: string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const hosts = useHosts(search, page, open);
  const rows = hosts.data?.rows ?? [];
  const total = hosts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label="Host"
          aria-invalid={invalid || undefined}
          data-testid={testId}
          className={cn('w-full justify-between font-normal aria-invalid:border-destructive', !value && 'text-muted-foreground')}
        >
          <span className="truncate">{value ? `${value.name} (${value.employeeCode})` : placeholder}</span>
          <span className="flex items-center gap-1">
            {value && (
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
          data-testid="host-search"
        />
        <div className="max-h-64 overflow-y-auto" role="listbox">
          {rows.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{hosts.isFetching ? 'Loading…' : 'No colleague matches'}</p>
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
              {total} colleagues · page {page} of {pages}
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
