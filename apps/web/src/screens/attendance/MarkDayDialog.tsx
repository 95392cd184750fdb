import { MARKABLE_STATUSES, type TDayStatus, ZMarkDay } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Eraser, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { attendanceKeys, markDay, type TAttendanceDay, type TMarkDay } from './api';

import { StatusChip } from './components';
import { issuesToFieldErrors, STATUS_LABEL } from './format';

export type TMarkTarget = { employeeId: number; name: string; date: string; day: TAttendanceDay | null };

/**
 * A manager marks a day by hand (status and a remark, audited), or clears a marking so the day is worked out
 * from the punches again. A month whose salary is approved or locked answers 409 (shown inline).
 */
export function MarkDayDialog({ target, onOpenChange }: { target: TMarkTarget | null; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const current = target?.day ?? null;
  const [status, setStatus] = useState<TDayStatus | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const mark = useAction(
    (body: TMarkDay, _clear: boolean, _target: TMarkTarget) =>
      markDay(body, { onError: (e) => setErrors(Object.keys(e.fieldErrors).length ? e.fieldErrors : { _: [e.message] }) }),
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
      setStatus(s && (MARKABLE_STATUSES as readonly string[]).includes(s) ? s : null);
      setRemark('');
      setErrors({});
    }
  }, [target]);

  const save = async (clear: boolean) => {
    if (!target) return;
    const body = { employeeId: target.employeeId, day: target.date, status: clear ? null : status, remark };
    const parsed = ZMarkDay.safeParse(body);
    const errs = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (!clear && !status) errs.status = ['Choose the status to mark'];
    if (Object.keys(errs).length) {
      setErrors(errs);
      return;
    }
    if (!parsed.success) return;
    // On failure: shown inline and in the toast (409: the month's salary is approved or locked).
    await mark.run(parsed.data, clear, target);
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
          data-testid="mark-day-form"
        >
          {current && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              Now: <StatusChip status={current.status} long /> {current.isManual && '(marked by hand)'}
            </p>
          )}
          <FormField label="Status" required error={errors.status}>
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
                    onChange={() => setStatus(s)}
                  />
                  <StatusChip status={s} />
                  {STATUS_LABEL[s]}
                </label>
              ))}
            </div>
          </FormField>
          <FormField label="Remark" htmlFor="mark-remark" required error={errors.remark}>
            <Textarea
              id="mark-remark"
              value={remark}
              maxLength={300}
              placeholder="Why the day is marked by hand"
              onChange={(e) => {
                setRemark(e.target.value);
                setErrors((x) => ({ ...x, remark: [] }));
              }}
              aria-invalid={!!errors.remark?.length || undefined}
            />
          </FormField>
          {!!errors._?.length && (
            <p className="text-sm text-destructive" role="alert">
              {errors._.join(' ')}
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
