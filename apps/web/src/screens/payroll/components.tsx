// Pieces the payroll screens share: unit and employee pickers, month pickers, status badges, the approval trail.
import { financialYearOf } from '@hr/calendar';
import type { TAdvanceStatus, TRunStatus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Check, ChevronsUpDown, Loader2, Lock } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MonthPicker } from '@/components/common/Pickers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { decryptParam, encryptParam, ROUTE_PARAM_ERROR } from '@/lib/crypto';
import { formatDateTime } from '@/lib/format';
import { yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { BAD_REQUEST_PATH } from '@/lib/useEncryptedParam';
import { cn } from '@/lib/utils';
import { ADVANCE_STATUS_LABEL, BONUS_STATUS_LABEL, financialYears, RUN_STATUS_LABEL, type TBonusStatus } from './api';

/** A native select in the look of the list filters (same as the employee list's). */
export const FILTER_CLASS = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

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

/** The one employee picker (apps/web/src/components/EmployeePicker.tsx), here where the payroll screens import it. */
export { EmployeePicker } from '@/components/EmployeePicker';

/** Years for a month a change takes effect from: next year (planning ahead), this year and the previous one. */
export function effectiveYears(): number[] {
  const [current, previous] = yearOptions();
  return [current + 1, current, previous];
}

/** A year from a given list (the spec's YearPicker offers only this year and the last). */
export function YearSelect({
  value,
  onChange,
  years,
  id,
  className,
  invalid,
}: {
  value: number | null;
  onChange: (v: number) => void;
  years: number[];
  id?: string;
  className?: string;
  invalid?: boolean;
}) {
  return (
    <Select value={value ? String(value) : ''} onValueChange={(v) => onChange(Number(v))}>
      <SelectTrigger id={id} className={cn('w-28', className)} aria-label="Year" aria-invalid={invalid || undefined}>
        <SelectValue placeholder="Year" />
      </SelectTrigger>
      <SelectContent>
        {years.map((y) => (
          <SelectItem key={y} value={String(y)}>
            {y}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A month and a year side by side (for "effective from" and "starts in"). */
export function MonthYearInput({
  year,
  month,
  onChange,
  years = effectiveYears(),
  id,
  invalid,
}: {
  year: number | null;
  month: number | null;
  onChange: (v: { year: number | null; month: number | null }) => void;
  years?: number[];
  id?: string;
  invalid?: boolean;
}) {
  return (
    <div className="flex gap-2">
      <MonthPicker
        id={id}
        value={month}
        onChange={(m) => onChange({ year, month: m })}
        aria-invalid={invalid}
        className="w-40 min-w-32 shrink"
      />
      <YearSelect value={year} onChange={(y) => onChange({ year: y, month })} years={years} invalid={invalid} className="w-24 shrink-0" />
    </div>
  );
}

const RUN_VARIANT = {
  draft: 'secondary',
  processing: 'warning',
  processed: 'default',
  approved: 'success',
  locked: 'outline',
} as const;

export function RunStatusBadge({ status }: { status: TRunStatus }) {
  return (
    <Badge variant={RUN_VARIANT[status]} data-testid="run-status">
      {status === 'processing' && <Loader2 className="animate-spin" />}
      {status === 'locked' && <Lock />}
      {RUN_STATUS_LABEL[status]}
    </Badge>
  );
}

const ADVANCE_VARIANT = {
  requested: 'warning',
  approved: 'default',
  paid: 'secondary',
  recovering: 'secondary',
  closed: 'success',
  rejected: 'destructive',
  cancelled: 'outline',
} as const;

export function AdvanceStatusBadge({ status }: { status: TAdvanceStatus }) {
  return (
    <Badge variant={ADVANCE_VARIANT[status]} data-testid="advance-status">
      {ADVANCE_STATUS_LABEL[status]}
    </Badge>
  );
}

const BONUS_VARIANT = { draft: 'warning', approved: 'success', paid: 'secondary', cancelled: 'destructive' } as const;

export function BonusStatusBadge({ status }: { status: TBonusStatus }) {
  return (
    <Badge variant={BONUS_VARIANT[status]} data-testid="bonus-status">
      {BONUS_STATUS_LABEL[status]}
    </Badge>
  );
}

type HistoryLine = { level: number; action: string; actorName: string; remark: string | null; at: string };

const VERB: Record<string, string> = {
  submitted: 'Submitted',
  resubmitted: 'Submitted again',
  amended: 'Submitted again in part',
  reopened: 'Reopened',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The steps of an approval: who did what, at which level, when, and the remark. */
export function ApprovalTrail({ lines, showLevel = true }: { lines: HistoryLine[]; showLevel?: boolean }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No step recorded yet.</p>;
  return (
    <ol className="space-y-1.5 border-l pl-3 text-sm" data-testid="approval-history">
      {lines.map((h, i) => (
        <li key={`${h.at}-${i}`}>
          <span className="font-medium">{VERB[h.action] ?? h.action}</span>
          {showLevel && h.level > 0 && h.action !== 'submitted' ? ` (level ${h.level})` : ''} by{' '}
          <span className="font-medium">{h.actorName}</span>
          <span className="text-muted-foreground">, {formatDateTime(h.at)}</span>
          {h.remark ? <span className="block text-muted-foreground">“{h.remark}”</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** A label and a figure in a header strip. */
export function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</div>
    </div>
  );
}

/**
 * An encrypted id carried in the search string (`?id=<hex>`, spec: ids travel encrypted): the id, 'absent' when
 * the parameter is missing, or null (and off to /400-bad-req) when it cannot be read.
 */
export function useEncryptedSearchId(name: string): number | 'absent' | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get(name);
  const value = useMemo(() => {
    if (raw === null || raw === '') return 'absent' as const;
    const text = decryptParam(raw);
    return text !== ROUTE_PARAM_ERROR && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  }, [raw]);
  useEffect(() => {
    if (value === null) navigate(BAD_REQUEST_PATH, { replace: true });
  }, [value, navigate]);
  return value;
}

/** A segmented choice of two or three options (native radios underneath, for the keyboard and screen readers). */
export function Segmented<T extends string>({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: T;
  onChange: (v: T) => void;
  options: { value: T; label: string }[];
}) {
  return (
    <div className="inline-flex w-fit rounded-md border p-0.5" role="radiogroup">
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'cursor-pointer rounded px-3 py-1.5 text-sm',
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** Spec: pay mode 2 is bank, any other value cash. */
export const ADVANCE_PAY_MODES = [
  { value: '2', label: 'Bank' },
  { value: '1', label: 'Cash' },
] as const;
export const payModeName = (id: number | null | undefined) => (id == null ? 'N/A' : id === 2 ? 'Bank' : 'Cash');

/**
 * The financial year a new record defaults to: the one chosen in the header (the session's finYear) when it is among
 * `offered`, else the first offered (the current one).
 */
export function useSessionFinancialYear(offered: number[] = financialYears()): number {
  const selected = useSession((s) => s.finYearDtls);
  const start = selected ? financialYearOf(selected.startDate).startYear : null;
  return start !== null && offered.includes(start) ? start : offered[0];
}

/** Where an advance opens: salary-advance/{advanceId}, the id encrypted (spec). */
export const advancePath = (id: number) => `${MENU.salaryAdvance}/${encryptParam(String(id))}`;

/** Where a bonus opens: employee-bonus/addorupdate, with ?id= (encrypted) for an existing one. */
export const bonusPath = (id?: number) => `${MENU.employeeBonus}/addorupdate${id ? `?id=${encryptParam(String(id))}` : ''}`;
