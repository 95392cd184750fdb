// The run screen's approval pieces: the approve dialog (a run with failed employees names them and asks for the
// reason to approve without them), sending a run back with what is to be corrected, and the off-cycle runs of the
// employees an approval left out.
import type { TRun } from '@hr/contract';
import { AlertTriangle, CheckCircle2, CornerUpLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatRupees } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { RunStatusBadge } from './components';
import { runPath } from './NewRunForm';

type ActionDialogProps = { open: boolean; run: TRun; onClose: () => void; onDone: (run: TRun) => void };

/** The failed employees a run would leave out: code, name and the problem. */
function FailedList({ run }: { run: TRun }) {
  return (
    <div className="max-h-48 overflow-auto rounded-md border" data-testid="approve-failed-list">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="px-2 py-1 font-medium">Code</th>
            <th className="px-2 py-1 font-medium">Name</th>
            <th className="px-2 py-1 font-medium">Problem</th>
          </tr>
        </thead>
        <tbody>
          {run.errors.map((e) => (
            <tr key={e.employeeId} className="border-t align-top">
              <td className="px-2 py-1 font-mono text-xs">{e.employeeCode}</td>
              <td className="px-2 py-1">{e.name}</td>
              <td className="px-2 py-1 text-muted-foreground">{e.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ApproveDialog({ open, run, onClose, onDone }: ActionDialogProps) {
  const [remark, setRemark] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const level = run.approval?.level ?? 1;
  const levels = run.approval?.levels ?? 1;
  const failed = run.errors.length;
  const approve = useAction(
    (body: { remark: string | null; withoutFailed?: { reason: string } }) =>
      api.post<TRun>(apiPath('/api/payroll/runs/:id/approve', { id: run.id }), body, {
        onError: (e: ApiError) => setErrors(e.fieldErrors),
      }),
    {
      success: (next) => ({
        title: 'Approved',
        description:
          next.status === 'approved' ? 'Every level has approved: the payslips are released.' : `Level ${level} of ${levels} approved`,
      }),
      onDone: (next) => {
        setRemark('');
        setReason('');
        onDone(next);
        onClose();
      },
    },
  );
  const submit = () => {
    if (failed > 0 && reason.trim().length < 5) {
      setErrors({ 'withoutFailed.reason': ['Say why the run is approved without them (at least 5 characters)'] });
      return;
    }
    void approve.run({ remark: remark.trim() || null, ...(failed > 0 ? { withoutFailed: { reason: reason.trim() } } : {}) });
  };
  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Approve {formatMonth(run.year, run.month)}</DialogTitle>
          <DialogDescription>
            Level {level} of {levels} for {run.unitName}: net pay {formatRupees(run.net)} for {formatCount(run.employeeCount)} employees.
            {level >= levels ? ' After the last level, employees can download their payslips.' : ''}
          </DialogDescription>
        </DialogHeader>
        {failed > 0 && (
          <Alert variant="destructive" data-testid="approve-failed">
            <AlertTriangle />
            <AlertTitle className="line-clamp-none">
              {formatCount(failed)} employee{failed === 1 ? ' was' : 's were'} not computed and would not be paid
            </AlertTitle>
            <AlertDescription>
              <p>
                Correct them and process them again, or approve without them: they are paid by an off-cycle run of their own once corrected.
              </p>
              <FailedList run={run} />
            </AlertDescription>
          </Alert>
        )}
        {failed > 0 && (
          <FormField label="Why approve without them" htmlFor="approve-without" error={errors['withoutFailed.reason']} required>
            <Textarea
              id="approve-without"
              value={reason}
              maxLength={300}
              placeholder="e.g. Structures awaited from HR; the others are paid on time"
              onChange={(e) => setReason(e.target.value)}
              data-testid="approve-without-reason"
            />
          </FormField>
        )}
        <FormField label="Remark (optional)" htmlFor="approve-remark" error={errors.remark}>
          <Textarea id="approve-remark" value={remark} maxLength={300} onChange={(e) => setRemark(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="success" disabled={approve.busy} onClick={submit} data-testid="confirm-approve">
            <CheckCircle2 /> {approve.busy ? 'Approving…' : failed > 0 ? `Approve without ${formatCount(failed)}` : 'Approve'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function SendBackDialog({ open, run, onClose, onDone }: ActionDialogProps) {
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const send = useAction(
    (note: string) =>
      api.post<TRun>(
        apiPath('/api/payroll/runs/:id/send-back', { id: run.id }),
        { remark: note },
        { onError: (e: ApiError) => setErrors(e.fieldErrors) },
      ),
    {
      success: () => ({ title: 'Sent back', description: 'Whoever processed the run is told what to correct.' }),
      onDone: (next) => {
        setRemark('');
        onDone(next);
        onClose();
      },
    },
  );
  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send {formatMonth(run.year, run.month)} back</DialogTitle>
          <DialogDescription>
            The payroll office corrects and processes {run.unitName} again; it then comes back for approval.
          </DialogDescription>
        </DialogHeader>
        <FormField label="What is to be corrected" htmlFor="send-back-remark" error={errors.remark} required>
          <Textarea id="send-back-remark" value={remark} maxLength={300} onChange={(e) => setRemark(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={send.busy} onClick={() => void send.run(remark.trim())} data-testid="confirm-send-back">
            <CornerUpLeft /> {send.busy ? 'Sending…' : 'Send back'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A regular run's off-cycle runs, and opening one for the employees its approval left out. An off-cycle run says whose it is. */
export function OffCycleCard({ run }: { run: TRun }) {
  const navigate = useNavigate();
  const open = useAction(() => api.post<TRun>(apiPath('/api/payroll/runs/:id/off-cycle', { id: run.id }), {}), {
    success: (r) => ({
      title: 'Off-cycle run opened',
      description: `${formatCount(r.offCycle.length || 1)} employee run, ready to process`,
    }),
    onDone: (r) => navigate(runPath(r.id)),
  });
  if (run.parentRunId) {
    return (
      <Alert data-testid="off-cycle-of">
        <AlertTitle>Off-cycle run</AlertTitle>
        <AlertDescription>
          <p>
            Pays the employees the approval of {run.unitName}, {formatMonth(run.year, run.month)} left out; approved on its own.
          </p>
          <Button variant="link" className="h-auto p-0" onClick={() => navigate(runPath(run.parentRunId!))}>
            Open the regular run
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!run.can.offCycle && run.offCycle.length === 0) return null;
  return (
    <Card className="gap-3 py-5" data-testid="off-cycle-card">
      <CardHeader>
        <CardTitle>Left-out employees</CardTitle>
        <CardDescription>
          Approved without {formatCount(run.errors.length)} failed employee{run.errors.length === 1 ? '' : 's'}: an off-cycle run pays them
          once corrected.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2">
        {run.offCycle.map((o) => (
          <Button key={o.id} variant="outline" size="sm" onClick={() => navigate(runPath(o.id))}>
            Off-cycle run #{o.id} · {formatCount(o.employees)} <RunStatusBadge status={o.status} />
          </Button>
        ))}
        {run.can.offCycle && (
          <Button size="sm" disabled={open.busy} onClick={() => void open.run()} data-testid="open-off-cycle">
            <Plus /> {open.busy ? 'Opening…' : 'Off-cycle run for the left-out employees'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
