import { ZRaiseWfh } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { bodyResolver } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { RangeFields } from './components';
import { rangeErrors, type TRangeForm } from './format';
import { FormProblem, fieldMessages, RaiseFrame, rangeRefs, setFields, useRaise } from './RaiseParts';

type TWfhForm = TRangeForm & { reason: string };

/** The contract's work-from-home request (one day has no half day at its end); the range's own words first. */
const RESOLVER = bodyResolver<TWfhForm, z.output<typeof ZRaiseWfh>>(
  ZRaiseWfh,
  (v) => ({ kind: 'wfh', ...v, halfDayEnd: v.fromDate === v.toDate ? false : v.halfDayEnd }),
  { checks: rangeErrors },
);

/** /outlet/request/raise: work from home over a range of days (a half day at either end), with a reason. */
export default function RaiseWfhScreen() {
  const { menu } = useCurrentMenu(MENU.requestWfh);
  const today = todayIso();
  const empty: TWfhForm = { fromDate: today, toDate: today, halfDayStart: false, halfDayEnd: false, reason: '' };
  const form = useForm<TWfhForm, unknown, z.output<typeof ZRaiseWfh>>({ resolver: RESOLVER, defaultValues: empty });
  const errors = fieldMessages(form.formState.errors);
  const { fromDate, toDate, halfDayStart, halfDayEnd } = form.watch();
  const { busy, send } = useRaise(form);

  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) form.reset(empty);
  });

  return (
    <RaiseFrame title={menu?.label ?? 'Work from home'} description="Ask to work from home; your approver is told at once." kind="wfh">
      <form className="grid max-w-2xl gap-4" onSubmit={submit} data-testid="wfh-form">
        <RangeFields
          value={{ fromDate, toDate, halfDayStart, halfDayEnd }}
          errors={errors}
          onChange={(v) => setFields(form, v)}
          refs={rangeRefs(form)}
        />
        <FormField label="Reason" htmlFor="req-reason" required error={errors.reason}>
          <Textarea
            id="req-reason"
            maxLength={500}
            placeholder="e.g. Waiting for a delivery at home"
            aria-invalid={!!errors.reason || undefined}
            {...form.register('reason')}
            data-testid="req-reason"
          />
        </FormField>
        <FormProblem messages={errors.root ? [errors.root] : undefined} />
        <div>
          <Button type="submit" disabled={busy} data-testid="req-submit">
            <Send /> {busy ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </form>
    </RaiseFrame>
  );
}
