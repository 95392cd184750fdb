import { describeWeeklyOffs, weeklyOffCodeValid } from '@hr/attendance/roster';
import { BANK_STATUTORY_FIELDS, PAY_MODES, type TEmployee, type TEmployeeContact, type TProfileChangeRequestInput } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Save, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useOwnChangeRequests } from '@/components/employee/api';
import { ApprovalHistory, CHANGE_LABELS, changeValue } from '@/components/employee/changes';
import { EmployeeHeader } from '@/components/employee/EmployeeHeader';
import { InfoGrid, Section, SelectField, TextField, type Values } from '@/components/employee/fields';
import { fieldPropsOf } from '@/components/employee/fields-form';
import { PersonalFields } from '@/components/employee/PersonalFields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { serverErrors } from '@/lib/form';
import { formatDate, formatDateTime } from '@/lib/format';
import { errorToast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { WithMyEmployee } from './MyEmployee';
import { CHANGE_REQUEST_RENAME, CHANGE_REQUEST_RESOLVER, CONTACT_RESOLVER, contactValuesOf } from './profile-form';

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
  const form = useForm<Values, unknown, TEmployeeContact>({ resolver: CONTACT_RESOLVER, defaultValues: contactValuesOf(e) });
  useEffect(() => {
    form.reset(contactValuesOf(e));
  }, [e]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['employees'] });
  // On failure the toast and the inline errors say why.
  const save = useAction((body: TEmployeeContact) => api.post(apiPath('/api/me/employee/contact'), body, { onError: serverErrors(form) }), {
    success: { title: 'Saved', description: 'Your contact details are updated' },
    onDone: refresh,
  });
  const saveContact = form.handleSubmit(async (body) => {
    await save.run(body);
  });

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
          <PersonalFields fp={fieldPropsOf(form, !actions.edit)} contactOnly />
          {actions.edit && (
            <div className="flex justify-end">
              <Button onClick={() => void saveContact()} disabled={save.busy} data-testid="save-contact">
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
  const form = useForm<Values, unknown, TProfileChangeRequestInput>({ resolver: CHANGE_REQUEST_RESOLVER, defaultValues: {} });
  const pending = requests.data?.find((r) => r.status === 'pending');
  // On failure the toast and the inline errors say why.
  const send = useAction(
    (body: TProfileChangeRequestInput) =>
      api.post(apiPath('/api/me/employee/change-requests'), body, {
        onError: serverErrors(form, { rename: CHANGE_REQUEST_RENAME, fields: [...BANK_STATUTORY_FIELDS, 'reason'] }),
      }),
    {
      success: { title: 'Request sent', description: 'An administrator will review it' },
      onDone: async () => {
        form.reset({});
        await queryClient.invalidateQueries({ queryKey: ['employees', 'my-change-requests'] });
      },
    },
  );
  const submit = form.handleSubmit(
    async (body) => {
      await send.run(body);
    },
    // Nothing new to send is said in a toast, as the fields have nothing to point at.
    (errors) => {
      if (errors.changes?.message) errorToast(errors.changes.message);
    },
  );
  const fp = fieldPropsOf(form, !!pending);
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
        <TextField name="reason" label="Reason" {...fp} />
        <div className="flex items-end">
          <Button onClick={() => void submit()} disabled={!!pending || send.busy} data-testid="send-change-request">
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
