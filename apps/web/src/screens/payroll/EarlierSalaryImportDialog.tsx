import type { TEarlierSalaryImported } from '@hr/contract';
import { CheckCircle2, Download, FileUp, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';

/** The server's refusal as rows: "row 7" → its problems; a whole-sheet problem (columns, no rows) under its field. */
function problemsOf(e: ApiError): { where: string; problem: string }[] {
  const rows = Object.entries(e.fieldErrors).flatMap(([where, list]) => list.map((problem) => ({ where, problem })));
  return rows.length ? rows : [{ where: 'File', problem: e.message }];
}

/**
 * Earlier salary of a financial year from Excel (POST /api/tax/earlier-salary/import): the unit's template lists its
 * staff; fill a row per employee and period (or a year-to-date total with its months) and the previous employer's
 * Form 12B figures. Every row is checked first and nothing is saved if any row has an error.
 */
export function EarlierSalaryImportDialog({
  open,
  financialYear,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  financialYear: string;
  onOpenChange: (v: boolean) => void;
  onImported: (r: TEarlierSalaryImported) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<TEarlierSalaryImported | null>(null);
  const [problems, setProblems] = useState<{ where: string; problem: string }[] | null>(null);

  const start = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setResult(null);
    setProblems(null);
    setBusy(true);
    setProgress(0);
    try {
      const url = withQuery(apiPath('/api/tax/earlier-salary/import'), { financialYear });
      const r = await uploadFile<TEarlierSalaryImported>(url, file, setProgress);
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
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid="earlier-import">
        <DialogHeader>
          <DialogTitle>Import earlier salary of {financialYear}</DialogTitle>
          <DialogDescription>
            For employees paid outside this system earlier in the year. Download the unit’s template, fill a row per employee: the months it
            covers (From and To, YYYY-MM; one month, or a year-to-date total), gross salary, exempt allowances by section, PF, professional
            tax and TDS deducted, and a previous employer’s salary, PF, PT and tax (Form 12B; a row without months carries only these). Rows
            left blank are skipped. An employee in the file has the year’s earlier rows replaced. If any row has an error, nothing is saved.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Unit" htmlFor="earlier-import-unit" className="w-full sm:w-64">
            <UnitSelect id="earlier-import-unit" value={unitId} onChange={setUnitId} className="w-full" />
          </FormField>
          <Button
            variant="outline"
            disabled={!unitId}
            onClick={() =>
              void downloadFile(apiPath('/api/tax/earlier-salary/template'), `Earlier_Salary_${financialYear}.xlsx`, {
                unitId: unitId ?? undefined,
                financialYear,
              })
            }
            data-testid="earlier-template"
          >
            <Download /> Download template
          </Button>
          <Button disabled={busy} onClick={() => input.current?.click()} data-testid="earlier-upload">
            <FileUp /> Upload filled file
          </Button>
          <input
            ref={input}
            type="file"
            className="hidden"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="earlier-import-file"
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
          <Alert data-testid="earlier-import-ok">
            <CheckCircle2 className="text-success" />
            <AlertTitle>
              {formatCount(result.saved)} row{result.saved === 1 ? '' : 's'} saved for {formatCount(result.employees)} employee
              {result.employees === 1 ? '' : 's'}
            </AlertTitle>
            <AlertDescription>
              All rows of {fileName} passed the checks and were saved together. The next salary run projects their tax on the whole year.
            </AlertDescription>
          </Alert>
        )}
        {problems && (
          <div className="space-y-3" data-testid="earlier-import-errors">
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
