import type { TJob, TReportColumn } from '@hr/contract';
import { useCallback, useState } from 'react';
import { downloadFile } from '@/lib/files';
import { errorToast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { exportReport, type TExportFormat, type TReportMeta, type TReportValues } from '../api';

/** Export with the shown columns and order: a small file downloads at once, a large one runs as a job and downloads when done. */
export function useReportExport(
  meta: TReportMeta,
  values: TReportValues,
  sort: { key: string; dir: 'asc' | 'desc' } | null,
  hidden: Set<string>,
  shown: TReportColumn[],
) {
  const [jobId, setJobId] = useState<number | null>(null);
  // The API helper shows a failure's toast.
  const exportAction = useAction(
    (format: TExportFormat, query: TReportValues) =>
      exportReport(meta.id, query, format, `${meta.title.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}.${format}`),

    {
      onDone: (started) => {
        if (started !== null) setJobId(started);
      },
    },
  );
  const exporting = exportAction.pending?.[0] ?? null;

  const doExport = async (format: TExportFormat) => {
    const chosen = hidden.size ? { columns: shown.map((c) => c.key).join(',') } : {};
    await exportAction.run(format, { ...values, ...chosen, ...(sort ? { sort: sort.key, dir: sort.dir } : {}) });
  };
  const jobDone = useCallback(async (job: TJob) => {
    setJobId(null);
    const r = job.result as { file?: { name: string; url: string } } | null;
    if (job.state === 'succeeded' && r?.file) await downloadFile(r.file.url, r.file.name);
    else if (job.state === 'failed') errorToast(job.error ?? 'The export could not be written');
  }, []);

  return { jobId, exporting, doExport, jobDone };
}
