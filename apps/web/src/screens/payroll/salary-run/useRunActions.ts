import type { TJob, TJobStarted, TRun, TSalarySlip } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadPayslips, openSigningSheet } from '@/lib/documents';
import { formatCount } from '@/lib/format';
import { errorToast, toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { downloadRegister, downloadReturnFile, fetchRunSlips, payrollKeys } from '../api';

/** Processing the run (whole or some employees), following its job, and refreshing what it changed. */
export function useRunProcess(id: number, run: TRun | undefined) {
  const queryClient = useQueryClient();
  const [startedJob, setStartedJob] = useState<number | null>(null);
  // Each action's failure shows its toast (the API call's, e.g. 409: approved or locked, or an employee without a UAN).
  const processAction = useAction(
    (employeeIds: number[] | undefined) =>
      api.post<TJobStarted>(apiPath('/api/payroll/runs/:id/process', { id }), employeeIds ? { employeeIds } : {}),
    {
      onDone: async (started) => {
        setStartedJob(started.jobId);
        await queryClient.invalidateQueries({ queryKey: payrollKeys.run(id) });
      },
    },
  );

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
  return { process, processBusy: processAction.busy, onProcessed, setRun, jobId, processing };
}

/** The run's documents: payslips, signing sheet, salary register and the PF / ESI return files. */
export function useRunDocuments(id: number, run: TRun | undefined, docsReady: boolean) {
  const queryClient = useQueryClient();
  const slipsKey = payrollKeys.runSlips(id);
  const loadSlips = () =>
    queryClient.fetchQuery({ queryKey: slipsKey, queryFn: ({ signal }) => fetchRunSlips(id, signal), staleTime: 60_000 });
  // Hovering the document buttons starts loading the records, so the signing sheet's window opens straight from the click.
  const prefetchSlips = () => {
    if (docsReady)
      void queryClient.prefetchQuery({ queryKey: slipsKey, queryFn: ({ signal }) => fetchRunSlips(id, signal), staleTime: 60_000 });
  };
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
  const busy = payslipsAction.busy
    ? 'payslips'
    : sheetAction.busy
      ? 'sheet'
      : registerAction.busy
        ? 'register'
        : (returnFileAction.pending?.[1] ?? null);

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
  return { busy, prefetchSlips, payslips: payslipsAction.run, signingSheet, register, returnFile };
}
