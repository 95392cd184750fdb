import type { TImportResult, TJob, TJobStarted } from '@hr/contract';
import { CheckCircle2, Download, FileUp, XCircle } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { UploadProgress } from '@/components/common/UploadProgress';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, saveBlob, uploadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';

/** Bulk import: template, upload (progress), then either "all imported" or the errors per row and column. */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onImported: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'running'>('idle');
  const [jobId, setJobId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<TImportResult | null>(null);
  const [fileName, setFileName] = useState('');

  const start = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setResult(null);
    setFailure(null);
    setPhase('uploading');
    setProgress(0);
    try {
      // The server keeps the file and imports it as a background job; the bar below follows that job.
      const started = await uploadFile<TJobStarted>(apiPath('/api/employees/import'), file, setProgress);
      if (!started) throw new Error('No job started');
      setJobId(started.jobId);
      setPhase('running');
    } catch {
      // toast shown
      setPhase('idle');
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const finished = useCallback(
    (job: TJob) => {
      setPhase('idle');
      setJobId(null);
      if (job.state === 'succeeded') {
        const r = job.result as TImportResult;
        setResult(r);
        if (r.ok) onImported();
      } else if (job.state === 'cancelled') {
        setFailure('The import was cancelled; nothing was imported.');
      } else {
        setFailure(job.error ?? 'The import failed; nothing was imported.');
      }
    },
    [onImported],
  );
  const errorReport = async () => {
    if (!result) return;
    const blob = await api.post<Blob>(apiPath('/api/employees/import/error-report'), { errors: result.errors }, { responseType: 'blob' });
    saveBlob(blob, 'Employee_Import_Errors.xlsx');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (phase !== 'idle') return;
        if (!v) setResult(null);
        onOpenChange(v);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Import employees</DialogTitle>
          <DialogDescription>
            Fill the template (one employee per row; its second sheet explains every column) and upload it as Excel or CSV. Every row is
            checked first: if any row has an error, nothing is imported.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void downloadFile(apiPath('/api/employees/import/template'), 'Employee_Import_Template.xlsx')}
          >
            <Download /> Download template
          </Button>
          <Button disabled={phase !== 'idle'} onClick={() => input.current?.click()} data-testid="choose-import-file">
            <FileUp /> Upload filled file
          </Button>
          <input
            ref={input}
            type="file"
            className="hidden"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            data-testid="import-file"
            onChange={(e) => void start(e.target.files?.[0])}
          />
        </div>
        {phase === 'uploading' && <UploadProgress label={`Uploading ${fileName}…`} progress={progress} data-testid="import-progress" />}
        {phase === 'running' && jobId !== null && (
          <div data-testid="import-progress">
            <JobProgress jobId={jobId} label={`Importing ${fileName}`} onDone={finished} />
          </div>
        )}
        {failure && (
          <Alert variant="destructive" data-testid="import-failed">
            <XCircle />
            <AlertTitle>Nothing was imported</AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {result?.ok && (
          <Alert data-testid="import-ok">
            <CheckCircle2 className="text-success" />
            <AlertTitle>{formatCount(result.imported)} employees imported</AlertTitle>
            <AlertDescription>All rows of {fileName} passed the checks and were saved together.</AlertDescription>
          </Alert>
        )}
        {result && !result.ok && (
          <div className="space-y-3" data-testid="import-errors">
            <Alert variant="destructive">
              <XCircle />
              <AlertTitle>Nothing was imported</AlertTitle>
              <AlertDescription>
                {formatCount(result.errorRows)} of {formatCount(result.rowsRead)} rows have errors. Correct them in the file and upload it
                again.
              </AlertDescription>
            </Alert>
            <Button variant="outline" size="sm" onClick={() => void errorReport()}>
              <Download /> Download errors as Excel
            </Button>
            <div className="max-h-80 overflow-auto rounded-md border" data-testid="import-error-table">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Column</TableHead>
                    <TableHead>Value</TableHead>
                    <TableHead>Error</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.errors.slice(0, 500).map((e, i) => (
                    <TableRow key={`${e.row}-${e.column}-${i}`}>
                      <TableCell>{e.row}</TableCell>
                      <TableCell>{e.column}</TableCell>
                      <TableCell className="max-w-40 truncate font-mono text-xs" title={e.value ?? ''}>
                        {e.value}
                      </TableCell>
                      <TableCell className="min-w-48 whitespace-normal">{e.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {result.errors.length > 500 && (
              <p className="text-xs text-muted-foreground">
                The first 500 errors are shown; the Excel file has all {formatCount(result.errors.length)}.
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
