import { type TJob, type TJobStarted, type TRun, type TSalarySlip, ZRunPaymentDate, ZUnlockRun } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  CalendarDays,
  CheckCircle2,
  CornerUpLeft,
  FileSpreadsheet,
  FileText,
  Lock,
  LockOpen,
  PenLine,
  Play,
  RefreshCw,
} from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { downloadPayslips, openSigningSheet } from '@/lib/documents';
import { formatCount, formatDate, formatDateTime, formatRupees, todayIso } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { errorToast, toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { downloadRegister, downloadReturnFile, fetchRunSlips, issuesToFieldErrors, payrollKeys, useRun, useRunEmployees } from './api';
import { RunStatusBadge, useEncryptedSearchId } from './components';
import { NewRunForm } from './NewRunForm';
import { ApproveDialog, OffCycleCard, SendBackDialog } from './RunApprovalDialogs';
import { RunEmployeesTable } from './RunEmployeesTable';
import { EmailPayslipsButton, MonthAttendanceCard } from './RunExtras';
import { RunPaymentCard } from './RunPaymentCard';
import { RunStatutoryCard } from './RunStatutoryCard';
import { RunWarningCount, RunWarningsAlert } from './RunWarnings';

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

type Dialogs = 'approve' | 'sendBack' | 'lock' | 'unlock' | 'paidOn' | null;

function RunView({ id }: { id: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { menu } = useCurrentMenu(MENU.salaryProcess);
  const runQuery = useRun(id);
  const run = runQuery.data;
  const employees = useRunEmployees(id, !!run && run.status !== 'draft');
  const [startedJob, setStartedJob] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  // Each action's failure shows its toast (the API call's, e.g. 409: approved or locked, or an employee without a UAN).
  const processAction = useAction(
    (employeeIds: number[] | undefined) => api.post<TJobStarted>(`/api/payroll/runs/${id}/process`, employeeIds ? { employeeIds } : {}),
    {
      onDone: async (started) => {
        setStartedJob(started.jobId);
        await queryClient.invalidateQueries({ queryKey: payrollKeys.run(id) });
      },
    },
  );
  const payslipsAction = useAction(
    async () => {
      const records = await loadSlips();
      if (records.length === 0) {
        toast({ title: 'No payslips', description: 'This run has no employee lines yet.' });
        return null;
      }
      return { fileName: await downloadPayslips(records), pages: records.length };
    },
    { success: (r) => (r?.fileName ? { title: 'Payslips ready', description: `${r.fileName} (${formatCount(r.pages)} pages)` } : null) },
  );
  const sheetAction = useAction(async () => {
    const records = await loadSlips();
    if (records.length === 0) toast({ title: 'No salary records', description: 'This run has no employee lines yet.' });
    else await openSigningSheet(records);
  });
  const registerAction = useAction((r: TRun) => downloadRegister(r), {
    success: (fileName) => ({ title: 'Salary register downloaded', description: fileName }),
  });
  const returnFileAction = useAction((r: TRun, kind: 'ecr' | 'esi') => downloadReturnFile(r, kind), {
    success: (fileName, _, kind) => ({
      title: kind === 'ecr' ? 'PF ECR file downloaded' : 'ESI contribution file downloaded',
      description: fileName,
    }),
  });
  const busy = processAction.busy
    ? 'process'
    : payslipsAction.busy
      ? 'payslips'
      : sheetAction.busy
        ? 'sheet'
        : registerAction.busy
          ? 'register'
          : (returnFileAction.pending?.[1] ?? null);

  const refreshAll = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: payrollKeys.run(id) }),
      queryClient.invalidateQueries({ queryKey: payrollKeys.runEmployees(id) }),
      queryClient.invalidateQueries({ queryKey: payrollKeys.runs }),
    ]);
    queryClient.removeQueries({ queryKey: payrollKeys.runSlips(id) });
  }, [queryClient, id]);

  const onProcessed = useCallback(
    (job: TJob) => {
      setStartedJob(null);
      if (job.state === 'succeeded') toast({ variant: 'success', title: 'Processed', description: 'The figures below are up to date.' });
      else if (job.state === 'failed') errorToast(job.error ?? 'The run could not be processed');
      else toast({ title: 'Processing stopped', description: 'The run keeps its last computed figures.' });
      void refreshAll();
    },
    [refreshAll],
  );

  const setRun = (next: TRun) => {
    queryClient.setQueryData(payrollKeys.run(id), next);
    void queryClient.invalidateQueries({ queryKey: payrollKeys.runs });
  };

  /** The whole run, or only some employees (those whose slip failed, once their data is corrected). */
  const process = (employeeIds?: number[]) => processAction.run(employeeIds);

  const jobId = startedJob ?? (run?.status === 'processing' ? (run.progress?.jobId ?? null) : null);
  const processing = run?.status === 'processing' || jobId !== null;
  const docsReady = !!run && run.employeeCount > 0 && !processing && run.status !== 'draft';

  const slipsKey = payrollKeys.runSlips(id);
  const loadSlips = () =>
    queryClient.fetchQuery({ queryKey: slipsKey, queryFn: ({ signal }) => fetchRunSlips(id, signal), staleTime: 60_000 });
  // Hovering the document buttons starts loading the records, so the signing sheet's window opens straight from the click.
  const prefetchSlips = () => {
    if (docsReady)
      void queryClient.prefetchQuery({ queryKey: slipsKey, queryFn: ({ signal }) => fetchRunSlips(id, signal), staleTime: 60_000 });
  };

  const payslips = payslipsAction.run;

  const signingSheet = async () => {
    const cached = queryClient.getQueryData<TSalarySlip[]>(slipsKey);
    if (cached) {
      if (cached.length === 0) toast({ title: 'No salary records', description: 'This run has no employee lines yet.' });
      else void openSigningSheet(cached);
      return;
    }
    await sheetAction.run();
  };

  const register = async () => {
    if (!run) return;
    await registerAction.run(run);
  };

  const returnFile = async (kind: 'ecr' | 'esi') => {
    if (!run) return;
    await returnFileAction.run(run, kind);
  };

  if (!run) {
    return (
      <div className="space-y-4">
        <Button variant="ghost" onClick={() => navigate(MENU.salaryProcess)}>
          <ArrowLeft /> Salary runs
        </Button>
        {runQuery.isError ? (
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

  const approval = run.approval;

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
        actions={
          <>
            {run.can.process && (
              <Button onClick={() => void process()} disabled={processing || busy !== null} data-testid="run-process">
                {run.status === 'draft' ? <Play /> : <RefreshCw />}
                {run.status === 'draft' ? 'Process' : 'Process again'}
              </Button>
            )}
            {run.can.approve && (
              <Button variant="success" onClick={() => setDialog('approve')} disabled={processing} data-testid="run-approve">
                <CheckCircle2 /> Approve
              </Button>
            )}
            {run.can.approve && (
              <Button variant="outline" onClick={() => setDialog('sendBack')} disabled={processing} data-testid="run-send-back">
                <CornerUpLeft /> Send back
              </Button>
            )}
            {/* Only the step that applies: Lock an approved run, Unlock a locked one. */}
            {run.can.lock && run.status !== 'locked' && (
              <Button variant="outline" onClick={() => setDialog('lock')} disabled={processing} data-testid="run-lock">
                <Lock /> Lock
              </Button>
            )}
            {run.can.unlock && (run.status === 'locked' || !run.can.lock) && (
              <Button variant="outline" onClick={() => setDialog('unlock')} disabled={processing} data-testid="run-unlock">
                <LockOpen /> Unlock
              </Button>
            )}
          </>
        }
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

      <div className="grid gap-4 xl:grid-cols-3">
        <Card className="gap-4 py-5 xl:col-span-2">
          <CardHeader>
            <CardTitle>Totals</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Employees" value={formatCount(run.employeeCount)} />
            <Figure label="Gross" value={formatRupees(run.gross)} />
            <Figure label="Deductions" value={formatRupees(run.deductions)} />
            <Figure
              label="Net pay"
              value={
                <>
                  {formatRupees(run.net)}
                  {run.roundOff !== 0 && (
                    <span className="block text-xs font-normal text-muted-foreground">
                      Each slip rounded to ₹10: exact {formatRupees(run.netExact)}, round-off {formatRupees(run.roundOff)}
                    </span>
                  )}
                </>
              }
            />
            <Figure label="Processed" value={formatDateTime(run.processedAt) || 'Not yet'} />
            <Figure label="Locked" value={formatDateTime(run.lockedAt) || 'No'} />
            <Figure
              label="Date of payment"
              value={
                <span className="inline-flex items-center gap-1">
                  <span data-testid="run-paid-on-value">{run.paidOn ? formatDate(run.paidOn) : 'Not given'}</span>
                  {run.can.paymentDate && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-label="Change the date of payment"
                      onClick={() => setDialog('paidOn')}
                      data-testid="run-paid-on-edit"
                    >
                      <PenLine />
                    </Button>
                  )}
                </span>
              }
            />
            <Figure label="Errors" value={formatCount(run.errors.length)} className={run.errors.length ? 'text-destructive' : undefined} />
            <RunWarningCount run={run} />
          </CardContent>
        </Card>
        <Card className="gap-4 py-5">
          <CardHeader>
            <CardTitle>Approval</CardTitle>
            <CardDescription>
              {approval
                ? `${approval.levels} level${approval.levels === 1 ? '' : 's'}; ${
                    approval.state === 'pending' ? `waiting at level ${approval.level}` : approval.state
                  }`
                : run.status === 'draft' || run.status === 'processing'
                  ? 'Sent to the unit’s salary approvers once processed.'
                  : 'No approval recorded.'}
            </CardDescription>
          </CardHeader>
          <CardContent>{approval && <ApprovalTrail lines={approval.history} />}</CardContent>
        </Card>
      </div>

      {run.errors.length > 0 && (
        <Alert variant="destructive" data-testid="run-errors">
          <AlertTriangle />
          <AlertTitle>
            {formatCount(run.errors.length)} employee{run.errors.length === 1 ? '' : 's'} could not be computed
          </AlertTitle>
          <AlertDescription>
            <p>Correct their data (structure, formula inputs, attendance) and process again; they are not in the totals.</p>
            {run.can.process && (
              <Button
                variant="outline"
                size="sm"
                className="my-2"
                disabled={processing || busy !== null}
                onClick={() => void process(run.errors.map((e) => e.employeeId))}
                data-testid="reprocess-errors"
              >
                Process these {formatCount(run.errors.length)} again
              </Button>
            )}
            <div className="max-h-64 w-full overflow-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left">
                    <th className="py-1 pr-3 font-medium">Code</th>
                    <th className="py-1 pr-3 font-medium">Name</th>
                    <th className="py-1 font-medium">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {run.errors.map((e) => (
                    <tr key={e.employeeId} className="border-t border-destructive/20 align-top">
                      <td className="py-1 pr-3 font-mono text-xs">{e.employeeCode}</td>
                      <td className="py-1 pr-3">{e.name}</td>
                      <td className="py-1">{e.error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </AlertDescription>
        </Alert>
      )}

      <RunWarningsAlert run={run} />

      <OffCycleCard run={run} />

      <Card className="gap-4 py-5">
        <CardHeader>
          <CardTitle>Documents</CardTitle>
          <CardDescription>
            {docsReady ? 'Built from this run’s salary records.' : 'Available once the run is processed and has employees.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2" onPointerEnter={prefetchSlips} onFocus={prefetchSlips}>
          <Button variant="outline" disabled={!docsReady || busy !== null} onClick={() => void payslips()} data-testid="run-payslips">
            <FileText /> {busy === 'payslips' ? 'Preparing…' : 'Payslips (PDF)'}
          </Button>
          <Button
            variant="outline"
            disabled={!docsReady || busy !== null}
            onClick={() => void signingSheet()}
            data-testid="run-signing-sheet"
          >
            <PenLine /> {busy === 'sheet' ? 'Preparing…' : 'Signing sheet'}
          </Button>
          <Button variant="outline" disabled={!docsReady || busy !== null} onClick={() => void register()} data-testid="run-register">
            <FileSpreadsheet /> {busy === 'register' ? 'Downloading…' : 'Salary register (Excel)'}
          </Button>
          <Button variant="outline" disabled={!docsReady || busy !== null} onClick={() => void returnFile('ecr')} data-testid="run-ecr">
            <FileText /> {busy === 'ecr' ? 'Downloading…' : 'PF ECR file'}
          </Button>
          <Button variant="outline" disabled={!docsReady || busy !== null} onClick={() => void returnFile('esi')} data-testid="run-esi">
            <FileSpreadsheet /> {busy === 'esi' ? 'Downloading…' : 'ESI contribution file'}
          </Button>
          {run.can.email && <EmailPayslipsButton run={run} disabled={!docsReady || busy !== null} />}
        </CardContent>
      </Card>

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

type ActionDialogProps = { open: boolean; run: TRun; onClose: () => void; onDone: (run: TRun) => void };

/** What the lock dialog and the payment-date dialog say and post (both ask the date of payment). */
const PAID_ON_DIALOGS = {
  lock: {
    title: (month: string) => `Lock ${month}?`,
    description:
      'A locked month refuses every change: no reprocessing, and no structure, formula or advance change reaching into it. Only an administrator can unlock it, with a reason. The date of payment is printed in the wage register (Form B) and the 24Q register.',
    done: 'Locked',
    testId: 'confirm-lock',
    icon: Lock,
    label: ['Locking…', 'Lock the month'],
  },
  'payment-date': {
    title: (month: string) => `Date of payment, ${month}`,
    description: 'The day the wages were credited. The figures stay as they are; the change is kept in the audit trail.',
    done: 'Date of payment saved',
    testId: 'confirm-paid-on',
    icon: CalendarDays,
    label: ['Saving…', 'Save'],
  },
} as const;

/**
 * Locks the run with its date of payment, or corrects the date alone (`path`, the run's endpoint): not before the
 * wage month, not after today; the server's 400 field errors are shown on the field.
 */
function PaidOnDialog({ path, run, onClose, onDone }: Omit<ActionDialogProps, 'open'> & { path: keyof typeof PAID_ON_DIALOGS }) {
  const text = PAID_ON_DIALOGS[path];
  const [paidOn, setPaidOn] = useState(run.paidOn ?? todayIso());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const save = useAction(
    (body: z.output<typeof ZRunPaymentDate>) =>
      api.post<TRun>(`/api/payroll/runs/${run.id}/${path}`, body, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
      success: { title: text.done, description: `${run.unitName}, ${formatMonth(run.year, run.month)}` },
      onDone: (next) => {
        onDone(next);
        onClose();
      },
    },
  );
  const saving = save.busy;
  const submit = async () => {
    const parsed = ZRunPaymentDate.safeParse({ paidOn });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    await save.run(parsed.data);
  };
  const Icon = text.icon;
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title(formatMonth(run.year, run.month))}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <FormField label="Date of payment" htmlFor="run-paid-on" required error={errors.paidOn}>
          <DateInput
            id="run-paid-on"
            className="w-44"
            min={`${run.year}-${String(run.month).padStart(2, '0')}-01`}
            max={todayIso()}
            value={paidOn}
            aria-invalid={!!errors.paidOn}
            onChange={(e) => {
              setPaidOn(e.target.value);
              setErrors({});
            }}
            data-testid="run-paid-on"
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()} data-testid={text.testId}>
            <Icon /> {saving ? text.label[0] : text.label[1]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UnlockDialog({ open, run, onClose, onDone }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const unlock = useAction(
    (body: z.output<typeof ZUnlockRun>) =>
      api.post<TRun>(`/api/payroll/runs/${run.id}/unlock`, body, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
      success: { title: 'Unlocked', description: 'The month can be processed again; it needs approval anew.' },
      onDone: (next) => {
        setReason('');
        onDone(next);
        onClose();
      },
    },
  );
  const saving = unlock.busy;
  const submit = async () => {
    const parsed = ZUnlockRun.safeParse({ reason });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    await unlock.run(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Unlock {formatMonth(run.year, run.month)}</DialogTitle>
          <DialogDescription>
            Unlocking reopens an approved month of {run.unitName}. The reason is kept in the audit trail.
          </DialogDescription>
        </DialogHeader>
        <FormField label="Reason" htmlFor="unlock-reason" required error={errors.reason}>
          <Textarea
            id="unlock-reason"
            value={reason}
            maxLength={300}
            aria-invalid={!!errors.reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors({});
            }}
            data-testid="unlock-reason"
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={saving} onClick={() => void submit()} data-testid="confirm-unlock">
            <LockOpen /> {saving ? 'Unlocking…' : 'Unlock'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
