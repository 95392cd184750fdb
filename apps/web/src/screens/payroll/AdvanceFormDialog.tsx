import { type TAdvance, type TSaveAdvance, ZSaveAdvance } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Segmented } from '@/components/common/Segmented';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, monthYearOf, optionalText, pickedId, typedNumber } from '@/lib/form-fields';
import { formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { payrollKeys } from './api';
import { ADVANCE_PAY_MODES, advancePath, MonthYearInput } from './components';

type TAdvanceForm = {
  employee: TEmployeeOption | null;
  advanceAmount: string;
  noOfEMIs: string;
  effectiveYear: number | null;
  effectiveMonth: number | null;
  payModeId: '1' | '2';
  remarks: string;
};

/** The dialog's fields checked by the contract's (ZSaveAdvance), in the dialog's words for what is missing. */
const ZAdvanceForm = into(
  z
    .object({
      employee: pickedId(ZSaveAdvance.shape.employeeId, 'Choose the employee'),
      advanceAmount: typedNumber(ZSaveAdvance.shape.advanceAmount, 'Enter the amount'),
      noOfEMIs: typedNumber(ZSaveAdvance.shape.noOfEMIs, 'Enter the number of instalments'),
      effectiveYear: ZSaveAdvance.shape.effectiveYear,
      effectiveMonth: ZSaveAdvance.shape.effectiveMonth,
      payModeId: z.enum(['1', '2']).transform(Number),
      remarks: optionalText(ZSaveAdvance.shape.remarks),
    })
    .transform(({ employee, ...v }) => ({ employeeId: employee, ...v })),
  ZSaveAdvance,
);
const RESOLVER = contractResolver<TAdvanceForm, z.output<typeof ZSaveAdvance>>(ZAdvanceForm);

/** The form's values: empty for a new advance, else the advance's figures. */
function valuesOf(advance: TAdvance | undefined): TAdvanceForm {
  const start = advance ? { effectiveYear: advance.effectiveYear, effectiveMonth: advance.effectiveMonth } : nextMonth();
  return {
    employee: advance ? { id: advance.employeeId, name: advance.employeeName, employeeCode: advance.employeeCode } : null,
    advanceAmount: advance ? String(advance.advanceAmount) : '',
    noOfEMIs: advance ? String(advance.noOfEMIs) : '',
    ...start,
    payModeId: advance && advance.payModeId !== 2 ? '1' : '2',
    remarks: advance?.remarks ?? '',
  };
}

/** About how much a month, once both figures read as numbers. */
function emiPreviewOf(amount: string, emis: string): number | null {
  const amountValue = Number(amount.replace(/,/g, ''));
  const emiCount = Number(emis);
  return amount.trim() && emis.trim() && Number.isFinite(amountValue) && Number.isInteger(emiCount) && emiCount > 0
    ? Math.ceil((amountValue * 100) / emiCount) / 100
    : null;
}

/**
 * A salary advance's figures: a new request (with the employee picker), or a change to one not yet paid (`advance`
 * given: PUT, the employee fixed; after approval the change goes back for approval).
 */
export function AdvanceFormDialog({
  open,
  onOpenChange,
  advance,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  advance?: TAdvance;
  onSaved?: (a: TAdvance) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = advance !== undefined;
  const form = useForm<TAdvanceForm, unknown, z.output<typeof ZSaveAdvance>>({ resolver: RESOLVER, defaultValues: valuesOf(advance) });
  const errors = form.formState.errors;
  const onError = serverErrors(form, { rename: { employeeId: 'employee' } });
  // On failure the toast and the inline errors say why.
  const request = useAction(
    ({ employeeId, ...body }: TSaveAdvance) =>
      advance
        ? api.put<TAdvance>(apiPath('/api/payroll/advances/:id', { id: advance.id }), body, { onError })
        : api.post<TAdvance>(apiPath('/api/payroll/advances'), { employeeId, ...body }, { onError }),
    {
      success: (saved) => ({
        title: editing ? 'Advance changed' : 'Advance requested',
        description: `${formatRupees(saved.advanceAmount)} for ${saved.employeeName}: sent for approval`,
      }),
      onDone: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.advances });
        onOpenChange(false);
        if (onSaved) onSaved(saved);
        else {
          reset();
          navigate(advancePath(saved.id));
        }
      },
    },
  );
  const saving = request.busy;
  const emiPreview = emiPreviewOf(form.watch('advanceAmount'), form.watch('noOfEMIs'));
  const reset = () => form.reset(valuesOf(undefined));
  const submit = form.handleSubmit(async (body) => {
    await request.run(body);
  });

  const close = () => {
    if (!editing) reset();
    onOpenChange(false);
  };
  const startError = (errors.effectiveMonth ?? errors.effectiveYear)?.message;
  return (
    <Dialog open={open} onOpenChange={(v) => (v ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl" data-testid="advance-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? 'Change the advance' : 'New salary advance'}</DialogTitle>
          <DialogDescription>
            {editing
              ? `${advance.employeeName}: the schedule is made again from these figures, and the advance goes back for approval.`
              : 'The advance goes for approval; once paid, the salary run recovers one instalment a month.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {!editing && (
            <FormField label="Employee" htmlFor="adv-employee" required error={errors.employee?.message}>
              <Controller
                control={form.control}
                name="employee"
                render={({ field }) => (
                  <EmployeePicker
                    id="adv-employee"
                    value={field.value}
                    onChange={field.onChange}
                    invalid={!!errors.employee}
                    data-testid="advance-employee"
                  />
                )}
              />
            </FormField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Amount" htmlFor="adv-amount" required error={errors.advanceAmount?.message}>
              <div className="relative">
                <span className="absolute top-2 left-3 text-sm text-muted-foreground" aria-hidden>
                  ₹
                </span>
                <Input
                  id="adv-amount"
                  inputMode="decimal"
                  className="pl-7 tabular-nums"
                  aria-invalid={!!errors.advanceAmount}
                  {...form.register('advanceAmount')}
                  data-testid="advance-amount"
                />
              </div>
            </FormField>
            <FormField
              label="Number of instalments"
              htmlFor="adv-emis"
              required
              error={errors.noOfEMIs?.message}
              hint={emiPreview !== null ? `About ${formatRupees(emiPreview)} a month` : undefined}
            >
              <Input
                id="adv-emis"
                inputMode="numeric"
                aria-invalid={!!errors.noOfEMIs}
                {...form.register('noOfEMIs')}
                data-testid="advance-emis"
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
            <FormField label="Recovery starts" htmlFor="adv-start" required error={startError}>
              <MonthYearInput id="adv-start" {...monthYearOf(form, 'effectiveYear', 'effectiveMonth')} invalid={!!startError} />
            </FormField>
            <FormField label="Pay mode" error={errors.payModeId?.message}>
              <Segmented
                name="advance-pay-mode"
                value={form.watch('payModeId')}
                onChange={(v) => form.setValue('payModeId', v)}
                options={[...ADVANCE_PAY_MODES]}
              />
            </FormField>
          </div>
          <FormField label="Remarks" htmlFor="adv-remarks" error={errors.remarks?.message}>
            <Textarea id="adv-remarks" rows={2} maxLength={300} {...form.register('remarks')} />
          </FormField>
          {errors.root?.message && <p className="text-sm text-destructive">{errors.root.message}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()} data-testid="save-advance">
            {saving ? 'Saving…' : editing ? 'Save and send for approval' : 'Request advance'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Recovery usually starts the month after the advance. */
function nextMonth(): { effectiveYear: number; effectiveMonth: number } {
  const m = currentMonth();
  const y = yearOptions()[0];
  return m === 12 ? { effectiveYear: y + 1, effectiveMonth: 1 } : { effectiveYear: y, effectiveMonth: m + 1 };
}
