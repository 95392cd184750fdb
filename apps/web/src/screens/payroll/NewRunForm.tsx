import { type TCreateRun, type TRun, ZCreateRun } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MonthPicker, useMonthOfHeaderYear, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { currentMonth, formatMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { issuesToFieldErrors, payrollKeys } from './api';

/** Where a run opens: salary_process/addorupdate with the run's id encrypted in `id`. */
export const runPath = (id: number) => `${MENU.salaryProcess}/addorupdate?id=${encryptParam(String(id))}`;

/** Opens a draft run for a unit and month (POST /api/payroll/runs), then goes to it. */
export function NewRunForm({ onCancel, initialUnitId = null }: { onCancel?: () => void; initialUnitId?: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<number | null>(initialUnitId);
  // This month, or the nearest month of the financial year chosen in the header.
  const [{ year, month }, setYearMonth] = useMonthOfHeaderYear(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const setYear = (y: number) => setYearMonth((v) => ({ ...v, year: y }));
  const setMonth = (m: number) => setYearMonth((v) => ({ ...v, month: m }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and an inline message say why (409: a run for this unit and month exists).
  const open = useAction(
    (body: TCreateRun) => api.post<TRun>(apiPath('/api/payroll/runs'), body, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
      success: (run) => ({ title: 'Run opened', description: `${run.unitName}, ${formatMonth(run.year, run.month)}: process it next` }),
      onDone: async (run) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.runs });
        navigate(runPath(run.id));
      },
    },
  );
  const saving = open.busy;

  const submit = async () => {
    const parsed = ZCreateRun.safeParse({ unitId: unitId ?? undefined, year, month });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    await open.run(parsed.data);
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label="Unit" htmlFor="run-unit" required error={errors.unitId}>
        <UnitSelect
          id="run-unit"
          value={unitId}
          onChange={(v) => {
            setUnitId(v);
            setErrors({});
          }}
          className="w-full"
          invalid={!!errors.unitId}
          data-testid="run-unit"
        />
      </FormField>
      <div className="grid grid-cols-2 items-start gap-4">
        <FormField label="Month" htmlFor="run-month" required error={errors.month}>
          <MonthPicker
            id="run-month"
            value={month}
            onChange={(m) => {
              setMonth(m);
              setErrors({});
            }}
            className="w-full"
            aria-invalid={!!errors.month}
          />
        </FormField>
        <FormField label="Year" htmlFor="run-year" required error={errors.year}>
          <YearPicker
            id="run-year"
            value={year}
            onChange={(y) => {
              setYear(y);
              setErrors({});
            }}
            className="w-full"
            aria-invalid={!!errors.year}
          />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        The run starts as a draft. Processing computes every active employee of the unit from the month's attendance, structures and
        formulas; you can process again until the month is approved.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={saving} data-testid="create-run">
          <Play /> {saving ? 'Opening…' : 'Open run'}
        </Button>
      </div>
    </form>
  );
}
