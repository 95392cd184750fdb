import { describeWeeklyOffs, weeklyOffCodeValid } from '@hr/attendance/roster';
import { EMPLOYEE_STATUSES, PASSWORD_MIN_LENGTH, PAY_MODES, STATUS_LABEL, type TEmployee, WEEK_DAYS, ZEmployeeInput } from '@hr/contract';
import { MENU, type TMenuPath } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, Save } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { useDocuments, useEmployee, useEmployeeOptions } from '@/components/employee/api';
import { DocumentsPanel } from '@/components/employee/DocumentsPanel';
import { EmployeeHeader } from '@/components/employee/EmployeeHeader';
import {
  CheckField,
  type Errors,
  type FP,
  InfoGrid,
  LookupField,
  Section,
  SelectField,
  TextField,
  type Values,
} from '@/components/employee/fields';
import { PersonalFields } from '@/components/employee/PersonalFields';
import { UnsavedChangesPrompt } from '@/components/resource/EditScreen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type ApiError, api } from '@/lib/api';
import { decryptParam, encryptParam, ROUTE_PARAM_ERROR } from '@/lib/crypto';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';

import { useDecodedParam } from '@/lib/useEncryptedParam';
import { ExitPanel } from './ExitPanel';
import { SalaryPanel } from './SalaryPanel';

const TAB_OF: Record<string, string> = {};
const tabFields: Record<string, string[]> = {
  personal: [
    'name',
    'fatherName',
    'gender',
    'dateOfBirth',
    'maritalStatusId',
    'bloodGroup',
    'mobileCodeId',
    'mobile',
    'alternateMobile',
    'email',
    'presentAddress',
    'presentCountryId',
    'presentStateId',
    'presentCityId',
    'presentAreaId',
    'presentPincode',
    'permanentAddress',
    'permanentCountryId',
    'permanentStateId',
    'permanentCityId',
    'permanentAreaId',
    'permanentPincode',
    'emergencyContactName',
    'emergencyContactRelation',
    'emergencyContactMobile',
  ],
  job: [
    'employeeCode',
    'unitId',
    'departmentId',
    'designationId',
    'categoryId',
    'positionId',
    'jobNatureId',
    'divisionId',
    'regionId',
    'dateOfJoining',
    'confirmationDate',
    'reportingManagerId',
    'shiftId',
    'deviceUserId',
    'weeklyOffs',
    'status',
    'exitDate',
    'exitReason',
  ],
  statutory: [
    'pan',
    'aadhaar',
    'uan',
    'pfNumber',
    'esiNumber',
    'pfApplicable',
    'esiApplicable',
    'ptApplicable',
    'pfRestrictToCeiling',
    'epfFirstJoined',
    'epfWagesAtJoining',
    'epsPriorMember',
    'isDisabled',
  ],
  bank: ['payModeId', 'bankAccountNo', 'ifsc', 'bankName', 'bankBranch'],
  academic: [
    'educationModeId',
    'academicDomainId',
    'academicStatusId',
    'fellowshipStatusId',
    'patentStatusId',
    'responsibilityId',
    'writtenId',
  ],
};
for (const [tab, fields] of Object.entries(tabFields)) for (const f of fields) TAB_OF[f] = tab;
const INPUT_KEYS = Object.values(tabFields).flat();

const EMPTY: Values = {
  gender: '',
  weeklyOffs: [0],
  status: 'active',
  payModeId: 2,
  pfApplicable: false,
  esiApplicable: false,
  ptApplicable: true,
  pfRestrictToCeiling: true,
  epsPriorMember: false,
  isDisabled: false,
};

function valuesOf(e: TEmployee): Values {
  const v: Values = {};
  for (const k of INPUT_KEYS) v[k] = (e as unknown as Values)[k] ?? null;
  v.aadhaar = '';
  return v;
}

/** Drops empty strings to null and keeps only input fields. */
function payloadOf(values: Values): Values {
  const out: Values = {};
  for (const k of INPUT_KEYS) {
    const v = values[k];
    out[k] = v === '' ? null : v;
  }
  return out;
}

/** 'new', or the decrypted numeric id (spec: employeeId is not decrypted at routing time). */
const decodeEmployeeId = (raw: string | undefined): number | 'new' | null => {
  if (raw === 'new') return 'new';
  const text = decryptParam(raw);
  return text !== ROUTE_PARAM_ERROR && /^\d+$/.test(text) ? Number(text) : null;
};

