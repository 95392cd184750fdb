// The one searchable combobox: a trigger button showing the choice (with a clear cross), and a popover with a search
// box over a list of options the caller loads as the search changes. ReferenceSelect (masters) and EmployeePicker
// are built on it.
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export interface SearchComboboxProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What the trigger shows: the choice, or the placeholder when `empty`. */
  summary: ReactNode;
  empty: boolean;
  /** Shown as a cross on the trigger when given and something is chosen. */
  onClear?: () => void;
  search: string;
  onSearch(search: string): void;
  searchPlaceholder: string;
  searchTestId: string;
  /** Shown instead of the options when there are none (e.g. 'Loading…' or 'No matches'). */
  emptyMessage: string | null;
  multiple?: boolean;
  /** The options: SearchComboboxOption elements. */
  children: ReactNode;
  /** Below the list (e.g. paging). */
  footer?: ReactNode;
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  popoverClassName?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function SearchCombobox(props: SearchComboboxProps) {
  const { open, empty, disabled } = props;
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // Each opening starts afresh: the last search is cleared and the first option is the active one.
  function onOpenChange(next: boolean) {
    if (next && props.search !== '') props.onSearch('');
    setActive(0);
    props.onOpenChange(next);
  }
  // The active option is marked (and kept in view) whenever the options or the active index change.
  useEffect(() => {
    const options = list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    options.forEach((o, i) => {
      o.toggleAttribute('data-active', i === active);
    });
    options[active]?.scrollIntoView?.({ block: 'nearest' });
  });
  // Enter chooses the active option (the first match as one types); the arrows move through them.
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const options = list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      options[Math.min(active, options.length - 1)]?.click();
    }
  }
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          id={props.id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-invalid={props.invalid || undefined}
          aria-label={props['aria-label']}
          disabled={disabled}
          data-testid={props['data-testid']}
          className={cn(
            'w-full justify-between font-normal aria-invalid:border-destructive',
            empty && 'text-muted-foreground',
            props.className,
          )}
        >
          <span className="truncate">{props.summary}</span>
          <span className="flex items-center gap-1">
            {props.onClear && !empty && !disabled && (
              // biome-ignore lint/a11y/useSemanticElements: nested inside the trigger button
              <span
                role="button"
                tabIndex={-1}
                aria-label="Clear"
                className="rounded p-0.5 hover:bg-accent"
                onPointerDown={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  props.onClear?.();
                }}
              >
                <X className="size-3.5" />
              </span>
            )}
            <ChevronsUpDown className="size-4 opacity-50" />
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className={cn('w-(--radix-popover-trigger-width) min-w-64 p-2', props.popoverClassName)} align="start">
        <Input
          autoFocus
          placeholder={props.searchPlaceholder}
          value={props.search}
          onChange={(e) => {
            setActive(0);
            props.onSearch(e.target.value);
          }}
          onKeyDown={onKeyDown}
          aria-label={props.searchPlaceholder}
          className="mb-2 h-8"
          data-testid={props.searchTestId}
        />
        <div ref={list} className="max-h-64 overflow-y-auto" role="listbox" aria-multiselectable={props.multiple || undefined}>
          {props.emptyMessage !== null && <p className="px-2 py-1.5 text-sm text-muted-foreground">{props.emptyMessage}</p>}
          {props.children}
        </div>
        {props.footer}
      </PopoverContent>
    </Popover>
  );
}

/** One option of a SearchCombobox: a check when selected, then the caller's content. */
export function SearchComboboxOption({ selected, onSelect, children }: { selected: boolean; onSelect(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      onClick={onSelect}
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent data-active:bg-accent"
    >
      <Check className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} />
      {children}
    </button>
  );
}
