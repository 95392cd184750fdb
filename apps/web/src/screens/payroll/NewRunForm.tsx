import { type TCreateRun, type TRun, ZCreateRun } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MonthPicker, useMonthOfHeaderYear, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { contractResolver, serverErrors } from '@/lib/form';
import { currentMonth, formatMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { payrollKeys } from './api';

/** The run's unit is chosen in the form (none at first); the contract's schema says when it is missing. */
type TNewRun = Omit<TCreateRun, 'unitId'> & { unitId: number | null };

/** Where a run opens: salary_process/addorupdate with the run's id encrypted in `id`. */
export const runPath = (id: number) => `${MENU.salaryProcess}/addorupdate?id=${encryptParam(String(id))}`;

/** Opens a draft run for a unit and month (POST /api/payroll/runs), then goes to it. */
export function NewRunForm({ onCancel, initialUnitId = null }: { onCancel?: () => void; initialUnitId?: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // This month, or the nearest month of the financial year chosen in the header.
  const [{ year, month }, setYearMonth] = useMonthOfHeaderYear(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const form = useForm<TNewRun, unknown, TCreateRun>({
    resolver: contractResolver(ZCreateRun),
    defaultValues: { unitId: initialUnitId, year, month },
  });
  // The header's financial year moves the month; the form follows.
  useEffect(() => {
    form.setValue('year', year);
    form.setValue('month', month);
  }, [form, year, month]);
  const errors = form.formState.errors;
  // On failure the toast and an inline message say why (409: a run for this unit and month exists).
  const open = useAction((body: TCreateRun) => api.post<TRun>(apiPath('/api/payroll/runs'), body, { onError: serverErrors(form) }), {
    success: (run) => ({ title: 'Run opened', description: `${run.unitName}, ${formatMonth(run.year, run.month)}: process it next` }),
    onDone: async (run) => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.runs });
      navigate(runPath(run.id));
    },
  });
  const saving = open.busy;

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit((v) => void open.run(v))}>
      <FormField label="Unit" htmlFor="run-unit" required error={errors.unitId?.message}>
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <UnitSelect
              id="run-unit"
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                form.clearErrors();
              }}
              className="w-full"
              invalid={!!errors.unitId}
              data-testid="run-unit"
            />
          )}
        />
      </FormField>
      <div className="grid grid-cols-2 items-start gap-4">
        <FormField label="Month" htmlFor="run-month" required error={errors.month?.message}>
          <MonthPicker
            id="run-month"
            value={month}
            onChange={(m) => {
              setYearMonth((v) => ({ ...v, month: m }));
              form.clearErrors();
            }}
            className="w-full"
            aria-invalid={!!errors.month}
          />
        </FormField>
        <FormField label="Year" htmlFor="run-year" required error={errors.year?.message}>
          <YearPicker
            id="run-year"
            value={year}
            onChange={(y) => {
              setYearMonth((v) => ({ ...v, year: y }));
              form.clearErrors();
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
