import { MENU } from '@hr/contract/menus';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { RangeFields } from './components';
import { rangeErrors, type TRangeForm } from './format';
import { FormProblem, RaiseFrame, useRaise } from './RaiseParts';

const FIELDS = ['fromDate', 'toDate', 'halfDayStart', 'halfDayEnd', 'reason'] as const;

/** /outlet/request/raise: work from home over a range of days (a half day at either end), with a reason. */
export default function RaiseWfhScreen() {
  const { menu } = useCurrentMenu(MENU.requestWfh);
  const today = todayIso();
  const empty = { fromDate: today, toDate: today, halfDayStart: false, halfDayEnd: false };
  const [range, setRange] = useState<TRangeForm>(empty);
  const [reason, setReason] = useState('');
  const { errors, setErrors, conflict, busy, send, touch } = useRaise(FIELDS);

  const submit = async () => {
    const local = rangeErrors(range);
    if (!reason.trim()) local.reason = ['Give a reason'];
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const oneDay = range.fromDate === range.toDate;
    const saved = await send({ kind: 'wfh', ...range, halfDayEnd: oneDay ? false : range.halfDayEnd, reason: reason.trim() });
    if (saved) {
      setRange(empty);
      setReason('');
    }
  };

  return (
    <RaiseFrame title={menu?.label ?? 'Work from home'} description="Ask to work from home; your approver is told at once." kind="wfh">
      <form
        className="grid max-w-2xl gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="wfh-form"
      >
        <RangeFields
          value={range}
          errors={errors}
          onChange={(v) => {
            setRange(v);
            touch('fromDate', 'toDate', 'halfDayStart', 'halfDayEnd');
          }}
        />
        <FormField label="Reason" htmlFor="req-reason" required error={errors.reason}>
          <Textarea
            id="req-reason"
            value={reason}
            maxLength={500}
            placeholder="e.g. Waiting for a delivery at home"
            aria-invalid={!!errors.reason || undefined}
            onChange={(e) => {
              setReason(e.target.value);
              touch('reason');
            }}
            data-testid="req-reason"
          />
        </FormField>
        <FormProblem messages={conflict ? [conflict] : undefined} />
        <FormProblem messages={errors._} />
        <div>
          <Button type="submit" disabled={busy} data-testid="req-submit">
            <Send /> {busy ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </form>
    </RaiseFrame>
  );
}
