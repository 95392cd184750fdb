import { ZRegularise } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DateInput } from '@/components/common/Filters';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatDate, todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';

import { attendanceKeys, requestRegularisation, type TAttendanceDayLike, type TRegularise } from './api';
import { issuesToFieldErrors } from './format';

type Form = { day: string; inTime: string; outTime: string; outNextDay: boolean; reason: string };

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
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const send = useAction((body: TRegularise) => requestRegularisation(body, { onError: (e) => setErrors(e.fieldErrors) }), {
    success: (_, body) => ({ title: 'Correction requested', description: `${formatDate(body.day)}: waiting for approval` }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.regularisations });
      onOpenChange(false);
    },
  });
  const saving = send.busy;

  useEffect(() => {
    if (open) {
      setForm(blank());
      setErrors({});
    }
  }, [open]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: [], _: [] }));
  };

  const submit = async () => {
    const body = {
      ...(employeeId ? { employeeId } : {}),
      day: form.day,
      inTime: form.inTime || null,
      outTime: form.outTime || null,
      outNextDay: form.outNextDay,
      reason: form.reason,
    };
    const parsed = ZRegularise.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    // toast and inline errors shown on failure
    await send.run(parsed.data);
  };

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
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="regularise-form"
        >
          <FormField label="Day" htmlFor="reg-day" required error={errors.day}>
            <DateInput
              id="reg-day"
              label="Day"
              value={form.day}
              max={today}
              onChange={(v) => set('day', v)}
              invalid={!!errors.day?.length}
            />
          </FormField>
          <div className="grid grid-cols-2 items-start gap-4">
            <FormField label="In time" htmlFor="reg-in" error={errors.inTime}>
              <Input
                id="reg-in"
                type="time"
                value={form.inTime}
                onChange={(e) => set('inTime', e.target.value)}
                aria-invalid={!!errors.inTime?.length || undefined}
              />
            </FormField>
            <FormField label="Out time" htmlFor="reg-out" error={errors.outTime}>
              <Input
                id="reg-out"
                type="time"
                value={form.outTime}
                onChange={(e) => set('outTime', e.target.value)}
                aria-invalid={!!errors.outTime?.length || undefined}
              />
            </FormField>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="reg-next" checked={form.outNextDay} onCheckedChange={(v) => set('outNextDay', v === true)} />
            <Label htmlFor="reg-next" className="font-normal">
              The out time is on the next morning (night shift)
            </Label>
          </div>
          <FormField label="Reason" htmlFor="reg-reason" required error={errors.reason}>
            <Textarea
              id="reg-reason"
              value={form.reason}
              maxLength={300}
              placeholder="e.g. Forgot to punch out; left at 18:30 after the review meeting"
              onChange={(e) => set('reason', e.target.value)}
              aria-invalid={!!errors.reason?.length || undefined}
            />
          </FormField>
          {!!errors._?.length && <p className="text-sm text-destructive">{errors._.join(' ')}</p>}
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
