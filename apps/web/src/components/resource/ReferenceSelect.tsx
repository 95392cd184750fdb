import { useState } from 'react';
import { useDebounced } from '@/components/data-table/useDebounced';
import { SearchCombobox, SearchComboboxOption } from '@/components/ui/search-combobox';
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
    <SearchCombobox
      open={open}
      onOpenChange={setOpen}
      summary={summary}
      empty={selected.length === 0}
      onClear={props.multiple ? undefined : () => props.onChange(null)}
      search={search}
      onSearch={setSearch}
      searchPlaceholder="Search…"
      searchTestId="reference-search"
      emptyMessage={rows.length === 0 ? (options.isFetching ? 'Loading…' : 'No matches') : null}
      multiple={props.multiple}
      id={id}
      invalid={invalid}
      disabled={disabled}
      className={className}
      data-testid={props['data-testid']}
      aria-label={props['aria-label']}
    >
      {rows.map((o) => (
        <SearchComboboxOption key={o.id} selected={selected.includes(o.id)} onSelect={() => toggle(o.id)}>
          <span className="truncate">{o.label}</span>
        </SearchComboboxOption>
      ))}
    </SearchCombobox>
  );
}
