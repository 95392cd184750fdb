// Pieces the payroll screens share: month and year pickers, status badges, encrypted ids, pay modes. (Pickers and
// the approval trail every area uses are in components/common and components/approvals.)
import { financialYearOf } from '@hr/calendar';
import type { TAdvanceStatus, TRunStatus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MonthPicker } from '@/components/common/Pickers';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { decryptParam, encryptParam, ROUTE_PARAM_ERROR } from '@/lib/crypto';
import { yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { BAD_REQUEST_PATH } from '@/lib/useEncryptedParam';
import { cn } from '@/lib/utils';
import { ADVANCE_STATUS_LABEL, BONUS_STATUS_LABEL, financialYears, RUN_STATUS_LABEL, type TBonusStatus } from './api';

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
