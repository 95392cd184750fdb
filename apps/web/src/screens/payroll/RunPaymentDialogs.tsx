// The payment panel's dialogs: marking payments made (the rest of the run, or one employee: the value date and the
// bank's UTR, or a cheque's number and date) and reading the bank's response file (paid with UTR / returned with a
// reason). The server checks everything again; its 400 field errors are shown on the fields.
import { type TMarkPaid, type TRun, type TRunPayments, type TSlipPayment, ZMarkPaid } from '@hr/contract';
import { CheckCircle2, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { formatRupees, todayIso } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';

type DialogProps = { run: TRun; onClose: () => void; onDone: () => unknown };

type TMarkPaidForm = { valueDate: string; reference: string; chequeNo: string };

/** The dialog's fields as the contract's body: one employee's or the run's; a cheque's date is the value date. */
const markPaidForm = (employeeIds: number[] | undefined, cheque: boolean) =>
  z
    .object({ valueDate: z.string(), reference: z.string(), chequeNo: z.string() })
    .transform((v) => ({
      valueDate: v.valueDate,
      ...(employeeIds ? { employeeIds } : {}),
      ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
      ...(cheque && v.chequeNo.trim() ? { chequeNo: v.chequeNo.trim(), chequeDate: v.valueDate } : {}),
    }))
    .pipe(ZMarkPaid);

/** Marks the run's pending payments paid, or one employee's (`employee`), by transfer (UTR) or cheque. */
export function MarkPaidDialog({
  run,
  employee,
  pendingCount,
  onClose,
  onDone,
}: DialogProps & { employee?: TSlipPayment; pendingCount: number }) {
  const cheque = employee?.mode === 'cheque';
  const employeeId = employee?.employeeId;
  const resolver = useMemo(
    () => contractResolver<TMarkPaidForm, TMarkPaid>(markPaidForm(employeeId === undefined ? undefined : [employeeId], cheque)),
    [employeeId, cheque],
  );
  const form = useForm<TMarkPaidForm, unknown, TMarkPaid>({
    resolver,
    defaultValues: { valueDate: todayIso(), reference: '', chequeNo: '' },
  });
  const errors = form.formState.errors;
  const save = useAction(
    (body: TMarkPaid) =>
      api.post<TRunPayments>(apiPath('/api/payroll/runs/:id/payments/mark-paid', { id: run.id }), body, {
        onError: serverErrors(form, { rename: { chequeDate: 'valueDate' } }),
      }),
    {
      success: employee ? `${employee.name}: marked paid` : 'Payments marked paid',
      onDone: async () => {
        await onDone();
        onClose();
      },
    },
  );
  const submit = form.handleSubmit(async (body) => {
    await save.run(body);
  });
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{employee ? `Mark paid: ${employee.name}` : `Mark paid, ${formatMonth(run.year, run.month)}`}</DialogTitle>
          <DialogDescription>
            {employee
              ? `${employee.employeeCode} · ${formatRupees(employee.amount)} by ${employee.mode}`
              : `${pendingCount} pending payment${pendingCount === 1 ? '' : 's'} of ${run.unitName} are marked paid on the value date.`}
          </DialogDescription>
        </DialogHeader>
        <FormField label={cheque ? 'Cheque date' : 'Value date'} htmlFor="pay-value-date" required error={errors.valueDate?.message}>
          <DateInput id="pay-value-date" className="w-44" {...form.register('valueDate')} data-testid="pay-value-date" />
        </FormField>
        {cheque ? (
          <FormField
            label="Cheque number"
            htmlFor="pay-cheque"
            error={errors.chequeNo?.message}
            hint="Six digits, as printed on the cheque"
          >
            <Input id="pay-cheque" inputMode="numeric" maxLength={6} {...form.register('chequeNo')} />
          </FormField>
        ) : (
          <FormField
            label="Bank reference (UTR)"
            htmlFor="pay-utr"
            error={errors.reference?.message}
            hint="The bank's reference of the transfer or batch"
          >
            <Input id="pay-utr" maxLength={40} {...form.register('reference')} data-testid="pay-utr" />
          </FormField>
        )}
        {errors.root?.message && <p className="text-sm text-destructive">{errors.root.message}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={save.busy} onClick={() => void submit()} data-testid="confirm-mark-paid">
            <CheckCircle2 /> {save.busy ? 'Saving…' : 'Mark paid'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Reads the bank's response file (CSV): the lines it cannot take are listed, and nothing changes until all can. */
export function BankResponseDialog({ run, onClose, onDone }: DialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const load = useAction(
    async (f: File) =>
      api.post<{ rows: number; paid: number; failed: number }>(
        apiPath('/api/payroll/runs/:id/payments/bank-response', { id: run.id }),
        { content: await f.text(), fileName: f.name },
        { onError: (e: ApiError) => setErrors(e.fieldErrors) },
      ),
    {
      success: (r) => ({ title: 'Bank response read', description: `${r.paid} paid, ${r.failed} returned to pending` }),
      onDone: async () => {
        await onDone();
        onClose();
      },
    },
  );
  const lines = Object.entries(errors);
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Bank response file</DialogTitle>
          <DialogDescription>
            A CSV with a heading row: Employee Code (or Account Number), Amount, Status (paid / success / failed / returned), UTR, Reason.
            Returned transfers go back to pending with the bank's reason.
          </DialogDescription>
        </DialogHeader>
        <FormField label="File" htmlFor="bank-response-file" required>
          <Input
            id="bank-response-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors({});
            }}
            data-testid="bank-response-file"
          />
        </FormField>
        {lines.length > 0 && (
          <ul
            className="max-h-40 overflow-auto rounded-md border border-destructive/40 p-2 text-sm text-destructive"
            data-testid="bank-response-errors"
          >
            {lines.map(([line, msgs]) => (
              <li key={line}>
                <span className="font-medium">{line}:</span> {msgs.join(' ')}
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!file || load.busy} onClick={() => file && void load.run(file)} data-testid="confirm-bank-response">
            <Upload /> {load.busy ? 'Reading…' : 'Read file'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
