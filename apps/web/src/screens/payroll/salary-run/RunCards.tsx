import type { TRun } from '@hr/contract';
import {
  AlertTriangle,
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
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDate, formatDateTime, formatRupees } from '@/lib/format';
import { EmailPayslipsButton } from '../EmailPayslipsButton';
import { RunWarningCount } from '../RunWarnings';
import type { useRunDocuments } from './useRunActions';

export type Dialogs = 'approve' | 'sendBack' | 'lock' | 'unlock' | 'paidOn' | null;

/** The run's steps in the page header: process, approve, send back, lock, unlock (as the run and the user allow). */
export function RunHeaderActions({
  run,
  processing,
  busy,
  process,
  setDialog,
}: {
  run: TRun;
  processing: boolean;
  busy: string | null;
  process: () => void;
  setDialog: (d: Dialogs) => void;
}) {
  return (
    <>
      {run.can.process && (
        <Button onClick={() => process()} disabled={processing || busy !== null} data-testid="run-process">
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
  );
}

/** The run's totals and its approval trail. */
export function RunTotals({ run, setDialog }: { run: TRun; setDialog: (d: Dialogs) => void }) {
  const approval = run.approval;
  return (
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
  );
}

/** The employees who could not be computed, and the way to process only them again. */
export function RunErrorsAlert({
  run,
  processing,
  busy,
  process,
}: {
  run: TRun;
  processing: boolean;
  busy: string | null;
  process: (employeeIds: number[]) => void;
}) {
  if (run.errors.length === 0) return null;
  return (
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
            onClick={() => process(run.errors.map((e) => e.employeeId))}
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
  );
}

/** The documents built from the run's salary records. */
export function RunDocumentsCard({
  run,
  docsReady,
  busy,
  docs,
}: {
  run: TRun;
  docsReady: boolean;
  busy: string | null;
  docs: ReturnType<typeof useRunDocuments>;
}) {
  const { prefetchSlips, payslips, signingSheet, register, returnFile } = docs;
  return (
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
  );
}
