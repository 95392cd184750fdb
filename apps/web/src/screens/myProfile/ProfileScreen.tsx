import { describeWeeklyOffs, weeklyOffCodeValid } from '@hr/attendance/roster';
import { BANK_STATUTORY_FIELDS, CONTACT_FIELDS, PAY_MODES, type TEmployee } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Save, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOwnChangeRequests } from '@/components/employee/api';
import { ApprovalHistory, CHANGE_LABELS, changeValue } from '@/components/employee/changes';
import { EmployeeHeader } from '@/components/employee/EmployeeHeader';
import { type Errors, InfoGrid, Section, SelectField, TextField, type Values } from '@/components/employee/fields';
import { PersonalFields } from '@/components/employee/PersonalFields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { WithMyEmployee } from './MyEmployee';

const PROFILE_PATH = MENU.profile;

/**
 * /outlet/myProfile/profile: the signed-in employee's record. Contact details, addresses, emergency contact
 * and photo are changed directly; bank and statutory changes are requests an administrator approves.
 */
export default function ProfileScreen() {
  return <WithMyEmployee>{(e) => <Profile e={e} />}</WithMyEmployee>;
}

function Profile({ e }: { e: TEmployee }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(PROFILE_PATH);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    const v: Values = {};
    for (const k of CONTACT_FIELDS) v[k] = (e as unknown as Values)[k] ?? null;
    setValues(v);
  }, [e]);
  const set = (n: string, v: unknown) => {
    setValues((x) => ({ ...x, [n]: v }));
    setErrors((x) => ({ ...x, [n]: undefined }));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['employees'] });
  const saveContact = async () => {
    const body = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, values[k] === '' ? null : values[k]]));
    try {
      await api.post(apiPath('/api/me/employee/contact'), body, { onError: (err: ApiError) => setErrors(err.fieldErrors) });
      toast({ variant: 'success', title: 'Saved', description: 'Your contact details are updated' });
      await refresh();
    } catch {
      // toast shown
    }
  };

  return (
    <div className="space-y-6">
      <EmployeeHeader employee={e} canChangePhoto={actions.edit} onPhotoChanged={() => void refresh()} titleTestId="profile-name" />

      <Tabs defaultValue="contact">
        <TabsList>
          <TabsTrigger value="contact">Contact & addresses</TabsTrigger>
          <TabsTrigger value="job">Job</TabsTrigger>
          <TabsTrigger value="bank">Bank & statutory</TabsTrigger>
        </TabsList>
        <TabsContent value="contact" className="space-y-4 pt-4">
          <PersonalFields fp={{ values, errors, onChange: set, disabled: !actions.edit }} contactOnly />
          {actions.edit && (
            <div className="flex justify-end">
              <Button onClick={() => void saveContact()} data-testid="save-contact">
                <Save /> Save contact details
              </Button>
            </div>
          )}
        </TabsContent>
        <TabsContent value="job" className="pt-4">
          <Section title="Job">
            <div className="sm:col-span-2 lg:col-span-3">
              <InfoGrid
                items={[
                  ['Employee code', e.employeeCode],
                  ['Unit', e.unitName],
                  ['Department', e.departmentName],
                  ['Designation', e.designationName],
                  ['Date of joining', formatDate(e.dateOfJoining)],
                  ['Confirmation date', e.confirmationDate ? formatDate(e.confirmationDate) : null],
                  ['Reporting manager', e.reportingManagerName],
                  ['Weekly offs', e.weeklyOffs.every(weeklyOffCodeValid) ? describeWeeklyOffs(e.weeklyOffs) : null],
                  ['Blood group', e.bloodGroup],
                ]}
              />
            </div>
          </Section>
        </TabsContent>
        <TabsContent value="bank" className="space-y-4 pt-4">
          <Section title="On record">
            <div className="sm:col-span-2 lg:col-span-3">
              <InfoGrid
                items={[
                  ['PAN', e.pan],
                  ['Aadhaar', e.aadhaarMasked],
                  ['UAN', e.uan],
                  ['PF number', e.pfNumber],
                  ['ESI number', e.esiNumber],
                  ['Pay mode', PAY_MODES.find((p) => p.id === e.payModeId)?.name],
                  ['Account number', e.bankAccountNo],
                  ['IFSC', e.ifsc],
                  ['Bank', [e.bankName, e.bankBranch].filter(Boolean).join(', ')],
                ]}
              />
            </div>
          </Section>
          {actions.edit && <ChangeRequestForm e={e} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ChangeRequestForm({ e }: { e: TEmployee }) {
  const queryClient = useQueryClient();
  const requests = useOwnChangeRequests(true);
  const [values, setValues] = useState<Values>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const pending = requests.data?.find((r) => r.status === 'pending');
  const set = (n: string, v: unknown) => {
    setValues((x) => ({ ...x, [n]: v }));
    setErrors((x) => ({ ...x, [n]: undefined }));
  };
  const submit = async () => {
    const changes = Object.fromEntries(
      Object.entries(values).filter(
        ([k, v]) => (BANK_STATUTORY_FIELDS as readonly string[]).includes(k) && v !== '' && v !== null && v !== undefined,
      ),
    );
    if (Object.keys(changes).length === 0) {
      toast({ variant: 'destructive', title: 'ERR!!', description: 'Enter at least one new value' });
      return;
    }
    try {
      await api.post(
        apiPath('/api/me/employee/change-requests'),
        { changes, reason: reason || undefined },
        {
          onError: (err: ApiError) =>
            setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k.replace(/^changes\./, ''), v]))),
        },
      );
      toast({ variant: 'success', title: 'Request sent', description: 'An administrator will review it' });
      setValues({});
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['employees', 'my-change-requests'] });
    } catch {
      // toast shown
    }
  };
  const fp = { values, errors, onChange: set, disabled: !!pending };
  return (
    <>
      <Section
        title="Request a change"
        description="Bank and statutory details change only after an administrator approves. Fill only what changes."
      >
        {pending && (
          <Alert className="sm:col-span-2 lg:col-span-3">
            <AlertTitle>A request is waiting for approval</AlertTitle>
            <AlertDescription>You can send another once it is decided.</AlertDescription>
          </Alert>
        )}
        <TextField name="pan" label="New PAN" placeholder={e.pan ?? 'ABCPE1234F'} upper {...fp} />
        <TextField name="aadhaar" label="New Aadhaar" placeholder="12 digits" {...fp} />
        <TextField name="uan" label="New UAN" {...fp} />
        <TextField name="pfNumber" label="New PF number" {...fp} />
        <TextField name="esiNumber" label="New ESI number" {...fp} />
        <SelectField name="payModeId" label="New pay mode" options={[...PAY_MODES]} {...fp} />
        <TextField name="bankAccountNo" label="New account number" {...fp} />
        <TextField name="ifsc" label="New IFSC" upper {...fp} />
        <TextField name="bankName" label="New bank" {...fp} />
        <TextField name="bankBranch" label="New branch" {...fp} />
        <TextField
          name="reason"
          label="Reason"
          values={{ reason }}
          errors={{}}
          onChange={(_n, v) => setReason(String(v))}
          disabled={!!pending}
        />
        <div className="flex items-end">
          <Button onClick={() => void submit()} disabled={!!pending} data-testid="send-change-request">
            <Send /> Send for approval
          </Button>
        </div>
      </Section>
      {(requests.data ?? []).length > 0 && (
        <Section title="Your requests">
          <ul className="space-y-2 sm:col-span-2 lg:col-span-3">
            {requests.data?.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                <span>
                  {Object.entries(r.changes)
                    .map(([k, v]) => `${CHANGE_LABELS[k] ?? k}: ${changeValue(k, v)}`)
                    .join(' · ')}
                </span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {formatDateTime(r.requestedAt)}
                  <Badge variant={r.status === 'approved' ? 'success' : r.status === 'rejected' ? 'destructive' : 'warning'}>
                    {r.status}
                  </Badge>
                </span>
                <div className="w-full">
                  <ApprovalHistory lines={r.history} />
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
