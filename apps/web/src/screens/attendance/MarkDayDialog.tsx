import { MARKABLE_STATUSES, ZMarkDay } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Eraser, Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { contractResolver, serverErrors } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { attendanceKeys, markDay, type TAttendanceDay, type TMarkDay } from './api';

import { StatusChip } from './components';
import { STATUS_LABEL } from './format';

/** The dialog's fields as the contract checks them (the employee and the day come with the target). */
const ZMarkForm = ZMarkDay.pick({ status: true, remark: true });
type TMarkForm = z.input<typeof ZMarkForm>;
const CLEAR_RESOLVER = contractResolver<TMarkForm, z.output<typeof ZMarkForm>>(ZMarkForm);
const MARK_RESOLVER = contractResolver<TMarkForm, z.output<typeof ZMarkForm>>(
  ZMarkForm.refine((v) => v.status !== null, { path: ['status'], message: 'Choose the status to mark' }),
);

export type TMarkTarget = { employeeId: number; name: string; date: string; day: TAttendanceDay | null };

/**
 * A manager marks a day by hand (status and a remark, audited), or clears a marking so the day is worked out
 * from the punches again. A month whose salary is approved or locked answers 409 (shown inline).
 */
export function MarkDayDialog({ target, onOpenChange }: { target: TMarkTarget | null; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const current = target?.day ?? null;
  const clearing = useRef(false);
  const form = useForm<TMarkForm>({
    // Clearing sends no status; marking needs one.
    resolver: (values, context, options) => (clearing.current ? CLEAR_RESOLVER : MARK_RESOLVER)(values, context, options),
    defaultValues: { status: null, remark: '' },
  });
  const errors = form.formState.errors;
  const status = form.watch('status');
  const mark = useAction(
    (body: TMarkDay, _clear: boolean, _target: TMarkTarget) => markDay(body, { onError: serverErrors(form, { whole: true }) }),
    {
      success: (day, _body, clear, t) => ({
        title: clear ? 'Marking cleared' : 'Day marked',
        description: `${t.name}, ${formatDate(t.date)}: ${STATUS_LABEL[day.status]}`,
      }),
      onDone: async () => {
        await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
        onOpenChange(false);
      },
    },
  );
  const saving = mark.pending ? (mark.pending[1] ? 'clear' : 'mark') : null;

  useEffect(() => {
    if (target) {
      const s = target.day?.status;
      form.reset({ status: s && (MARKABLE_STATUSES as readonly string[]).includes(s) ? (s as TMarkForm['status']) : null, remark: '' });
    }
  }, [target, form]);

  // On failure: shown inline and in the toast (409: the month's salary is approved or locked).
  const save = (clear: boolean) => {
    clearing.current = clear;
    return form.handleSubmit(async (v) => {
      if (target)
        await mark.run(
          { employeeId: target.employeeId, day: target.date, status: clear ? null : v.status, remark: v.remark },
          clear,
          target,
        );
    })();
  };

  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark attendance</DialogTitle>
          <DialogDescription>
            {target ? `${target.name}, ${formatDate(target.date)}. ` : ''}A day marked by hand keeps its status whatever the punches say,
            until the marking is cleared.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save(false);
          }}
          noValidate
          data-testid="mark-day-form"
        >
          {current && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              Now: <StatusChip status={current.status} long /> {current.isManual && '(marked by hand)'}
            </p>
          )}
          <FormField label="Status" required error={errors.status?.message}>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Status">
              {MARKABLE_STATUSES.map((s) => (
                <label
                  key={s}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm',
                    status === s ? 'border-foreground bg-accent' : 'hover:bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name="mark-status"
                    value={s}
                    checked={status === s}
                    onChange={() => form.setValue('status', s, { shouldValidate: form.formState.isSubmitted })}
                  />
                  <StatusChip status={s} />
                  {STATUS_LABEL[s]}
                </label>
              ))}
            </div>
          </FormField>
          <FormField label="Remark" htmlFor="mark-remark" required error={errors.remark?.message}>
            <Textarea
              id="mark-remark"
              maxLength={300}
              placeholder="Why the day is marked by hand"
              aria-invalid={!!errors.remark || undefined}
              {...form.register('remark')}
            />
          </FormField>
          {errors.root?.message && (
            <p className="text-sm text-destructive" role="alert">
              {errors.root.message}
            </p>
          )}
          <DialogFooter className="sm:justify-between">
            <Button
              type="button"
              variant="outline"
              disabled={saving !== null || !current?.isManual}
              title={current?.isManual ? undefined : 'The day is not marked by hand'}
              onClick={() => void save(true)}
              data-testid="clear-marking"
            >
              <Eraser /> {saving === 'clear' ? 'Clearing…' : 'Clear marking'}
            </Button>
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving !== null} data-testid="mark-day-save">
                <Save /> {saving === 'mark' ? 'Saving…' : 'Mark day'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
