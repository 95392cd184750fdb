import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useState } from 'react';
import { useDebounced } from '@/components/data-table/useDebounced';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { type OptionScope, useOptions } from './api';

interface BaseProps {
  /** The referenced resource whose rows are the options. */
  resource: string;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
  'aria-label'?: string;
  /** Narrows the choices on the server (e.g. the cities of the chosen state). */
  scope?: OptionScope;
}

type Props = BaseProps &
  (
    | { multiple?: false; value: number | null | undefined; onChange: (v: number | null) => void }
    | { multiple: true; value: number[] | undefined; onChange: (v: number[]) => void }
  );

/** A searchable select over another resource (options load from the server as you type). */
export function ReferenceSelect(props: Props) {
  const { resource, id, placeholder = 'Select…', invalid, disabled, className } = props;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search);
  const selected: number[] = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const options = useOptions(resource, debounced, selected, open || selected.length > 0, props.scope);
  const rows = options.data ?? [];
  const labelOf = (v: number) => rows.find((o) => o.id === v)?.label ?? `#${v}`;

  const toggle = (v: number) => {
    if (props.multiple) {
      const cur = props.value ?? [];
      props.onChange(cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v]);
    } else {
      props.onChange(v);
      setOpen(false);
    }
  };

  const summary = selected.length === 0 ? placeholder : selected.map(labelOf).join(', ');

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          data-testid={props['data-testid']}
          aria-label={props['aria-label']}
          className={cn(
            'w-full justify-between font-normal aria-invalid:border-destructive',
            selected.length === 0 && 'text-muted-foreground',
            className,
          )}
        >
          <span className="truncate">{summary}</span>
          <span className="flex items-center gap-1">
            {!props.multiple && selected.length > 0 && !disabled && (
              // biome-ignore lint/a11y/useSemanticElements: nested inside the trigger button
              <span
                role="button"
                tabIndex={-1}
                aria-label="Clear"
                className="rounded p-0.5 hover:bg-accent"
                onPointerDown={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  props.onChange(null);
                }}
              >
                <X className="size-3.5" />
              </span>
            )}
            <ChevronsUpDown className="size-4 opacity-50" />
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-2" align="start">
        <Input
          autoFocus
          placeholder="Search…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="mb-2 h-8"
          data-testid="reference-search"
        />
        <div className="max-h-64 overflow-y-auto" role="listbox" aria-multiselectable={props.multiple || undefined}>
          {rows.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{options.isFetching ? 'Loading…' : 'No matches'}</p>
          )}
          {rows.map((o) => {
            const on = selected.includes(o.id);
            return (
              <button
                type="button"
                key={o.id}
                role="option"
                aria-selected={on}
                onClick={() => toggle(o.id)}
                className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent"
              >
                <Check className={cn('size-4', on ? 'opacity-100' : 'opacity-0')} />
                <span className="truncate">{o.label}</span>
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
