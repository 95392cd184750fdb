// The assign-shifts dialog's small parts: a shift (or OFF) for one day, the employees chosen so far.
import { X } from 'lucide-react';
import { FILTER_CLASS } from '@/components/common/Filters';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TShiftOption } from './api';

/** A shift, or OFF (null), for one day of a pattern. */
export function ShiftChoice({
  value,
  onChange,
  shifts,
  label,
  allowOff = true,
  invalid,
  compact = true,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  shifts: TShiftOption[];
  label: string;
  allowOff?: boolean;
  invalid?: boolean;
  /** Codes only (the narrow cells of a pattern); else with the name and times. */
  compact?: boolean;
}) {
  return (
    <select
      className={cn(FILTER_CLASS, 'w-full', value === null && 'text-muted-foreground', invalid && 'border-destructive')}
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      {allowOff ? <option value="">OFF</option> : <option value="">Choose a shift</option>}
      {shifts.map((s) => (
        <option key={s.id} value={s.id} title={`${s.name} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}`}>
          {compact ? s.code : `${s.code} · ${s.name}${s.startTime ? ` (${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)})` : ''}`}
        </option>
      ))}
    </select>
  );
}

/** The employees chosen so far, each removable, and Clear all. */
export function ChosenEmployees({
  employees,
  setEmployees,
}: {
  employees: TEmployeeOption[];
  setEmployees: (e: TEmployeeOption[]) => void;
}) {
  if (employees.length === 0) return null;
  return (
    <div className="flex max-h-28 flex-wrap gap-1 overflow-y-auto" data-testid="assign-chosen">
      {employees.map((e) => (
        <span key={e.id} className="inline-flex items-center gap-1 rounded-md border bg-muted px-2 py-0.5 text-xs">
          {e.name} <span className="font-mono text-muted-foreground">{e.employeeCode}</span>
          <button
            type="button"
            aria-label={`Remove ${e.name}`}
            className="rounded hover:bg-accent"
            onClick={() => setEmployees(employees.filter((x) => x.id !== e.id))}
          >
            <X className="size-3" />
          </button>
        </span>
      ))}
      {employees.length > 1 && (
        <Button type="button" variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={() => setEmployees([])}>
          Clear all
        </Button>
      )}
    </div>
  );
}
