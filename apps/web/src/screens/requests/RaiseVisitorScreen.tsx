import type { THost } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { EmployeePicker, pagedEmployees } from '@/components/EmployeePicker';
import { useOptions } from '@/components/resource/api';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { apiPath } from '@/lib/api-path';
import { todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { FormProblem, RaiseFrame, useRaise } from './RaiseParts';

/** Any active colleague of one's own unit, twenty at a time (GET /api/requests/hosts: name, code and department only). */
const HOSTS = pagedEmployees<THost>(apiPath('/api/requests/hosts'), 'colleagues');

const FIELDS = [
  'visitorName',
  'mobileCode',
  'mobile',
  'company',
  'purpose',
  'expectedDate',
  'expectedTime',
  'visitorCount',
  'hostEmployeeId',
] as const;

type TForm = {
  visitorName: string;
  mobileCode: string;
  mobile: string;
  company: string;
  purpose: string;
  expectedDate: string;
  expectedTime: string;
  visitorCount: string;
};

/** The dialling codes of the mobile-code master (its label is the code), '+91' first when present. */
function useMobileCodes(): string[] {
  const options = useOptions('mobileCode', '', [], true);
  const codes = [...new Set((options.data ?? []).map((o) => o.label).filter((c): c is string => !!c))];
  return ['+91', ...codes.filter((c) => c !== '+91')];
}

type TErrors = Record<string, string[]>;
type TSet = <K extends keyof TForm>(key: K, value: TForm[K]) => void;

/** What is wrong with the form before it is sent (the server checks it again). */
function visitorErrors(form: TForm): TErrors {
  const local: TErrors = {};
  if (!form.visitorName.trim()) local.visitorName = ['Enter the visitor’s name'];
  if (!/^\d{6,15}$/.test(form.mobile.trim())) local.mobile = ['A mobile number (6–15 digits)'];
  if (!form.purpose.trim()) local.purpose = ['Give the purpose of the visit'];
  if (!form.expectedDate) local.expectedDate = ['Choose the day of the visit'];
  if (!/^\d{2}:\d{2}$/.test(form.expectedTime)) local.expectedTime = ['Choose the expected time'];
  const count = Number(form.visitorCount);
  if (!Number.isInteger(count) || count < 1 || count > 500) local.visitorCount = ['Between 1 and 500 visitors'];
  return local;
}

/** Who is coming: the visitor's name, mobile (with its dialling code), company and how many they are. */
function VisitorFields({ form, set, errors, codes }: { form: TForm; set: TSet; errors: TErrors; codes: string[] }) {
  return (
    <>
      <FormField label="Visitor’s name" htmlFor="v-name" required error={errors.visitorName}>
        <Input
          id="v-name"
          value={form.visitorName}
          maxLength={150}
          aria-invalid={!!errors.visitorName || undefined}
          onChange={(e) => set('visitorName', e.target.value)}
          data-testid="v-name"
        />
      </FormField>
      <FormField label="Mobile" htmlFor="v-mobile" required error={errors.mobile ?? errors.mobileCode}>
        <div className="flex gap-2">
          <Select value={form.mobileCode} onValueChange={(v) => set('mobileCode', v)}>
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
          <Input
            id="v-mobile"
            inputMode="numeric"
            value={form.mobile}
            maxLength={15}
            aria-invalid={!!errors.mobile || undefined}
            onChange={(e) => set('mobile', e.target.value.replace(/\D/g, ''))}
            data-testid="v-mobile"
          />
        </div>
      </FormField>
      <FormField label="Company" htmlFor="v-company" error={errors.company}>
        <Input
          id="v-company"
          value={form.company}
          maxLength={150}
          onChange={(e) => set('company', e.target.value)}
          data-testid="v-company"
        />
      </FormField>
      <FormField label="Number of visitors" htmlFor="v-count" required error={errors.visitorCount}>
        <Input
          id="v-count"
          type="number"
          min={1}
          max={500}
          className="w-28"
          value={form.visitorCount}
          aria-invalid={!!errors.visitorCount || undefined}
          onChange={(e) => set('visitorCount', e.target.value)}
          data-testid="v-count"
        />
      </FormField>
    </>
  );
}

/** When they come and why. */
function VisitFields({ form, set, errors }: { form: TForm; set: TSet; errors: TErrors }) {
  return (
    <>
      <FormField label="Expected on" htmlFor="v-date" required error={errors.expectedDate}>
        <DateInput
          id="v-date"
          min={todayIso()}
          value={form.expectedDate}
          aria-invalid={!!errors.expectedDate || undefined}
          onChange={(e) => set('expectedDate', e.target.value)}
          data-testid="v-date"
        />
      </FormField>
      <FormField label="At" htmlFor="v-time" required error={errors.expectedTime}>
        <Input
          id="v-time"
          type="time"
          className="w-32"
          value={form.expectedTime}
          aria-invalid={!!errors.expectedTime || undefined}
          onChange={(e) => set('expectedTime', e.target.value)}
          data-testid="v-time"
        />
      </FormField>
      <FormField label="Purpose" htmlFor="v-purpose" required error={errors.purpose} className="sm:col-span-2">
        <Textarea
          id="v-purpose"
          value={form.purpose}
          maxLength={500}
          aria-invalid={!!errors.purpose || undefined}
          onChange={(e) => set('purpose', e.target.value)}
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
  const empty: TForm = {
    visitorName: '',
    mobileCode: '+91',
    mobile: '',
    company: '',
    purpose: '',
    expectedDate: todayIso(),
    expectedTime: '10:00',
    visitorCount: '1',
  };
  const [form, setForm] = useState<TForm>(empty);
  const [host, setHost] = useState<THost | null>(null);
  const { errors, setErrors, conflict, busy, send, touch } = useRaise(FIELDS);

  const set: TSet = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    touch(key);
  };

  const submit = async () => {
    const local = visitorErrors(form);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const saved = await send({
      kind: 'visitor',
      visitorName: form.visitorName.trim(),
      mobileCode: form.mobileCode,
      mobile: form.mobile.trim(),
      company: form.company.trim(),
      purpose: form.purpose.trim(),
      expectedDate: form.expectedDate,
      expectedTime: form.expectedTime,
      visitorCount: Number(form.visitorCount),
      hostEmployeeId: host?.id ?? null,
    });
    if (saved) {
      setForm(empty);
      setHost(null);
    }
  };

  return (
    <RaiseFrame
      title={menu?.label ?? 'Visitor notification'}
      description="Tell the reception about a visitor; they see the day’s expected visitors and mark arrival and departure."
      kind="visitor"
    >
      <form
        className="grid max-w-2xl gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="visitor-form"
      >
        <VisitorFields form={form} set={set} errors={errors} codes={codes} />
        <VisitFields form={form} set={set} errors={errors} />
        <FormField
          label="Host"
          htmlFor="v-host"
          error={errors.hostEmployeeId}
          hint={host ? undefined : `Default: you${me?.fullName ? ` (${me.fullName})` : ''}`}
          className="sm:col-span-2"
        >
          <EmployeePicker
            id="v-host"
            source={HOSTS}
            label="Host"
            value={host}
            onChange={(v) => {
              setHost(v);
              touch('hostEmployeeId');
            }}
            placeholder="You (choose another host if needed)"
            data-testid="v-host"
          />
        </FormField>
        <div className="grid gap-2 sm:col-span-2">
          <FormProblem messages={conflict ? [conflict] : undefined} />
          <FormProblem messages={errors._} />
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
