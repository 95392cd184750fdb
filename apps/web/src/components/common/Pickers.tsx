import type { TFinancialYear } from '@hr/contract';
import { useState } from 'react';
import { MONTHS, yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

type PickerProps = {
  value: number | null | undefined;
  onChange: (value: number) => void;
  id?: string;
  className?: string;
  disabled?: boolean;
  placeholder?: string;
  'aria-invalid'?: boolean;
};

/** Year picker: the current year and the previous year (spec). */
export function YearPicker({ value, onChange, id, className, disabled, placeholder = 'Select year', ...rest }: PickerProps) {
  const years = yearOptions();
  return (
    <Select value={value ? String(value) : ''} onValueChange={(v) => onChange(Number(v))} disabled={disabled}>
      <SelectTrigger id={id} className={cn('w-32', className)} aria-label="Year" aria-invalid={rest['aria-invalid']}>
        <SelectValue placeholder={placeholder} />
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

/** Month picker: ids 1–12 with English full month names (spec). */
export function MonthPicker({ value, onChange, id, className, disabled, placeholder = 'Select month', ...rest }: PickerProps) {
  return (
    <Select value={value ? String(value) : ''} onValueChange={(v) => onChange(Number(v))} disabled={disabled}>
      <SelectTrigger id={id} className={cn('w-40', className)} aria-label="Month" aria-invalid={rest['aria-invalid']}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {MONTHS.map((m) => (
          <SelectItem key={m.id} value={String(m.id)}>
            {m.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export type YearMonth = { year: number; month: number };

/**
 * The month a month and year picker starts on when the header's financial year is `fy`: `preferred` (this month,
 * last month…) when it lies in that year, else the year's nearest month (March of a past year, April of a later
 * one), as long as the year picker offers it (`years`); otherwise `preferred`.
 */
export function monthInFinancialYear(
  fy: Pick<TFinancialYear, 'startDate' | 'endDate'> | null | undefined,
  preferred: YearMonth,
  years: readonly number[] = yearOptions(),
): YearMonth {
  if (!fy) return preferred;
  const key = (ym: YearMonth) => ym.year * 12 + ym.month;
  const at = (iso: string): YearMonth => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });
  const start = at(fy.startDate);
  const end = at(fy.endDate);
  const chosen = key(preferred) > key(end) ? end : key(preferred) < key(start) ? start : preferred;
  return years.includes(chosen.year) ? chosen : preferred;
}

/**
 * A month and year picker's state that follows the header's financial year: it starts in the chosen year and
 * moves into it again when the header changes (the spec's year selector applies to the payroll screens).
 */
export function useMonthOfHeaderYear(preferred: () => YearMonth) {
  const fy = useSession((s) => s.finYearDtls);
  const [value, setValue] = useState<YearMonth>(() => monthInFinancialYear(fy, preferred()));
  const [seen, setSeen] = useState(fy?.id ?? null);
  if ((fy?.id ?? null) !== seen) {
    setSeen(fy?.id ?? null);
    setValue(monthInFinancialYear(fy, preferred()));
  }
  return [value, setValue] as const;
}
