// The salary run's payslip e-mail: a job, optionally password-protected PDFs.
import type { TJob, TJobStarted, TRun } from '@hr/contract';
import { CheckCircle2, Mail, XCircle } from 'lucide-react';
import { useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import type { TEmailPayslipsResult } from './api';

/** E-mails the run's payslips (a job), optionally protected with PAN + date of birth. */
export function EmailPayslipsButton({ run, disabled }: { run: TRun; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [protect, setProtect] = useState(true);
  const [jobId, setJobId] = useState<number | null>(null);
  const [result, setResult] = useState<TEmailPayslipsResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    try {
      const started = await api.post<TJobStarted>(apiPath('/api/payroll/runs/:id/email', { id: run.id }), { protect });
      setResult(null);
      setFailure(null);
      setJobId(started.jobId);
    } catch {
      // toast shown (409: not approved, or no e-mail on this server)
    }
  };
  const done = (job: TJob) => {
    setJobId(null);
    if (job.state === 'succeeded') setResult(job.result as TEmailPayslipsResult);
    else setFailure(job.state === 'cancelled' ? 'The e-mailing was stopped.' : (job.error ?? 'The payslips could not be e-mailed.'));
  };
  const problems = result ? result.skipped.length + result.failed.length : 0;
  return (
    <>
      <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="run-email">
        <Mail /> E-mail payslips
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>E-mail the payslips</DialogTitle>
            <DialogDescription>
              {run.unitName}, {formatMonth(run.year, run.month)}: each employee with an e-mail address receives their own payslip; anyone
              already sent one is skipped.
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-start gap-2">
            <Checkbox
              id="email-protect"
              className="mt-0.5"
              checked={protect}
              disabled={jobId !== null}
              onCheckedChange={(v) => setProtect(v === true)}
              data-testid="email-protect"
            />
            <Label htmlFor="email-protect" className="block leading-snug font-normal">
              Protect each PDF with a password: the employee's PAN in capitals followed by the date of birth as DDMMYYYY (e.g.
              ABCDE1234F15081990). Employees without a PAN are skipped.
            </Label>
          </div>
          {/* The job goes on if the dialog is closed; opened again, the bar follows it to the end. */}
          {jobId !== null && <JobProgress jobId={jobId} label="E-mailing payslips" onDone={done} />}
          {failure && (
            <Alert variant="destructive">
              <XCircle />
              <AlertTitle>Not finished</AlertTitle>
              <AlertDescription>{failure} Sending again skips those already sent.</AlertDescription>
            </Alert>
          )}
          {result && (
            <Alert variant={result.failed.length ? 'destructive' : 'default'} data-testid="email-result">
              <CheckCircle2 className={result.failed.length ? undefined : 'text-success'} />
              <AlertTitle>
                {formatCount(result.sent)} sent
                {result.skipped.length ? `, ${formatCount(result.skipped.length)} skipped` : ''}
                {result.failed.length ? `, ${formatCount(result.failed.length)} failed` : ''}
              </AlertTitle>
              <AlertDescription>
                {problems === 0 ? (
                  'Everyone with an address has their payslip.'
                ) : (
                  <ul className="max-h-48 list-disc overflow-y-auto pl-4">
                    {result.skipped.map((s) => (
                      <li key={`s-${s.employeeCode}`}>
                        {s.employeeCode}: skipped, {s.reason.charAt(0).toLowerCase() + s.reason.slice(1)}
                      </li>
                    ))}
                    {result.failed.map((f) => (
                      <li key={`f-${f.employeeCode}`}>
                        {f.employeeCode}: not sent ({f.error})
                      </li>
                    ))}
                  </ul>
                )}
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button disabled={jobId !== null} onClick={() => void start()} data-testid="confirm-email">
              <Mail /> {result || failure ? 'Send again' : 'Send'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
