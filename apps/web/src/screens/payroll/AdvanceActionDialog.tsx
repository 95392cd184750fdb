import type { TAdvance, TAdvanceAction } from '@hr/contract';
import { useState } from 'react';
import { Segmented } from '@/components/common/Segmented';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
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
  const [remark, setRemark] = useState('');
  const [chequeNo, setChequeNo] = useState('');
  const [chequeDate, setChequeDate] = useState('');
  const [payMode, setPayMode] = useState<'1' | '2'>(advance.payModeId === 2 ? '2' : '1');
  const [ym, setYm] = useState<{ year: number | null; month: number | null }>(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const actionPath = apiPath('/api/payroll/advances/:id/action', { id: advance.id });
  const act = useAction(
    (b: TAdvanceAction, _mode: Mode) => api.post<TAdvance>(actionPath, b, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
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
    },
  );
  const saving = act.busy;

  const body = (): TAdvanceAction | Record<string, string[]> => {
    const text = remark.trim();
    switch (mode) {
      case 'approve':
        return { action: 'approve', remark: text || null };
      case 'reject':
        return text ? { action: 'reject', remark: text } : { remark: ['Say why the advance is rejected'] };
      case 'cancel':
        return { action: 'cancel', remark: text || null };
      case 'pay':
        return {
          action: 'pay',
          payModeId: Number(payMode),
          chequeNo: chequeNo.trim() || null,
          chequeDate: chequeNo.trim() && chequeDate ? chequeDate : null,
        };
      case 'preclose':
        return ym.year && ym.month ? { action: 'preclose', year: ym.year, month: ym.month } : { month: ['Choose the month'] };
      case 'skip':
        if (!instalment) return { instalmentId: ['Choose an instalment'] };
        return text.length >= 3
          ? { action: 'skip', instalmentId: instalment.id, reason: text }
          : { reason: ['Say why the instalment is skipped'] };
    }
  };

  const submit = async () => {
    const b = body();
    if (!('action' in b)) {
      setErrors(b as Record<string, string[]>);
      return;
    }
    await act.run(b as TAdvanceAction, mode);
  };

  const remarkError = errors.remark ?? errors.reason;
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

        {mode === 'pay' && (
          <PayFields
            payMode={payMode}
            setPayMode={setPayMode}
            chequeNo={chequeNo}
            setChequeNo={setChequeNo}
            chequeDate={chequeDate}
            setChequeDate={setChequeDate}
            errors={errors}
          />
        )}
        {mode === 'preclose' && (
          <FormField label="Recover the balance in" htmlFor="preclose-month" required error={errors.month ?? errors.year}>
            <MonthYearInput
              id="preclose-month"
              year={ym.year}
              month={ym.month}
              onChange={setYm}
              invalid={!!(errors.month || errors.year)}
            />
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
              value={remark}
              aria-invalid={!!remarkError}
              onChange={(e) => {
                setRemark(e.target.value);
                setErrors({});
              }}
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
function PayFields(p: {
  payMode: '1' | '2';
  setPayMode: (v: '1' | '2') => void;
  chequeNo: string;
  setChequeNo: (v: string) => void;
  chequeDate: string;
  setChequeDate: (v: string) => void;
  errors: Record<string, string[]>;
}) {
  const { payMode, setPayMode, chequeNo, setChequeNo, chequeDate, setChequeDate, errors } = p;
  return (
    <>
      <FormField label="Paid by" error={errors.payModeId}>
        <Segmented name="pay-mode" value={payMode} onChange={setPayMode} options={[...ADVANCE_PAY_MODES]} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Cheque / DD number" htmlFor="advance-cheque" error={errors.chequeNo} hint="When paid by cheque or DD">
          <Input
            id="advance-cheque"
            maxLength={20}
            value={chequeNo}
            onChange={(e) => setChequeNo(e.target.value)}
            aria-invalid={!!errors.chequeNo}
            data-testid="advance-cheque-no"
          />
        </FormField>
        <FormField label="Cheque / DD date" htmlFor="advance-cheque-date" error={errors.chequeDate}>
          <DateInput
            id="advance-cheque-date"
            value={chequeDate}
            disabled={!chequeNo.trim()}
            onChange={(e) => setChequeDate(e.target.value)}
            aria-invalid={!!errors.chequeDate}
          />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">The voucher is numbered in the unit’s series for the year when you confirm.</p>
    </>
  );
}