export default function EmployeeFormScreen() {
  const param = useDecodedParam('employeeId', decodeEmployeeId);
  if (param === null) return null;
  return <EmployeeForm key={String(param)} id={param === 'new' ? null : param} />;
}

function EmployeeForm({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.employee);
  // The Salary tab: for those who may view salary structures (the payroll office, administrators).
  const salary = useCurrentMenu(MENU.salaryIncrement);
  const employee = useEmployee(id);
  const docs = useDocuments(id);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState('personal');
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (payload: Values) =>
      id === null
        ? api.post<TEmployee>('/api/employees', payload, { onError: (err: ApiError) => showErrors(err.fieldErrors) })
        : api.post<TEmployee>(`/api/employees/${id}`, payload, { onError: (err: ApiError) => showErrors(err.fieldErrors) }),
    {
      success: (saved) => ({ title: 'Saved', description: `${saved.name} (${saved.employeeCode})` }),
      onDone: async (saved) => {
        // Saved: leaving (or the new record's own address) no longer asks about unsaved changes.
        flushSync(() => setDirty(false));
        await queryClient.invalidateQueries({ queryKey: ['employees'] });
        if (id === null) navigate(`${MENU.employee}/${encryptParam(String(saved.id))}`, { replace: true });
      },
    },
  );
  const saving = saveAction.busy;
  const [dirty, setDirty] = useState(false);
  const e = employee.data;
  useEffect(() => {
    if (e) {
      setValues(valuesOf(e));
      setDirty(false);
    }
  }, [e]);

  const editable = id === null ? actions.add : actions.edit;
  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
    setDirty(true);
  };
  /** Shows the errors and opens the first tab that holds one. */
  const showErrors = (fe: Errors) => {
    setErrors(fe);
    const first = Object.keys(fe).find((k) => fe[k]?.length && TAB_OF[k]);
    if (first) setTab(TAB_OF[first]);
  };
  const fp = { values, errors, onChange: set, disabled: !editable };

  const save = async () => {
    const payload = payloadOf(values);
    const parsed = ZEmployeeInput.safeParse(payload);
    if (!parsed.success) {
      const fe: Errors = {};
      for (const i of parsed.error.issues) fe[String(i.path[0])] = [...(fe[String(i.path[0])] ?? []), i.message];
      showErrors(fe);
      toast({ variant: 'destructive', title: 'ERR!!', description: 'Please correct the highlighted fields' });
      return;
    }
    await saveAction.run(payload);
  };

  if (id !== null && !e)
    return <p className="text-sm text-muted-foreground">{employee.isError ? 'Could not load this employee.' : 'Loading…'}</p>;
  const missing = docs.data?.missingMandatory ?? [];
  const tabsWithErrors = new Set(
    Object.entries(errors)
      .filter(([, v]) => v?.length)
      .map(([k]) => TAB_OF[k]),
  );
  const tabLabel = (key: string, label: ReactNode) => (
    <>
      {label}
      {tabsWithErrors.has(key) && (
        <span
          className="ml-1.5 inline-block size-2 rounded-full bg-destructive"
          title="This tab has fields to correct"
          data-testid={`tab-error-${key}`}
        />
      )}
    </>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={() => navigate(MENU.employee)}>
          <ArrowLeft /> Employees
        </Button>
        {editable && (
          <Button onClick={() => void save()} disabled={saving} data-testid="save-employee">
            <Save /> {saving ? 'Saving…' : id === null ? 'Create employee' : 'Save changes'}
          </Button>
        )}
      </div>

      <EmployeeHeader
        employee={e}
        canChangePhoto={actions.edit}
        onPhotoChanged={() => void queryClient.invalidateQueries({ queryKey: ['employees', 'one', id] })}
        titleTestId="employee-title"
        newHint="Fill the personal and job details; statutory, bank and academic details can follow."
      />

      {e && missing.length > 0 && (
        <Alert variant="destructive">
          <AlertTitle>Mandatory documents missing for {e.unitName}</AlertTitle>
          <AlertDescription>{missing.map((m) => m.docTypeName).join(', ')}</AlertDescription>
        </Alert>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex-wrap">
          <TabsTrigger value="personal">{tabLabel('personal', 'Personal')}</TabsTrigger>
          <TabsTrigger value="job">{tabLabel('job', 'Job')}</TabsTrigger>
          <TabsTrigger value="statutory">{tabLabel('statutory', 'Statutory')}</TabsTrigger>
          <TabsTrigger value="bank">{tabLabel('bank', 'Bank')}</TabsTrigger>
          <TabsTrigger value="academic">{tabLabel('academic', 'Academic')}</TabsTrigger>
          {e && <TabsTrigger value="documents">Documents{missing.length ? ` (${missing.length} missing)` : ''}</TabsTrigger>}
          {e && salary.actions.view && <TabsTrigger value="salary">Salary</TabsTrigger>}
          {e && <TabsTrigger value="account">Sign-in account</TabsTrigger>}
          {e && <TabsTrigger value="exit">Separation</TabsTrigger>}
        </TabsList>

        <TabsContent value="personal" className="space-y-4 pt-4">
          <PersonalFields fp={fp} />
        </TabsContent>

        <TabsContent value="job" className="space-y-4 pt-4">
          <Section title="Employment">
            <TextField name="employeeCode" label="Employee code" required {...fp} />
            <LookupField name="unitId" label="Unit" resource="unit" required {...fp} />
            <LookupField
              name="departmentId"
              label="Department"
              resource="department"
              required
              scope={{ mappedToUnit: values.unitId as number | null }}
              hint={<MappingHint what="departments" to={MENU.unitDepartmentMap} />}
              {...fp}
            />
            <LookupField
              name="designationId"
              label="Designation"
              resource="designation"
              required
              scope={{ mappedToUnit: values.unitId as number | null }}
              hint={<MappingHint what="designations" to={MENU.unitDesignationMap} />}
              {...fp}
            />
            <LookupField name="categoryId" label="Category" resource="category" {...fp} />
            <LookupField name="positionId" label="Position" resource="position" {...fp} />
            <LookupField name="jobNatureId" label="Job nature" resource="jobNature" {...fp} />
            <LookupField name="divisionId" label="Division" resource="division" {...fp} />
            <LookupField name="regionId" label="Region" resource="region" {...fp} />
            <TextField name="dateOfJoining" label="Date of joining" type="date" required {...fp} />
            <TextField name="confirmationDate" label="Confirmation date" type="date" {...fp} />
            <ManagerField fp={fp} selfId={id} currentName={e?.reportingManagerName ?? null} />
          </Section>
          <Section title="Schedule">
            <LookupField name="shiftId" label="Shift" resource="shift" {...fp} />
            <TextField
              name="deviceUserId"
              label="Device PIN"
              placeholder={(values.employeeCode as string) || 'Employee code'}
              hint="The user ID on the biometric terminal; blank: the employee code"
              {...fp}
            />
            <WeeklyOffsField
              codes={(values.weeklyOffs as number[]) ?? []}
              error={errors.weeklyOffs}
              disabled={!editable}
              onChange={(codes) => set('weeklyOffs', codes)}
            />
          </Section>
          <Section title="Status" description="Exiting keeps every record; an employee used by payroll is never deleted.">
            <SelectField
              name="status"
              label="Status"
              numeric={false}
              placeholder="Choose…"
              options={EMPLOYEE_STATUSES.map((s) => ({ id: s, name: STATUS_LABEL[s] }))}
              {...fp}
            />
            <TextField name="exitDate" label="Exit date" type="date" required={values.status === 'exited'} {...fp} />
            <TextField name="exitReason" label="Exit reason" {...fp} />
          </Section>
        </TabsContent>

        <TabsContent value="statutory" className="space-y-4 pt-4">
          <Section title="Statutory identifiers" description="Aadhaar is checked in full, then only its last four digits are kept.">
            <TextField name="pan" label="PAN" placeholder="ABCPE1234F" upper {...fp} />
            <TextField
              name="aadhaar"
              label="Aadhaar"
              placeholder={e?.aadhaarMasked ? `${e.aadhaarMasked} (type to replace)` : '12 digits'}
              hint={e?.aadhaarMasked ? `Stored: ${e.aadhaarMasked}` : undefined}
              {...fp}
            />
            <TextField name="uan" label="UAN" placeholder="12 digits" {...fp} />
            <TextField name="pfNumber" label="PF number" {...fp} />
            <TextField name="esiNumber" label="ESI number" placeholder="10 or 17 digits" {...fp} />
          </Section>
          <Section title="Applicability">
            <CheckField name="pfApplicable" label="Provident Fund applies" {...fp} />
            <CheckField name="esiApplicable" label="ESI applies" {...fp} />
            <CheckField name="ptApplicable" label="Professional Tax applies" {...fp} />
          </Section>
          <Section
            title="PF and ESI particulars"
            description="Read by the salary run: the PF ceiling choice, pension (EPS) eligibility and the ESI wage ceiling."
          >
            <CheckField name="pfRestrictToCeiling" label="PF on wages up to the ₹15,000 ceiling only" {...fp} />
            <TextField name="epfFirstJoined" label="EPF first joined" type="date" hint="First EPF membership anywhere" {...fp} />
            <TextField
              name="epfWagesAtJoining"
              label="EPF wages at joining (₹ a month)"
              placeholder="e.g. 15000"
              hint="Monthly PF wages when first joining EPF"
              {...fp}
            />
            <CheckField name="epsPriorMember" label="Already an EPS (pension) member before" {...fp} />
            <CheckField name="isDisabled" label="Person with disability" {...fp} />
          </Section>
        </TabsContent>

        <TabsContent value="bank" className="space-y-4 pt-4">
          <Section title="Salary payment">
            <SelectField name="payModeId" label="Pay mode" required options={[...PAY_MODES]} {...fp} />
            <TextField name="bankAccountNo" label="Account number" required={values.payModeId === 2} {...fp} />
            <TextField name="ifsc" label="IFSC" placeholder="HDFC0001234" upper required={values.payModeId === 2} {...fp} />
            <TextField name="bankName" label="Bank" {...fp} />
            <TextField name="bankBranch" label="Branch" {...fp} />
          </Section>
        </TabsContent>

        <TabsContent value="academic" className="space-y-4 pt-4">
          <Section title="Academic details" description="For campuses: teaching staff and researchers.">
            <LookupField name="educationModeId" label="Education mode" resource="educationMode" {...fp} />
            <LookupField name="academicDomainId" label="Academic domain" resource="academicDomain" {...fp} />
            <LookupField name="academicStatusId" label="Academic status" resource="academicStatus" {...fp} />
            <LookupField name="fellowshipStatusId" label="Fellowship status" resource="fellowshipStatus" {...fp} />
            <LookupField name="patentStatusId" label="Patent status" resource="patentStatus" {...fp} />
            <LookupField name="responsibilityId" label="Responsibility" resource="responsibility" {...fp} />
            <LookupField name="writtenId" label="Written works" resource="written" {...fp} />
          </Section>
        </TabsContent>

        {e && (
          <TabsContent value="documents" className="pt-4">
            <DocumentsPanel employeeId={e.id} canUpload={actions.edit} canDelete={actions.edit} />
          </TabsContent>
        )}
        {e && salary.actions.view && (
          <TabsContent value="salary" className="pt-4">
            <SalaryPanel employee={e} canChange={salary.actions.edit} />
          </TabsContent>
        )}
        {e && (
          <TabsContent value="account" className="pt-4">
            <AccountPanel employee={e} canAdd={actions.add} />
          </TabsContent>
        )}
        {e && (
          <TabsContent value="exit" className="pt-4">
            <ExitPanel employeeId={e.id} />
          </TabsContent>
        )}
      </Tabs>
      <UnsavedChangesPrompt when={dirty && editable} />
    </div>
  );
}

/** Why a department or designation list may be short: the unit-wise mapping limits it (a link for those who may edit it). */
function MappingHint({ what, to }: { what: string; to: TMenuPath }) {
  const { menu } = useCurrentMenu(to);
  return (
    <>
      Only the {what} mapped to the unit are offered (all, when the unit has no mapping)
      {menu ? (
        <>
          {' '}
          — <Link to={to}>{menu.label}</Link>
        </>
      ) : null}
      .
    </>
  );
}

function ManagerField({ fp, selfId, currentName }: { fp: FP; selfId: number | null; currentName: string | null }) {
  const [search, setSearch] = useState('');
  const choices = (useEmployeeOptions(search).data ?? []).filter((x) => x.id !== selfId);
  const current = fp.values.reportingManagerId as number | null;
  const opts = choices.map((c) => ({ id: c.id, name: `${c.name} (${c.employeeCode})` }));
  if (current && !opts.some((x) => x.id === current)) opts.unshift({ id: current, name: currentName ?? `#${current}` });
  return (
    <div className="grid gap-2">
      <SelectField name="reportingManagerId" label="Reporting manager" options={opts} {...fp} />
      {!fp.disabled && (
        <Input placeholder="Find a manager by name or code" value={search} onChange={(e) => setSearch(e.target.value)} className="h-8" />
      )}
    </div>
  );
}

function AccountPanel({ employee, canAdd }: { employee: TEmployee; canAdd: boolean }) {
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState(employee.employeeCode.toLowerCase());
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  if (employee.userId) {
    return (
      <Section title="Sign-in account">
        <InfoGrid
          items={[
            ['User name', employee.userName],
            ['Linked', 'Yes: this employee signs in to see their own records'],
          ]}
        />
      </Section>
    );
  }
  const create = async () => {
    try {
      await api.post(
        `/api/employees/${employee.id}/user-account`,
        { userName, password },
        { onError: (e: ApiError) => setErrors(e.fieldErrors) },
      );
      toast({ variant: 'success', title: 'Account created', description: `${employee.name} can sign in as ${userName}` });
      await queryClient.invalidateQueries({ queryKey: ['employees', 'one', employee.id] });
    } catch {
      // toast shown
    }
  };
  return (
    <Section title="Sign-in account" description="Creates a user with the Employee role linked to this record.">
      <FormField label="User name" error={errors.userName} required>
        <Input value={userName} onChange={(e) => setUserName(e.target.value)} data-testid="account-username" />
      </FormField>
      <FormField
        label="Initial password"
        error={errors.password}
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not the user name.`}
      >
        <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="account-password" />
      </FormField>
      <div className="flex items-end">
        <Button
          disabled={!canAdd || userName.length < 3 || password.length < PASSWORD_MIN_LENGTH}
          onClick={() => void create()}
          data-testid="create-account"
        >
          <KeyRound /> Create account
        </Button>
      </div>
    </Section>
  );
}

const WEEK_LABELS = ['1st', '2nd', '3rd', '4th', '5th', 'Last'];

/** The weekly offs as words ('Sunday; 2nd and 4th Saturday'), or '' when a stored code is not understood. */
function weeklyOffsText(codes: readonly number[]): string {
  return codes.every(weeklyOffCodeValid) ? describeWeeklyOffs(codes) : '';
}

/**
 * Weekly offs per weekday: every week, or some weeks of the month (1st…5th, last). The stored value stays
 * the codes (0–6 every week; 10·w + d the w-th weekday d; 60 + d the last).
 */
function WeeklyOffsField({
  codes,
  error,
  disabled,
  onChange,
}: {
  codes: number[];
  error?: string[];
  disabled: boolean;
  onChange: (codes: number[]) => void;
}) {
  const has = (c: number) => codes.includes(c);
  const apply = (next: number[]) => onChange([...new Set(next)].sort((a, b) => a - b));
  const toggleEvery = (d: number) => apply(has(d) ? codes.filter((c) => c !== d) : [...codes.filter((c) => c < 7 || c % 10 !== d), d]);
  const toggleWeek = (d: number, w: number) => {
    const code = 10 * w + d;
    if (has(d))
      apply([...codes.filter((c) => c !== d), code]); // from every week to just this one
    else apply(has(code) ? codes.filter((c) => c !== code) : [...codes, code]);
  };
  const chip = (on: boolean) =>
    `h-7 rounded-md border px-2 text-xs ${on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background'} disabled:opacity-60`;
  return (
    <FormField label="Weekly offs" className="sm:col-span-2" error={error} hint={weeklyOffsText(codes)}>
      <div className="space-y-1.5" data-testid="weekly-offs">
        {WEEK_DAYS.map((day, d) => (
          <div key={day} className="flex flex-wrap items-center gap-1.5">
            <span className="w-10 text-sm font-medium">{day}</span>
            <button type="button" disabled={disabled} className={chip(has(d))} aria-pressed={has(d)} onClick={() => toggleEvery(d)}>
              Every week
            </button>
            <span className="px-1 text-xs text-muted-foreground">or</span>
            {WEEK_LABELS.map((label, i) => {
              const on = has(10 * (i + 1) + d);
              return (
                <button
                  key={label}
                  type="button"
                  disabled={disabled}
                  className={chip(on)}
                  aria-pressed={on}
                  aria-label={`${label} ${day} of the month`}
                  onClick={() => toggleWeek(d, i + 1)}
                >
                  {label}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </FormField>
  );
}
