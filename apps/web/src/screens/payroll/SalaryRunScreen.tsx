import { MENU } from '@hr/contract/menus';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMonth } from '@/lib/months';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useRun, useRunEmployees } from './api';
import { RunStatusBadge, useEncryptedSearchId } from './components';
import { NewRunForm } from './NewRunForm';
import { ApproveDialog, OffCycleCard, SendBackDialog } from './RunApprovalDialogs';
import { RunEmployeesTable } from './RunEmployeesTable';
import { MonthAttendanceCard } from './RunExtras';
import { RunPaymentCard } from './RunPaymentCard';
import { RunStatutoryCard } from './RunStatutoryCard';
import { RunWarningsAlert } from './RunWarnings';
import { type Dialogs, RunDocumentsCard, RunErrorsAlert, RunHeaderActions, RunTotals } from './salary-run/RunCards';
import { PaidOnDialog, UnlockDialog } from './salary-run/RunLockDialogs';
import { useRunDocuments, useRunProcess } from './salary-run/useRunActions';

/**
 * /outlet/transaction/salary_process/addorupdate: with `?id=<encrypted run id>` one run (process, approve, lock,
 * unlock, review the employees, download the documents); without it, the form that opens a new run.
 */
export default function SalaryRunScreen() {
  const id = useEncryptedSearchId('id');
  const navigate = useNavigate();
  if (id === null) return null;
  if (id === 'absent') {
    return (
      <div className="space-y-6">
        <Button variant="ghost" onClick={() => navigate(MENU.salaryProcess)}>
          <ArrowLeft /> Salary runs
        </Button>
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>New salary run</CardTitle>
            <CardDescription>Choose the unit and the month to pay.</CardDescription>
          </CardHeader>
          <CardContent>
            <NewRunForm onCancel={() => navigate(MENU.salaryProcess)} />
          </CardContent>
        </Card>
      </div>
    );
  }
  return <RunView key={id} id={id} />;
}

/** While the run loads, or when it cannot be opened. */
function RunMissing({ failed, back }: { failed: boolean; back: () => void }) {
  return (
    <div className="space-y-4">
      <Button variant="ghost" onClick={back}>
        <ArrowLeft /> Salary runs
      </Button>
      {failed ? (
        <Alert variant="destructive">
          <AlertTriangle />
          <AlertTitle>This run could not be opened</AlertTitle>
          <AlertDescription>It may have been removed, or it belongs to a unit that is not yours.</AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-3">
          <Skeleton className="h-8 w-80" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </div>
  );
}

function RunView({ id }: { id: number }) {
  const navigate = useNavigate();
  const { menu } = useCurrentMenu(MENU.salaryProcess);
  const runQuery = useRun(id);
  const run = runQuery.data;
  const employees = useRunEmployees(id, !!run && run.status !== 'draft');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { process, processBusy, onProcessed, setRun, jobId, processing } = useRunProcess(id, run);
  const docsReady = !!run && run.employeeCount > 0 && !processing && run.status !== 'draft';
  const docs = useRunDocuments(id, run, docsReady);
  const busy = processBusy ? 'process' : docs.busy;

  if (!run) return <RunMissing failed={runQuery.isError} back={() => navigate(MENU.salaryProcess)} />;

  return (
    <div className="space-y-6" data-testid="salary-run">
      <Button variant="ghost" onClick={() => navigate(MENU.salaryProcess)}>
        <ArrowLeft /> Salary runs
      </Button>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {run.unitName} · {formatMonth(run.year, run.month)} <RunStatusBadge status={run.status} />
          </span>
        }
        description={menu?.label ? `${menu.label}: one unit's salary for one month` : undefined}
        actions={<RunHeaderActions run={run} processing={processing} busy={busy} process={() => void process()} setDialog={setDialog} />}
      />

      {jobId !== null && (
        <Card className="py-4">
          <CardContent>
            <JobProgress
              key={jobId}
              jobId={jobId}
              label={`Processing ${run.unitName}, ${formatMonth(run.year, run.month)}`}
              onDone={onProcessed}
            />
          </CardContent>
        </Card>
      )}
      {jobId === null && run.status === 'processing' && (
        <p className="text-sm text-muted-foreground">This run is being processed; the figures update when it finishes.</p>
      )}

      <RunTotals run={run} setDialog={setDialog} />

      <RunErrorsAlert run={run} processing={processing} busy={busy} process={(ids) => void process(ids)} />

      <RunWarningsAlert run={run} />

      <OffCycleCard run={run} />

      <RunDocumentsCard run={run} docsReady={docsReady} busy={busy} docs={docs} />

      <RunStatutoryCard run={run} />

      <RunPaymentCard run={run} mayEdit={run.can.paymentDate} />

      <MonthAttendanceCard run={run} editable={run.can.process} />

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Employees</h2>
        {run.status === 'draft' && !processing ? (
          <p className="text-sm text-muted-foreground">
            Nothing computed yet. {run.can.process ? 'Process the run to see each employee’s salary.' : 'The payroll office processes it.'}
          </p>
        ) : (
          <RunEmployeesTable rows={employees.data ?? []} loading={employees.isLoading || (processing && !employees.data)} runId={id} />
        )}
      </section>

      <ApproveDialog open={dialog === 'approve'} run={run} onClose={() => setDialog(null)} onDone={setRun} />
      <SendBackDialog open={dialog === 'sendBack'} run={run} onClose={() => setDialog(null)} onDone={setRun} />
      {dialog === 'lock' && <PaidOnDialog path="lock" run={run} onClose={() => setDialog(null)} onDone={setRun} />}
      <UnlockDialog open={dialog === 'unlock'} run={run} onClose={() => setDialog(null)} onDone={setRun} />
      {dialog === 'paidOn' && <PaidOnDialog path="payment-date" run={run} onClose={() => setDialog(null)} onDone={setRun} />}
    </div>
  );
}
