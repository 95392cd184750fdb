import { CheckCircle2, Download, FileUp, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';
import { arrearsSentence, type TIncrementResult } from './IncrementDialog';

type TImported = TIncrementResult & { saved: number };

/** The server's refusal as rows: "row 7" → its problems; a whole-sheet problem (columns, no rows) under its field. */
function problemsOf(e: ApiError): { where: string; problem: string }[] {
  const rows = Object.entries(e.fieldErrors).flatMap(([where, list]) => list.map((problem) => ({ where, problem })));
  return rows.length ? rows : [{ where: 'File', problem: e.message }];
}

/**
 * Salary structures of many employees from Excel (POST /api/payroll/structures/import): the unit's template with
 * everyone's current amounts, filled with an effective month on the rows that change; all rows or none, and the
 * errors listed per row as the employee import lists them.
 */
export function StructureImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onImported: (r: TImported) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<TImported | null>(null);
  const [problems, setProblems] = useState<{ where: string; problem: string }[] | null>(null);

  const start = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setResult(null);
    setProblems(null);
    setBusy(true);
    setProgress(0);
    try {
      const r = await uploadFile<TImported>(apiPath('/api/payroll/structures/import'), file, setProgress);
      if (r) {
        setResult(r);
        onImported(r);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setProblems(problemsOf(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

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
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid="structure-import">
        <DialogHeader>
          <DialogTitle>Import salary structures</DialogTitle>
          <DialogDescription>
            Download the unit’s template: it lists every employee with today’s amounts, one column per input head. Change the amounts and
            write the effective month (YYYY-MM) on each row that changes; rows without a month are left as they are. Every row is checked
            first: if any row has an error, nothing is saved. A month already approved is paid as arrears in the next run.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Unit" htmlFor="structure-import-unit" className="w-full sm:w-64">
            <UnitSelect id="structure-import-unit" value={unitId} onChange={setUnitId} className="w-full" />
          </FormField>
          <Button
            variant="outline"
            disabled={!unitId}
            onClick={() =>
              void downloadFile(apiPath('/api/payroll/structures/template'), 'Salary_Structures.xlsx', { unitId: unitId ?? undefined })
            }
            data-testid="structure-template"
          >
            <Download /> Download template
          </Button>
          <Button disabled={busy} onClick={() => input.current?.click()} data-testid="structure-upload">
            <FileUp /> Upload filled file
          </Button>
          <input
            ref={input}
            type="file"
            className="hidden"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="structure-import-file"
            onChange={(e) => void start(e.target.files?.[0])}
          />
        </div>
        {busy && (
          <div className="space-y-2">
            <div className="flex justify-between text-sm">
              <span>Uploading and checking {fileName}…</span>
              <span className="tabular-nums">{Math.round(progress * 100)}%</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted">
              <div className="h-full bg-primary transition-all" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          </div>
        )}
        {result && (
          <Alert data-testid="structure-import-ok">
            <CheckCircle2 className="text-success" />
            <AlertTitle>{formatCount(result.saved)} salary structures saved</AlertTitle>
            <AlertDescription>
              All rows of {fileName} passed the checks and were saved together.
              {result.arrearsMonths.length > 0 && ` ${arrearsSentence(result.arrearsMonths)}`}
            </AlertDescription>
          </Alert>
        )}
        {problems && (
          <div className="space-y-3" data-testid="structure-import-errors">
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
                      <TableCell className="whitespace-nowrap">{p.where.replace(/^row /, '')}</TableCell>
                      <TableCell className="min-w-48 whitespace-normal">{p.problem}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
