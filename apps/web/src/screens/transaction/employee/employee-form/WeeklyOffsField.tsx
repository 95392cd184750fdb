import { describeWeeklyOffs, weeklyOffCodeValid } from '@hr/attendance/roster';
import { WEEK_DAYS } from '@hr/contract';
import { FormField } from '@/components/ui/form-field';

const WEEK_LABELS = ['1st', '2nd', '3rd', '4th', '5th', 'Last'];

/** The weekly offs as words ('Sunday; 2nd and 4th Saturday'), or '' when a stored code is not understood. */
function weeklyOffsText(codes: readonly number[]): string {
  return codes.every(weeklyOffCodeValid) ? describeWeeklyOffs(codes) : '';
}

/**
 * Weekly offs per weekday: every week, or some weeks of the month (1st…5th, last). The stored value stays
 * the codes (0–6 every week; 10·w + d the w-th weekday d; 60 + d the last).
 */
export function WeeklyOffsField({
  codes,
  error,
  disabled,
  onChange,
}: {
  codes: number[];
  error?: string[];
  disabled: boolean;
  onChange: (codes: number[]) => void;
}) {
  const has = (c: number) => codes.includes(c);
  const apply = (next: number[]) => onChange([...new Set(next)].sort((a, b) => a - b));
  const toggleEvery = (d: number) => apply(has(d) ? codes.filter((c) => c !== d) : [...codes.filter((c) => c < 7 || c % 10 !== d), d]);
  const toggleWeek = (d: number, w: number) => {
    const code = 10 * w + d;
    if (has(d))
      apply([...codes.filter((c) => c !== d), code]); // from every week to just this one
    else apply(has(code) ? codes.filter((c) => c !== code) : [...codes, code]);
  };
  const chip = (on: boolean) =>
    `h-7 rounded-md border px-2 text-xs ${on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background'} disabled:opacity-60`;
  return (
    <FormField label="Weekly offs" className="sm:col-span-2" error={error} hint={weeklyOffsText(codes)}>
      <div className="space-y-1.5" data-testid="weekly-offs">
        {WEEK_DAYS.map((day, d) => (
          <div key={day} className="flex flex-wrap items-center gap-1.5">
            <span className="w-10 text-sm font-medium">{day}</span>
            <button type="button" disabled={disabled} className={chip(has(d))} aria-pressed={has(d)} onClick={() => toggleEvery(d)}>
              Every week
            </button>
            <span className="px-1 text-xs text-muted-foreground">or</span>
            {WEEK_LABELS.map((label, i) => {
              const on = has(10 * (i + 1) + d);
              return (
                <button
                  key={label}
                  type="button"
                  disabled={disabled}
                  className={chip(on)}
                  aria-pressed={on}
                  aria-label={`${label} ${day} of the month`}
                  onClick={() => toggleWeek(d, i + 1)}
                >
                  {label}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </FormField>
  );
}
