import { isJobFinished, type TJob } from '@hr/contract';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cancelJob, useJob } from './useJob';

/**
 * The one progress bar of the app for background jobs: follows a job id, shows done / total with the job's
 * message and a Cancel button where the job allows it, and calls back once when the job has finished.
 */
export function JobProgress({
  jobId,
  label,
  onDone,
}: {
  jobId: number;
  /** What is running, e.g. "Importing staff.xlsx". */
  label: string;
  /** Called once with the finished job (succeeded, failed or cancelled). */
  onDone: (job: TJob) => void;
}) {
  const job = useJob(jobId);
  const [cancelling, setCancelling] = useState(false);
  const reported = useRef(false);
  const data = job.data;
  useEffect(() => {
    if (data && isJobFinished(data.state) && !reported.current) {
      reported.current = true;
      onDone(data);
    }
  }, [data, onDone]);

  const total = data?.progress.total ?? 0;
  const done = data?.progress.done ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const message =
    data?.state === 'queued'
      ? 'Waiting to start…'
      : data?.cancelRequested && data.state === 'running'
        ? 'Stopping…'
        : data?.progress.message || 'Working…';
  return (
    <div className="space-y-2" data-testid="job-progress" data-state={data?.state ?? 'loading'}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate">
          {label}: <span className="text-muted-foreground">{message}</span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {total > 0 && <span className="tabular-nums">{percent}%</span>}
          {data?.cancellable && !isJobFinished(data.state) && (
            <Button
              variant="ghost"
              size="sm"
              disabled={cancelling || data.cancelRequested}
              onClick={() => {
                setCancelling(true);
                cancelJob(jobId)
                  .then(() => job.refetch())
                  .catch(() => undefined)
                  .finally(() => setCancelling(false));
              }}
              data-testid="job-cancel"
            >
              <X /> Cancel
            </Button>
          )}
        </span>
      </div>
      <ProgressBar percent={total > 0 ? percent : undefined} label={label} />
    </div>
  );
}
