import { MONTHS, yearOptions } from '@/lib/months';
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
