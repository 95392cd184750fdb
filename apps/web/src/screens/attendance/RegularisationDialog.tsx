import { ZRegularise } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DateInput } from '@/components/common/Filters';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { contractResolver, serverErrors } from '@/lib/form';
import { formatDate, todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';

import { attendanceKeys, requestRegularisation, type TAttendanceDayLike, type TRegularise } from './api';

type Form = { day: string; inTime: string; outTime: string; outNextDay: boolean; reason: string };

/** The contract's request from the form's fields: an empty time is none. */
const RESOLVER = contractResolver<Form, TRegularise>(
  z.preprocess((v) => ({ ...(v as Form), inTime: (v as Form).inTime || null, outTime: (v as Form).outTime || null }), ZRegularise),
);

/**
 * "Request correction": asks for a day's in and / or out time to be corrected (a missed punch, a wrong time), for
 * the reporting manager's approval. `employeeId` for a manager entering it for one of their staff.
 */
export function RegularisationDialog({
  open,
  onOpenChange,
  day,
  known,
  employeeId,
  employeeName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The day to correct (default today). */
  day?: string | null;
  /** The day's figures as they stand, to start the form from. */
  known?: TAttendanceDayLike | null;
  employeeId?: number;
  employeeName?: string;
}) {
  const queryClient = useQueryClient();
  const today = todayIso();
  const blank = (): Form => ({
    day: day ?? today,
    inTime: known?.firstIn ?? '',
    outTime: known?.lastOut ?? '',
    outNextDay: !!known?.firstIn && !!known?.lastOut && known.lastOut < known.firstIn,
    reason: '',
  });
  const form = useForm<Form, unknown, TRegularise>({ resolver: RESOLVER, defaultValues: blank() });
  const errors = form.formState.errors;
  const send = useAction((body: TRegularise) => requestRegularisation(body, { onError: serverErrors(form) }), {
    success: (_, body) => ({ title: 'Correction requested', description: `${formatDate(body.day)}: waiting for approval` }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.regularisations });
      onOpenChange(false);
    },
  });
  const saving = send.busy;

  useEffect(() => {
    if (open) form.reset(blank());
  }, [open]);

  // toast and inline errors shown on failure
  const submit = form.handleSubmit((v) => send.run(employeeId ? { ...v, employeeId } : v));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request correction</DialogTitle>
          <DialogDescription>
            {employeeName ? `For ${employeeName}. ` : ''}Give the right in and / or out time of the day and say what happened; your
            reporting manager approves it.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} data-testid="regularise-form">
          <FormField label="Day" htmlFor="reg-day" required error={errors.day?.message}>
            <Controller
              control={form.control}
              name="day"
              render={({ field }) => (
                <DateInput id="reg-day" label="Day" value={field.value} max={today} onChange={field.onChange} invalid={!!errors.day} />
              )}
            />
          </FormField>
          <div className="grid grid-cols-2 items-start gap-4">
            <FormField label="In time" htmlFor="reg-in" error={errors.inTime?.message}>
              <Input id="reg-in" type="time" aria-invalid={!!errors.inTime || undefined} {...form.register('inTime')} />
            </FormField>
            <FormField label="Out time" htmlFor="reg-out" error={errors.outTime?.message}>
              <Input id="reg-out" type="time" aria-invalid={!!errors.outTime || undefined} {...form.register('outTime')} />
            </FormField>
          </div>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="outNextDay"
              render={({ field }) => <Checkbox id="reg-next" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
            />
            <Label htmlFor="reg-next" className="font-normal">
              The out time is on the next morning (night shift)
            </Label>
          </div>
          <FormField label="Reason" htmlFor="reg-reason" required error={errors.reason?.message}>
            <Textarea
              id="reg-reason"
              maxLength={300}
              placeholder="e.g. Forgot to punch out; left at 18:30 after the review meeting"
              aria-invalid={!!errors.reason || undefined}
              {...form.register('reason')}
            />
          </FormField>
          {errors.root?.message && <p className="text-sm text-destructive">{errors.root.message}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving} data-testid="regularise-submit">
              <Send /> {saving ? 'Sending…' : 'Send for approval'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
