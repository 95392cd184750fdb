import { type TRun, ZRunPaymentDate, ZUnlockRun } from '@hr/contract';
import { CalendarDays, Lock, LockOpen } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';

type ActionDialogProps = { open: boolean; run: TRun; onClose: () => void; onDone: (run: TRun) => void };

/** What the lock dialog and the payment-date dialog say and post (both ask the date of payment). */
const PAID_ON_DIALOGS = {
  lock: {
    title: (month: string) => `Lock ${month}?`,
    description:
      'A locked month refuses every change: no reprocessing, and no structure, formula or advance change reaching into it. Only an administrator can unlock it, with a reason. The date of payment is printed in the wage register (Form B) and the 24Q register.',
    done: 'Locked',
    testId: 'confirm-lock',
    icon: Lock,
    label: ['Locking…', 'Lock the month'],
  },
  'payment-date': {
    title: (month: string) => `Date of payment, ${month}`,
    description: 'The day the wages were credited. The figures stay as they are; the change is kept in the audit trail.',
    done: 'Date of payment saved',
    testId: 'confirm-paid-on',
    icon: CalendarDays,
    label: ['Saving…', 'Save'],
  },
} as const;

/**
 * Locks the run with its date of payment, or corrects the date alone (`path`, the run's endpoint): not before the
 * wage month, not after today; the server's 400 field errors are shown on the field.
 */
export function PaidOnDialog({ path, run, onClose, onDone }: Omit<ActionDialogProps, 'open'> & { path: keyof typeof PAID_ON_DIALOGS }) {
  const text = PAID_ON_DIALOGS[path];
  const form = useForm<z.input<typeof ZRunPaymentDate>, unknown, z.output<typeof ZRunPaymentDate>>({
    resolver: contractResolver(ZRunPaymentDate),
    defaultValues: { paidOn: run.paidOn ?? todayIso() },
  });
  const errors = form.formState.errors;
  // On failure the toast and the inline errors say why.
  const save = useAction(
    (body: z.output<typeof ZRunPaymentDate>) =>
      api.post<TRun>(apiPath(`/api/payroll/runs/:id/${path}`, { id: run.id }), body, { onError: serverErrors(form) }),
    {
      success: { title: text.done, description: `${run.unitName}, ${formatMonth(run.year, run.month)}` },
      onDone: (next) => {
        onDone(next);
        onClose();
      },
    },
  );
  const saving = save.busy;
  const submit = form.handleSubmit(async (body) => {
    await save.run(body);
  });
  const Icon = text.icon;
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title(formatMonth(run.year, run.month))}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <FormField label="Date of payment" htmlFor="run-paid-on" required error={errors.paidOn?.message ?? errors.root?.message}>
          <DateInput
            id="run-paid-on"
            className="w-44"
            min={`${run.year}-${String(run.month).padStart(2, '0')}-01`}
            max={todayIso()}
            aria-invalid={!!errors.paidOn}
            {...form.register('paidOn')}
            data-testid="run-paid-on"
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()} data-testid={text.testId}>
            <Icon /> {saving ? text.label[0] : text.label[1]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Reopens a locked month, with a reason kept in the audit trail. */
export function UnlockDialog({ open, run, onClose, onDone }: ActionDialogProps) {
  const form = useForm<z.input<typeof ZUnlockRun>, unknown, z.output<typeof ZUnlockRun>>({
    resolver: contractResolver(ZUnlockRun),
    defaultValues: { reason: '' },
  });
  const errors = form.formState.errors;
  // On failure the toast and the inline errors say why.
  const unlock = useAction(
    (body: z.output<typeof ZUnlockRun>) =>
      api.post<TRun>(apiPath('/api/payroll/runs/:id/unlock', { id: run.id }), body, { onError: serverErrors(form) }),
    {
      success: { title: 'Unlocked', description: 'The month can be processed again; it needs approval anew.' },
      onDone: (next) => {
        form.reset();
        onDone(next);
        onClose();
      },
    },
  );
  const saving = unlock.busy;
  const submit = form.handleSubmit(async (body) => {
    await unlock.run(body);
  });

  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Unlock {formatMonth(run.year, run.month)}</DialogTitle>
          <DialogDescription>
            Unlocking reopens an approved month of {run.unitName}. The reason is kept in the audit trail.
          </DialogDescription>
        </DialogHeader>
        <FormField label="Reason" htmlFor="unlock-reason" required error={errors.reason?.message ?? errors.root?.message}>
          <Textarea
            id="unlock-reason"
            maxLength={300}
            aria-invalid={!!errors.reason}
            {...form.register('reason')}
            data-testid="unlock-reason"
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={saving} onClick={() => void submit()} data-testid="confirm-unlock">
            <LockOpen /> {saving ? 'Unlocking…' : 'Unlock'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
