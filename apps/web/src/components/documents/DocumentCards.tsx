// The two cards of the document screens (Form 16, payslips, ID cards): "my own document" (choose what, download)
// and "a unit's batch" (choose the unit and what, start; a job is followed with the one progress bar and its file
// downloaded when it is ready). They own the busy state, the notice shown in place of an error for an answer that
// is not a failure (404: nothing approved for that month or year), the 403 that hides a batch card whose menu was
// out of date, and the toasts; the screens give the fields and what the buttons do.
import type { TJob } from '@hr/contract';
import { FileText, Info } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api';
import { downloadFile } from '@/lib/files';
import { errorToast, toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';

/** A button of a card: its label (and the one while working), icon, test id and whether it may be pressed. */
export interface DocumentAction {
  label: string;
  busyLabel?: string;
  icon?: ReactNode;
  testId: string;
  disabled?: boolean;
  variant?: 'default' | 'outline';
}

/** The card's busy state, its notice and the shared handling of the API's refusals around one action. */
function useDocumentAction(resetKey: unknown, o: { notFound?: (e: ApiError) => string; hideOnForbidden?: boolean } = {}) {
  const [notice, setNotice] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  // A new choice (unit, month, year) clears the last answer.
  useEffect(() => setNotice(null), [resetKey]);
  // The cards' calls are silent: an API error is answered here (any other failure gets useAction's error toast).
  const action = useAction((work: () => Promise<unknown>) => work(), {
    onError: (e) => {
      // Menus can be out of date: a 403 means this sign-in may not use the card after all.
      if (e instanceof ApiError && e.status === 403 && o.hideOnForbidden) setForbidden(true);
      // Nothing approved for the choice is an answer, not a failure.
      else if (e instanceof ApiError && e.status === 404) setNotice(o.notFound ? o.notFound(e) : e.message);
      else if (e instanceof ApiError) errorToast(e.message);
    },
  });
  const run = <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setNotice(null);
    return action.run(work) as Promise<T | undefined>;
  };
  return { busy: action.busy, notice, setNotice, forbidden, run };
}

function NoticeAlert({ notice, testId }: { notice: string | null; testId?: string }) {
  if (!notice) return null;
  return (
    <Alert data-testid={testId}>
      <Info />
      <AlertDescription>{notice}</AlertDescription>
    </Alert>
  );
}

function ActionButton({ action, busy, onClick }: { action: DocumentAction; busy: boolean; onClick: () => void }) {
  return (
    <Button variant={action.variant} disabled={busy || action.disabled} onClick={onClick} data-testid={action.testId}>
      {action.icon} {busy ? (action.busyLabel ?? 'Preparing…') : action.label}
    </Button>
  );
}

/**
 * "My own document": for a sign-in without an employee record an empty state; else the fields (or `placeholder`
 * while they load or when there is nothing yet), an optional preview and the download button. `download` builds
 * and saves the file and may answer a notice; a 404 from the API shows `notFound(e)` (default: its message).
 */
export function OwnDocumentCard({
  title,
  description,
  testId,
  employeeId,
  noun,
  placeholder,
  preview,
  fields,
  action,
  download,
  notFound,
  noticeTestId,
  resetKey,
}: {
  title: string;
  description: string;
  testId?: string;
  employeeId: number | null;
  /** What the document is called in the empty state ("payslip", "Form 16"). */
  noun: string;
  placeholder?: ReactNode;
  preview?: ReactNode;
  fields?: ReactNode;
  action: DocumentAction;
  /** Resolves to a notice (a string) to show, or to anything else when the file is saved. */
  download: () => Promise<unknown>;
  notFound?: (e: ApiError) => string;
  noticeTestId?: string;
  resetKey?: unknown;
}) {
  const { busy, notice, setNotice, run } = useDocumentAction(resetKey, { notFound });
  const onClick = async () => {
    const answer = await run(download);
    if (typeof answer === 'string') setNotice(answer);
  };
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {employeeId === null ? (
          <EmptyState
            icon={<FileText />}
            title="No employee record"
            description={`Your sign-in is not linked to an employee, so it has no ${noun}.`}
          />
        ) : placeholder ? (
          placeholder
        ) : (
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-end">
            {preview}
            <div className="flex flex-wrap items-end gap-3">
              {fields}
              <ActionButton action={action} busy={busy} onClick={() => void onClick()} />
            </div>
          </div>
        )}
        <NoticeAlert notice={notice} testId={noticeTestId} />
      </CardContent>
    </Card>
  );
}

/** A finished job's file: downloaded, with a toast naming it (the job's result says how many documents). */
export interface BatchJob {
  /** The progress bar's label, e.g. "Preparing Form 16s". */
  label: string;
  successTitle: string;
  /** The toast's text after the file name, e.g. "(120 employees)". */
  count: (result: Record<string, unknown>) => string;
  failed: string;
}

/**
 * "A unit's batch": the fields, the start button and, while a job runs, its progress bar; `start` answers
 * `{ jobId }` to follow (`job` says what to tell when it ends; its file is downloaded), a notice, or nothing when
 * it did the work itself (e.g. payslips built in the browser). `extra` goes below (another way to print).
 */
export function BatchDocumentCard({
  title,
  description,
  testId,
  fields,
  action,
  start,
  job,
  noticeTestId,
  resetKey,
  extra,
}: {
  title: string;
  description: string;
  testId?: string;
  fields: ReactNode;
  action: DocumentAction;
  /** Resolves to `{ jobId }` to follow, a notice (a string) to show, or anything else when done. */
  start: () => Promise<unknown>;
  job?: BatchJob;
  noticeTestId?: string;
  resetKey?: unknown;
  extra?: ReactNode;
}) {
  const { busy, notice, setNotice, forbidden, run } = useDocumentAction(resetKey, { hideOnForbidden: true });
  const [jobId, setJobId] = useState<number | null>(null);
  const onClick = async () => {
    const answer = await run(start);
    if (typeof answer === 'string') setNotice(answer);
    else if (answer && typeof answer === 'object' && typeof (answer as { jobId?: unknown }).jobId === 'number') {
      setJobId((answer as { jobId: number }).jobId);
    }
  };
  const done = useCallback(
    async (finished: TJob) => {
      setJobId(null);
      const r = (finished.result ?? {}) as Record<string, unknown> & { file?: { name: string; url: string } };
      if (finished.state === 'succeeded' && r.file) {
        await downloadFile(r.file.url, r.file.name);
        toast({ variant: 'success', title: job?.successTitle ?? 'Ready', description: `${r.file.name} ${job?.count(r) ?? ''}`.trim() });
      } else if (finished.state === 'failed') errorToast(finished.error ?? job?.failed ?? 'The documents could not be prepared');
    },
    [job],
  );
  if (forbidden) return null;
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          {fields}
          <ActionButton action={{ ...action, disabled: action.disabled || jobId !== null }} busy={busy} onClick={() => void onClick()} />
        </div>
        {jobId !== null && job && <JobProgress jobId={jobId} label={job.label} onDone={(j) => void done(j)} />}
        <NoticeAlert notice={notice} testId={noticeTestId} />
        {extra}
      </CardContent>
    </Card>
  );
}
