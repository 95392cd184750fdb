// The dialog of an all-or-nothing import from Excel for one unit (salary structures, earlier salary): the unit, its
// template to download, the filled file to upload with its progress, then what was saved or the rows' errors.
import { CheckCircle2, Download, FileUp, XCircle } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { UploadProgress } from '@/components/common/UploadProgress';
import { XlsxFileInput } from '@/components/common/XlsxFileInput';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { uploadFile } from '@/lib/files';
import { uploadProblemRows } from '@/lib/upload-problems';

/** A refused file's rows and their errors (the first 500), under "Nothing was saved". */
function RowProblems({ problems, testId }: { problems: { where: string; problem: string }[]; testId: string }) {
  return (
    <div className="space-y-3" data-testid={testId}>
      <Alert variant="destructive">
        <XCircle />
        <AlertTitle>Nothing was saved</AlertTitle>
        <AlertDescription>Correct these in the file and upload it again.</AlertDescription>
      </Alert>
      <div className="max-h-80 overflow-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Row</TableHead>
              <TableHead>Error</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {problems.slice(0, 500).map((p, i) => (
              <TableRow key={`${p.where}-${i}`}>
                <TableCell className="whitespace-nowrap">{p.where}</TableCell>
                <TableCell className="min-w-48 whitespace-normal">{p.problem}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/**
 * `name` prefixes the test ids (`<name>-import` the dialog, `<name>-template`, `<name>-upload`, `<name>-import-file`,
 * `<name>-import-ok`, `<name>-import-errors`). A refusal (400) lists its rows; other failures have had their toast.
 */
export function SheetImportDialog<T>({
  name,
  open,
  onOpenChange,
  title,
  description,
  downloadTemplate,
  uploadUrl,
  saved,
  onImported,
}: {
  name: string;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Downloads the chosen unit's template. */
  downloadTemplate: (unitId: number) => Promise<void>;
  uploadUrl: string;
  /** What the success alert says of the result and the file. */
  saved: (result: T, fileName: string) => { title: React.ReactNode; description: React.ReactNode };
  onImported: (result: T) => void;
}) {
  const [unitId, setUnitId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<T | null>(null);
  const [problems, setProblems] = useState<{ where: string; problem: string }[] | null>(null);

  const start = async (file: File) => {
    setFileName(file.name);
    setResult(null);
    setProblems(null);
    setBusy(true);
    setProgress(0);
    try {
      const r = await uploadFile<T>(uploadUrl, file, setProgress);
      if (r) {
        setResult(r);
        onImported(r);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setProblems(uploadProblemRows(e));
    } finally {
      setBusy(false);
    }
  };
  const done = result && saved(result, fileName);

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (busy) return;
        if (!v) {
          setResult(null);
          setProblems(null);
        }
        onOpenChange(v);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid={`${name}-import`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Unit" htmlFor={`${name}-import-unit`} className="w-full sm:w-64">
            <UnitSelect id={`${name}-import-unit`} value={unitId} onChange={setUnitId} className="w-full" />
          </FormField>
          <Button
            variant="outline"
            disabled={!unitId}
            onClick={() => unitId && void downloadTemplate(unitId)}
            data-testid={`${name}-template`}
          >
            <Download /> Download template
          </Button>
          <XlsxFileInput disabled={busy} onFile={(f) => void start(f)} data-testid={`${name}-upload`} inputTestId={`${name}-import-file`}>
            <FileUp /> Upload filled file
          </XlsxFileInput>
        </div>
        {busy && <UploadProgress label={`Uploading and checking ${fileName}…`} progress={progress} />}
        {done && (
          <Alert data-testid={`${name}-import-ok`}>
            <CheckCircle2 className="text-success" />
            <AlertTitle>{done.title}</AlertTitle>
            <AlertDescription>{done.description}</AlertDescription>
          </Alert>
        )}
        {problems && <RowProblems problems={problems} testId={`${name}-import-errors`} />}
      </DialogContent>
    </Dialog>
  );
}
