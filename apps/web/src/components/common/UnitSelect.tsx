// The unit pickers: the session holds exactly the units the caller may reach.
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

/**
 * A unit of the caller's: the session holds exactly the units the server lets this user reach (every active unit
 * for administrators, else the user-wise unit mapping), so no extra call is needed. `allLabel` adds an "all" choice.
 */
export function UnitSelect({
  value,
  onChange,
  allLabel,
  placeholder = 'Choose a unit',
  id,
  className,
  invalid,
  disabled,
  'data-testid': testId,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  allLabel?: string;
  placeholder?: string;
  id?: string;
  className?: string;
  invalid?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const units = useSession((s) => s.units);
  return (
    <Select
      value={value === null ? (allLabel ? 'all' : '') : String(value)}
      onValueChange={(v) => onChange(v === 'all' ? null : Number(v))}
      disabled={disabled}
    >
      <SelectTrigger id={id} className={cn('w-56', className)} aria-label="Unit" aria-invalid={invalid || undefined} data-testid={testId}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {allLabel && <SelectItem value="all">{allLabel}</SelectItem>}
        {units.map((u) => (
          <SelectItem key={u.id} value={String(u.id)}>
            {u.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Several of the caller's units (checkboxes in a popover), with "all" and "none" shortcuts. */
export function UnitMultiSelect({
  value,
  onChange,
  className,
  'data-testid': testId,
}: {
  value: number[];
  onChange: (v: number[]) => void;
  className?: string;
  'data-testid'?: string;
}) {
  const units = useSession((s) => s.units);
  const [open, setOpen] = useState(false);
  const names = units.filter((u) => value.includes(u.id)).map((u) => u.name);
  const summary = names.length === 0 ? 'Choose units' : names.length <= 2 ? names.join(', ') : `${names.length} units`;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label="Units"
          data-testid={testId}
          className={cn('w-64 justify-between font-normal', names.length === 0 && 'text-muted-foreground', className)}
        >
          <span className="truncate">{summary}</span>
          <ChevronsUpDown className="size-4 opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 p-2" align="start">
        <div className="mb-2 flex justify-between gap-2 text-xs">
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(units.map((u) => u.id))}>
            All my units
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange([])}>
            Clear
          </Button>
        </div>
        <div className="max-h-64 overflow-y-auto" role="listbox" aria-multiselectable>
          {units.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">No unit is mapped to your sign-in</p>}
          {units.map((u) => {
            const on = value.includes(u.id);
            return (
              <button
                type="button"
                key={u.id}
                role="option"
                aria-selected={on}
                onClick={() => onChange(on ? value.filter((v) => v !== u.id) : [...value, u.id])}
                className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent"
              >
                <Check className={cn('size-4', on ? 'opacity-100' : 'opacity-0')} />
                <span className="truncate">{u.name}</span>
                <span className="ml-auto text-xs text-muted-foreground">{u.code}</span>
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
