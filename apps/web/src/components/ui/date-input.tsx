// The one date field: it always reads and takes dd/mm/yyyy (a browser's own date input follows the browser's
// language, mm/dd/yyyy in an en-US one), with a calendar to pick from; the value it gives is ISO (yyyy-mm-dd) as the API
// takes it, or '' when empty. Used controlled (value + onChange(e) with e.target.value) or with react-hook-form's
// register (its ref is a hidden input holding the ISO value; setting that value, as reset() does, shows it; focusing it
// focuses the text typed in).
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ChangeEvent, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { daysInMonth, displayToIso, isoToDisplay, maskDateText } from './date-text';

type ChangeLike = { target: HTMLInputElement; type: 'change' };

export interface DateInputProps {
  id?: string;
  name?: string;
  value?: string | null;
  onChange?: (e: ChangeEvent<HTMLInputElement> | ChangeLike) => void;
  onBlur?: (e: { target: HTMLInputElement; type: 'blur' }) => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  required?: boolean;
  min?: string | number;
  max?: string | number;
  className?: string;
  placeholder?: string;
  title?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'data-testid'?: string;
}

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// Hidden inputs whose value setter already shows what is set on them.
const wrapped = new WeakSet<HTMLInputElement>();
const pad = (n: number) => String(n).padStart(2, '0');
const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export function DateInput(props: DateInputProps) {
  const { id, name, disabled, className, onChange, onBlur } = props;
  const hidden = useRef<HTMLInputElement | null>(null);
  const shown = useRef<HTMLInputElement | null>(null);
  const [iso, setIso] = useState(props.value ?? '');
  const [text, setText] = useState(isoToDisplay(props.value ?? ''));
  const [open, setOpen] = useState(false);

  // A controlled value from outside replaces what is shown.
  useEffect(() => {
    if (props.value === undefined) return;
    const v = props.value ?? '';
    setIso(v);
    setText(isoToDisplay(v));
  }, [props.value]);

  // The hidden input is what react-hook-form holds: a value set on it (defaults, reset) is shown too.
  const attach = useCallback(
    (el: HTMLInputElement | null) => {
      hidden.current = el;
      if (el && !wrapped.has(el)) {
        // React's own value tracker may already sit on the element: chain to it rather than skip.
        wrapped.add(el);
        const inner = Object.getOwnPropertyDescriptor(el, 'value') ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
        Object.defineProperty(el, 'value', {
          configurable: true,
          get: () => inner?.get?.call(el),
          set: (v: string) => {
            inner?.set?.call(el, v ?? '');
            setIso(v ?? '');
            setText(isoToDisplay(v ?? ''));
          },
        });
        if (props.value) inner?.set?.call(el, props.value);
        // Focusing the field (react-hook-form on the first field in error) focuses what is typed in.
        el.focus = (options?: FocusOptions) => shown.current?.focus(options);
      }
      const ref = props.ref;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [props.ref],
  );

  function commit(next: string) {
    const el = hidden.current;
    if (!el) return;
    el.value = next;
    if (next !== iso || props.value !== undefined) onChange?.({ target: el, type: 'change' });
  }

  function onText(raw: string) {
    // An ISO date pasted (or filled by a test) is taken as it is.
    const asIso = /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? raw.trim() : null;
    const masked = asIso ? isoToDisplay(asIso) : maskDateText(raw);
    setText(masked);
    if (masked === '') commit('');
    else {
      const parsed = displayToIso(masked);
      if (parsed) commit(parsed);
    }
  }

  const partial = text !== '' && !displayToIso(text);
  return (
    <div className={cn('relative flex w-full min-w-0 items-center', className)}>
      <Input
        ref={shown}
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={props.placeholder ?? 'dd/mm/yyyy'}
        value={text}
        disabled={disabled}
        required={props.required}
        aria-label={props['aria-label']}
        title={props.title}
        aria-invalid={props['aria-invalid'] || partial || undefined}
        aria-describedby={props['aria-describedby']}
        data-testid={props['data-testid']}
        data-date-input=""
        className="pr-9 tabular-nums"
        onChange={(e) => onText(e.target.value)}
        onBlur={() => {
          // Left half-typed: back to the last whole date.
          if (partial) setText(isoToDisplay(iso));
          if (hidden.current) onBlur?.({ target: hidden.current, type: 'blur' });
        }}
      />
      {/* No defaultValue: on a hidden input it is the value itself, and React would set it back on every render. */}
      <input type="hidden" name={name} ref={attach} />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="absolute right-1 size-7"
            disabled={disabled}
            aria-label={`Choose ${props['aria-label'] ?? 'a date'} from a calendar`}
          >
            <CalendarDays />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-72 p-3" align="end">
          <MonthGrid
            value={iso}
            min={props.min === undefined ? undefined : String(props.min)}
            max={props.max === undefined ? undefined : String(props.max)}
            onPick={(d) => {
              setText(isoToDisplay(d));
              commit(d);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}

function MonthGrid({ value, min, max, onPick }: { value: string; min?: string; max?: string; onPick(iso: string): void }) {
  const start = value || todayIso();
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [month, setMonth] = useState(Number(start.slice(5, 7)));
  const move = (by: number) => {
    const m = month - 1 + by;
    setYear(year + Math.floor(m / 12));
    setMonth((((m % 12) + 12) % 12) + 1);
  };
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  const lead = (first + 6) % 7; // weeks start on Monday
  const days = daysInMonth(year, month);
  const today = todayIso();
  return (
    <div data-testid="date-calendar">
      <div className="mb-2 flex items-center justify-between">
        <Button type="button" variant="ghost" size="icon-sm" aria-label="Previous month" onClick={() => move(-1)}>
          <ChevronLeft />
        </Button>
        <span className="text-sm font-medium" aria-live="polite">
          {MONTHS[month - 1]} {year}
        </span>
        <Button type="button" variant="ghost" size="icon-sm" aria-label="Next month" onClick={() => move(1)}>
          <ChevronRight />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
        {WEEKDAYS.map((w) => (
          <span key={w} className="py-1 text-muted-foreground" aria-hidden="true">
            {w}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const d = `${year}-${pad(month)}-${pad(i + 1)}`;
          const out = (min && d < min) || (max && d > max);
          return (
            <button
              key={d}
              type="button"
              disabled={!!out}
              aria-pressed={d === value}
              onClick={() => onPick(d)}
              className={cn(
                'rounded-md py-1.5 tabular-nums hover:bg-accent disabled:opacity-40',
                d === value && 'bg-primary text-primary-foreground hover:bg-primary/90',
                d === today && d !== value && 'font-semibold text-primary',
              )}
            >
              {i + 1}
              <span className="sr-only"> {`${MONTHS[month - 1]} ${year}`}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
