import { type THost, ZRaiseVisitor } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Send } from 'lucide-react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmployeePicker, pagedEmployees } from '@/components/EmployeePicker';
import { useOptions } from '@/components/resource/api';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { apiPath } from '@/lib/api-path';
import { bodyResolver } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { FormProblem, fieldMessages, RaiseFrame, setFields, useRaise } from './RaiseParts';

/** Any active colleague of one's own unit, twenty at a time (GET /api/requests/hosts: name, code and department only). */
const HOSTS = pagedEmployees<THost>(apiPath('/api/requests/hosts'), 'colleagues');

type TVisitorForm = {
  visitorName: string;
  mobileCode: string;
  mobile: string;
  company: string;
  purpose: string;
  expectedDate: string;
  expectedTime: string;
  visitorCount: string;
  host: THost | null;
};
type TVisitorBody = z.output<typeof ZRaiseVisitor>;
type TForm = UseFormReturn<TVisitorForm, unknown, TVisitorBody>;
type TErrors = Record<string, string | undefined>;

/** The body's field the form keeps as the picked host (its errors, the contract's and the server's, go there). */
const RENAME = { hostEmployeeId: 'host' };

/** The contract's visitor notification; the form's own words for the day, time and count (name, mobile and purpose are the contract's). */
const RESOLVER = bodyResolver<TVisitorForm, TVisitorBody>(
  ZRaiseVisitor,
  ({ host, ...v }) => ({ kind: 'visitor', ...v, visitorCount: Number(v.visitorCount), hostEmployeeId: host?.id ?? null }),
  {
    rename: RENAME,
    checks: (v) => {
      const local: Record<string, string[]> = {};
      if (!v.expectedDate) local.expectedDate = ['Choose the day of the visit'];
      if (!/^\d{2}:\d{2}$/.test(v.expectedTime)) local.expectedTime = ['Choose the expected time'];
      const count = Number(v.visitorCount);
      if (!Number.isInteger(count) || count < 1 || count > 500) local.visitorCount = ['Between 1 and 500 visitors'];
      return local;
    },
  },
);

/** The dialling codes of the mobile-code master (its label is the code), '+91' first when present. */
function useMobileCodes(): string[] {
  const options = useOptions('mobileCode', '', [], true);
  const codes = [...new Set((options.data ?? []).map((o) => o.label).filter((c): c is string => !!c))];
  return ['+91', ...codes.filter((c) => c !== '+91')];
}

/** Who is coming: the visitor's name, mobile (with its dialling code), company and how many they are. */
function VisitorFields({ form, errors, codes }: { form: TForm; errors: TErrors; codes: string[] }) {
  const mobile = form.register('mobile');
  return (
    <>
      <FormField label="Visitor’s name" htmlFor="v-name" required error={errors.visitorName}>
        <Input
          id="v-name"
          maxLength={150}
          aria-invalid={!!errors.visitorName || undefined}
          {...form.register('visitorName')}
          data-testid="v-name"
        />
      </FormField>
      <FormField label="Mobile" htmlFor="v-mobile" required error={errors.mobile ?? errors.mobileCode}>
        <div className="flex gap-2">
          <Controller
            control={form.control}
            name="mobileCode"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger className="w-24 shrink-0" aria-label="Mobile code" data-testid="v-mobile-code">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {codes.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <Input
            id="v-mobile"
            inputMode="numeric"
            maxLength={15}
            aria-invalid={!!errors.mobile || undefined}
            {...mobile}
            // Digits only, as they are typed.
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\D/g, '');
              return mobile.onChange(e);
            }}
            data-testid="v-mobile"
          />
        </div>
      </FormField>
      <FormField label="Company" htmlFor="v-company" error={errors.company}>
        <Input id="v-company" maxLength={150} {...form.register('company')} data-testid="v-company" />
      </FormField>
      <FormField label="Number of visitors" htmlFor="v-count" required error={errors.visitorCount}>
        <Input
          id="v-count"
          type="number"
          min={1}
          max={500}
          className="w-28"
          aria-invalid={!!errors.visitorCount || undefined}
          {...form.register('visitorCount')}
          data-testid="v-count"
        />
      </FormField>
    </>
  );
}

/** When they come and why. */
function VisitFields({ form, errors }: { form: TForm; errors: TErrors }) {
  return (
    <>
      <FormField label="Expected on" htmlFor="v-date" required error={errors.expectedDate}>
        <DateInput
          id="v-date"
          min={todayIso()}
          aria-invalid={!!errors.expectedDate || undefined}
          {...form.register('expectedDate')}
          data-testid="v-date"
        />
      </FormField>
      <FormField label="At" htmlFor="v-time" required error={errors.expectedTime}>
        <Input
          id="v-time"
          type="time"
          className="w-32"
          aria-invalid={!!errors.expectedTime || undefined}
          {...form.register('expectedTime')}
          data-testid="v-time"
        />
      </FormField>
      <FormField label="Purpose" htmlFor="v-purpose" required error={errors.purpose} className="sm:col-span-2">
        <Textarea
          id="v-purpose"
          maxLength={500}
          aria-invalid={!!errors.purpose || undefined}
          {...form.register('purpose')}
          data-testid="v-purpose"
        />
      </FormField>
    </>
  );
}

/** /outlet/request/visitor_notify_req: tells the reception who is coming, when, and whom they visit (default: oneself). */
export default function RaiseVisitorScreen() {
  const { menu } = useCurrentMenu(MENU.requestVisitor);
  const me = useSession((s) => s.acc_dtls);
  const codes = useMobileCodes();
  const empty: TVisitorForm = {
    visitorName: '',
    mobileCode: '+91',
    mobile: '',
    company: '',
    purpose: '',
    expectedDate: todayIso(),
    expectedTime: '10:00',
    visitorCount: '1',
    host: null,
  };
  const form = useForm<TVisitorForm, unknown, TVisitorBody>({ resolver: RESOLVER, defaultValues: empty });
  const errors = fieldMessages(form.formState.errors);
  const host = form.watch('host');
  const { busy, send } = useRaise(form, RENAME);

  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) form.reset(empty);
  });

  return (
    <RaiseFrame
      title={menu?.label ?? 'Visitor notification'}
      description="Tell the reception about a visitor; they see the day’s expected visitors and mark arrival and departure."
      kind="visitor"
    >
      <form className="grid max-w-2xl gap-4 sm:grid-cols-2" onSubmit={submit} data-testid="visitor-form">
        <VisitorFields form={form} errors={errors} codes={codes} />
        <VisitFields form={form} errors={errors} />
        <FormField
          label="Host"
          htmlFor="v-host"
          error={errors.host}
          hint={host ? undefined : `Default: you${me?.fullName ? ` (${me.fullName})` : ''}`}
          className="sm:col-span-2"
        >
          <EmployeePicker
            id="v-host"
            source={HOSTS}
            label="Host"
            value={host}
            onChange={(v) => setFields(form, { host: v })}
            placeholder="You (choose another host if needed)"
            data-testid="v-host"
          />
        </FormField>
        <div className="grid gap-2 sm:col-span-2">
          <FormProblem messages={errors.root ? [errors.root] : undefined} />
          <div>
            <Button type="submit" disabled={busy} data-testid="req-submit">
              <Send /> {busy ? 'Sending…' : 'Notify the reception'}
            </Button>
          </div>
        </div>
      </form>
    </RaiseFrame>
  );
}
