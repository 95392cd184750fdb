import type { TEmployee } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDocuments } from '@/components/employee/api';
import { DocumentsPanel } from '@/components/employee/DocumentsPanel';
import { EmployeeHeader } from '@/components/employee/EmployeeHeader';
import type { Errors } from '@/components/employee/fields';
import { PersonalFields } from '@/components/employee/PersonalFields';
import { UnsavedChangesPrompt } from '@/components/resource/EditScreen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { decryptParam, ROUTE_PARAM_ERROR } from '@/lib/crypto';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useDecodedParam } from '@/lib/useEncryptedParam';
import { ExitPanel } from './ExitPanel';
import { AccountPanel } from './employee-form/AccountPanel';
import { TAB_OF } from './employee-form/fields';
import { JobTab } from './employee-form/JobTab';
import { AcademicTab, BankTab, StatutoryTab } from './employee-form/OtherTabs';
import { useEmployeeForm } from './employee-form/useEmployeeForm';
import { SalaryPanel } from './SalaryPanel';

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
  const docs = useDocuments(id);
  const editable = id === null ? actions.add : actions.edit;
  const { employee, e, errors, tab, setTab, dirty, fp, save, saving } = useEmployeeForm(id, editable);

  if (id !== null && !e)
    return <p className="text-sm text-muted-foreground">{employee.isError ? 'Could not load this employee.' : 'Loading…'}</p>;
  const missing = docs.data?.missingMandatory ?? [];

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
        <EmployeeTabsList errors={errors} e={e} missing={missing.length} salaryView={salary.actions.view} />

        <TabsContent value="personal" className="space-y-4 pt-4">
          <PersonalFields fp={fp} />
        </TabsContent>

        <TabsContent value="job" className="space-y-4 pt-4">
          <JobTab fp={fp} id={id} managerName={e?.reportingManagerName ?? null} />
        </TabsContent>

        <TabsContent value="statutory" className="space-y-4 pt-4">
          <StatutoryTab fp={fp} aadhaarMasked={e?.aadhaarMasked} />
        </TabsContent>

        <TabsContent value="bank" className="space-y-4 pt-4">
          <BankTab fp={fp} />
        </TabsContent>

        <TabsContent value="academic" className="space-y-4 pt-4">
          <AcademicTab fp={fp} />
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

/** The tabs' names, a red dot on those holding a field to correct. */
function EmployeeTabsList({
  errors,
  e,
  missing,
  salaryView,
}: {
  errors: Errors;
  e: TEmployee | undefined;
  missing: number;
  salaryView: boolean;
}) {
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
    <TabsList className="flex-wrap">
      <TabsTrigger value="personal">{tabLabel('personal', 'Personal')}</TabsTrigger>
      <TabsTrigger value="job">{tabLabel('job', 'Job')}</TabsTrigger>
      <TabsTrigger value="statutory">{tabLabel('statutory', 'Statutory')}</TabsTrigger>
      <TabsTrigger value="bank">{tabLabel('bank', 'Bank')}</TabsTrigger>
      <TabsTrigger value="academic">{tabLabel('academic', 'Academic')}</TabsTrigger>
      {e && <TabsTrigger value="documents">Documents{missing ? ` (${missing} missing)` : ''}</TabsTrigger>}
      {e && salaryView && <TabsTrigger value="salary">Salary</TabsTrigger>}
      {e && <TabsTrigger value="account">Sign-in account</TabsTrigger>}
      {e && <TabsTrigger value="exit">Separation</TabsTrigger>}
    </TabsList>
  );
}
