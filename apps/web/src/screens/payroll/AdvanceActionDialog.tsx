import { type TAdvance, type TAdvanceAction, ZAdvanceAction } from '@hr/contract';
import { useMemo } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Segmented } from '@/components/common/Segmented';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, monthYearOf } from '@/lib/form-fields';
import { formatRupees } from '@/lib/format';
import { currentMonth, formatYearMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { ADVANCE_PAY_MODES, MonthYearInput } from './components';

export type Instalment = NonNullable<TAdvance['instalments']>[number];
export type AdvanceActionMode = 'approve' | 'reject' | 'pay' | 'cancel' | 'preclose' | 'skip';
type Mode = AdvanceActionMode;

const CONFIRM: Record<Mode, string> = {
  approve: 'Approve',
  reject: 'Reject',
  pay: 'Mark paid',
  cancel: 'Cancel advance',
  preclose: 'Pre-close',
  skip: 'Skip instalment',
};

const TITLES: Record<Mode, string> = {
  approve: 'Approve the advance',
  reject: 'Reject the advance',
  pay: 'Mark the advance paid',
  cancel: 'Cancel the advance',
  preclose: 'Pre-close the advance',
  skip: 'Skip an instalment',
};

/** The dialog's fields: the remark (the reason of a skip), how it was paid, the month of a pre-closure. */
const ZActionFields = z.object({
  remark: z.string(),
  reason: z.string(),
  payModeId: z.enum(['1', '2']),
  chequeNo: z.string(),
  chequeDate: z.string(),
  year: z.number().nullable(),
  month: z.number().nullable(),
});
type TActionForm = z.input<typeof ZActionFields>;

/** The action's body from the fields (only those of the mode). */
function bodyOf(mode: Mode, v: TActionForm, instalmentId: number | undefined) {
  const text = (s: string) => s.trim() || null;
  switch (mode) {
    case 'approve':
    case 'reject':
    case 'cancel':
      return { action: mode, remark: text(v.remark) };
    case 'pay':
      return {
        action: mode,
        payModeId: Number(v.payModeId),
        chequeNo: text(v.chequeNo),
        chequeDate: text(v.chequeNo) && v.chequeDate ? v.chequeDate : null,
      };
    case 'preclose':
      return { action: mode, year: v.year, month: v.month };
    case 'skip':
      return { action: mode, instalmentId, reason: v.reason };
  }
}

/** The fields checked by the contract's ZAdvanceAction for the mode, with what this dialog asks besides (a reason to reject). */
function actionForm(mode: Mode, instalmentId: number | undefined) {
  const fields = ZActionFields.superRefine((v, ctx) => {
    if (mode === 'reject' && !v.remark.trim())
      ctx.addIssue({ code: 'custom', path: ['remark'], message: 'Say why the advance is rejected' });
    if (mode === 'preclose' && !(v.year && v.month)) ctx.addIssue({ code: 'custom', path: ['month'], message: 'Choose the month' });
  });
  return contractResolver<TActionForm, TAdvanceAction>(
    into(
      fields.transform((v) => bodyOf(mode, v, instalmentId)),
      ZAdvanceAction,
    ),
  );
}

/** Approve, reject, pay (with the cheque / DD when there is one), cancel, pre-close an advance, or skip an instalment. */
export function AdvanceActionDialog({
  advance,
  mode,
  instalment,
  onClose,
  onDone,
}: {
  advance: TAdvance;
  mode: Mode;
  instalment: Instalment | null;
  onClose: () => void;
  onDone: (a: TAdvance) => void;
}) {
  const instalmentId = instalment?.id;
  const resolver = useMemo(() => actionForm(mode, instalmentId), [mode, instalmentId]);
  const form = useForm<TActionForm, unknown, TAdvanceAction>({
    resolver,
    defaultValues: {
      remark: '',
      reason: '',
      payModeId: advance.payModeId === 2 ? '2' : '1',
      chequeNo: '',
      chequeDate: '',
      year: yearOptions()[0],
      month: currentMonth(),
    },
  });
  const errors = form.formState.errors;
  // On failure the toast and the inline errors say why.
  const actionPath = apiPath('/api/payroll/advances/:id/action', { id: advance.id });
  const act = useAction((b: TAdvanceAction, _mode: Mode) => api.post<TAdvance>(actionPath, b, { onError: serverErrors(form) }), {
    success: (next, _b, mode) => {
      const done: Record<Mode, string> = {
        approve: next.status === 'approved' ? 'Approved: ready to be paid' : 'Approved at your level',
        reject: 'Rejected',
        pay: 'Marked paid: recovery follows the schedule',
        cancel: 'Cancelled',
        preclose: 'Pre-closed: the balance is recovered in one month',
        skip: 'Instalment skipped and moved to the end',
      };
      return done[mode];
    },
    onDone: (next) => onDone(next),
  });
  const saving = act.busy;

  const submit = form.handleSubmit(async (b) => {
    await act.run(b, mode);
  });

  const remarkError = (errors.remark ?? errors.reason ?? errors.root)?.message;
  const destructive = mode === 'reject' || mode === 'cancel';
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent data-testid="advance-action-dialog">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {advance.employeeName}: {formatRupees(advance.advanceAmount)} in {advance.noOfEMIs} instalment
            {advance.noOfEMIs === 1 ? '' : 's'}
            {mode === 'preclose' ? `; ${formatRupees(advance.outstanding)} outstanding falls due in the chosen month.` : '.'}
            {mode === 'skip' && instalment
              ? ` Instalment ${instalment.seq} of ${formatYearMonth(instalment.dueMonth)} (${formatRupees(instalment.amount)}) moves to the end.`
              : ''}
          </DialogDescription>
        </DialogHeader>

        {mode === 'pay' && <PayFields form={form} />}
        {mode === 'preclose' && (
          <FormField
            label="Recover the balance in"
            htmlFor="preclose-month"
            required
            error={(errors.month ?? errors.year ?? errors.root)?.message}
          >
            <MonthYearInput id="preclose-month" {...monthYearOf(form, 'year', 'month')} invalid={!!(errors.month || errors.year)} />
          </FormField>
        )}
        {(mode === 'approve' || mode === 'reject' || mode === 'cancel' || mode === 'skip') && (
          <FormField
            label={mode === 'skip' ? 'Reason' : mode === 'reject' ? 'Remark' : 'Remark (optional)'}
            htmlFor="advance-remark"
            required={mode === 'reject' || mode === 'skip'}
            error={remarkError}
          >
            <Textarea
              id="advance-remark"
              rows={3}
              maxLength={300}
              aria-invalid={!!remarkError}
              {...form.register(mode === 'skip' ? 'reason' : 'remark')}
              data-testid="advance-remark"
            />
          </FormField>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            variant={destructive ? 'destructive' : mode === 'approve' ? 'success' : 'default'}
            disabled={saving}
            onClick={() => void submit()}
            data-testid="confirm-advance-action"
          >
            {saving ? 'Saving…' : CONFIRM[mode]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** How the advance was paid: bank or cash, and the cheque / DD number and date printed on the voucher. */
function PayFields({ form }: { form: UseFormReturn<TActionForm, unknown, TAdvanceAction> }) {
  const errors = form.formState.errors;
  const chequeNo = form.watch('chequeNo');
  return (
    <>
      <FormField label="Paid by" error={(errors.payModeId ?? errors.root)?.message}>
        <Segmented
          name="pay-mode"
          value={form.watch('payModeId')}
          onChange={(v) => form.setValue('payModeId', v)}
          options={[...ADVANCE_PAY_MODES]}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Cheque / DD number" htmlFor="advance-cheque" error={errors.chequeNo?.message} hint="When paid by cheque or DD">
          <Input
            id="advance-cheque"
            maxLength={20}
            aria-invalid={!!errors.chequeNo}
            {...form.register('chequeNo')}
            data-testid="advance-cheque-no"
          />
        </FormField>
        <FormField label="Cheque / DD date" htmlFor="advance-cheque-date" error={errors.chequeDate?.message}>
          <Controller
            control={form.control}
            name="chequeDate"
            render={({ field }) => (
              <DateInput
                id="advance-cheque-date"
                value={field.value}
                disabled={!chequeNo.trim()}
                onChange={field.onChange}
                aria-invalid={!!errors.chequeDate}
              />
            )}
          />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">The voucher is numbered in the unit’s series for the year when you confirm.</p>
    </>
  );
}
