// An upload's progress (SheetImportDialog, the employee import, a leave's attachment): what is happening to the file,
// its percentage and a bar.
import type { ReactNode } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';

export function UploadProgress({
  label,
  progress,
  'data-testid': testId,
}: {
  label: ReactNode;
  /** 0 to 1, as `uploadFile` reports it. */
  progress: number;
  'data-testid'?: string;
}) {
  const percent = Math.round(progress * 100);
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressBar percent={percent} label={typeof label === 'string' ? label : 'Upload progress'} />
    </div>
  );
}
