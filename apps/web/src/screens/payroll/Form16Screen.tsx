import type { TFinancialYear, TJob } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Download, FileArchive, FileText, Info } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError, api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { errorToast, toast } from '@/lib/toast-store';
import { findMenu, useCurrentMenu } from '@/lib/useCurrentMenu';
import { downloadFile, saveBlob, useMyEmployee } from '../transaction/employee/api';

function useFinancialYears() {
  return useQuery({
    queryKey: ['financial-years'],
    queryFn: ({ signal }) => api.get<TFinancialYear[]>('/api/financial-years', undefined, { signal, bypass_log: true }),
  });
}

/** The financial year picker: newest first; the year chosen in the header first, else the current one. */
function YearSelect({ id, value, onChange }: { id: string; value: string | null; onChange: (v: string) => void }) {
  const years = useFinancialYears().data ?? [];
  const headerYear = useSession((s) => s.finYearDtls?.name ?? null);
  useEffect(() => {
    if (value !== null || years.length === 0) return;
    onChange((years.find((y) => y.name === headerYear) ?? years.find((y) => y.isCurrent) ?? years[0]).name);
  }, [value, years, headerYear, onChange]);
  return (
    <Select value={value ?? ''} onValueChange={onChange}>
      <SelectTrigger id={id} className="w-32" aria-label="Financial year">
        <SelectValue placeholder="Year" />
      </SelectTrigger>
      <SelectContent>
        {years.map((y) => (
          <SelectItem key={y.id} value={y.name}>
            {y.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** /outlet/form-16: everyone downloads their own Form 16 of a year; payroll users also a unit's, as one PDF or a ZIP. */
export default function Form16Screen() {
  const { menu } = useCurrentMenu(MENU.form16);
  // The unit card is for those who may view the salary process (the server answers 403 to anyone else).
  const payroll = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.view ?? false);
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'Form 16'}
        description="Form 16 Part B (salary, exemptions, deductions and the tax computation) with a summary of the tax deducted each quarter, from the year's approved salary. Part A is issued from the TRACES portal."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        {(employeeId !== null || !payroll) && <MyForm16Card />}
        {payroll && <UnitForm16Card />}
      </div>
    </div>
  );
}

function MyForm16Card() {
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const pan = useMyEmployee().data?.pan ?? null;
  const [year, setYear] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const download = async () => {
    if (!year) return;
    setBusy(true);
    setNotice(null);
    try {
      const blob = await api.get<Blob>('/api/form-16/me', { financialYear: year }, { responseType: 'blob', silent: true });
      const name = `Form16_${pan ? `${pan}_` : ''}${year}.pdf`;
      saveBlob(blob, name);
      toast({ variant: 'success', title: 'Form 16 downloaded', description: name });
    } catch (e) {
      // A year without approved salary is an answer, not a failure.
      if (e instanceof ApiError && e.status === 404) setNotice(`There is no approved salary for the financial year ${year}.`);
      else if (e instanceof ApiError) errorToast(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="my-form16">
      <CardHeader>
        <CardTitle>My Form 16</CardTitle>
        <CardDescription>For the months of the year whose salary is approved.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {employeeId === null ? (
          <EmptyState
            icon={<FileText />}
            title="No employee record"
            description="Your sign-in is not linked to an employee, so it has no Form 16."
          />
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Financial year" htmlFor="my-form16-year">
              <YearSelect
                id="my-form16-year"
                value={year}
                onChange={(v) => {
                  setYear(v);
                  setNotice(null);
                }}
              />
            </FormField>
            <Button disabled={busy || !year} onClick={() => void download()} data-testid="download-my-form16">
              <Download /> {busy ? 'Preparing…' : 'Download my Form 16'}
            </Button>
          </div>
        )}
        {notice && (
          <Alert data-testid="form16-notice">
            <Info />
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function UnitForm16Card() {
  const units = useSession((s) => s.units);
  const [unitId, setUnitId] = useState<number | null>(() => (units.length === 1 ? units[0].id : null));
  const [year, setYear] = useState<string | null>(null);
  const [format, setFormat] = useState<'pdf' | 'zip'>('zip');
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);

  const start = async () => {
    if (!unitId || !year) {
      setNotice('Choose a unit and a financial year.');
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const r = await api.post<{ jobId: number }>('/api/form-16/batch', { unitId, financialYear: year, format }, { silent: true });
      setJobId(r.jobId);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) setHidden(true);
      else if (e instanceof ApiError && e.status === 404) setNotice(e.message);
      else if (e instanceof ApiError) errorToast(e.message);
    } finally {
      setBusy(false);
    }
  };

  const done = useCallback(async (job: TJob) => {
    setJobId(null);
    const r = job.result as { employees?: number; file?: { name: string; url: string } } | null;
    if (job.state === 'succeeded' && r?.file) {
      await downloadFile(r.file.url, r.file.name);
      toast({ variant: 'success', title: 'Form 16s ready', description: `${r.file.name} (${r.employees ?? 0} employees)` });
    } else if (job.state === 'failed') errorToast(job.error ?? 'The Form 16s could not be prepared');
  }, []);

  if (hidden) return null;
  return (
    <Card data-testid="unit-form16">
      <CardHeader>
        <CardTitle>Form 16 of a unit</CardTitle>
        <CardDescription>
          Every employee paid by the unit in the year: one PDF, or a ZIP of one PDF per employee named with the PAN and the year.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="Unit" htmlFor="form16-unit">
            <Select value={unitId ? String(unitId) : ''} onValueChange={(v) => setUnitId(Number(v))}>
              <SelectTrigger id="form16-unit" className="w-56" aria-label="Unit">
                <SelectValue placeholder="Choose a unit" />
              </SelectTrigger>
              <SelectContent>
                {units.map((u) => (
                  <SelectItem key={u.id} value={String(u.id)}>
                    {u.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Financial year" htmlFor="form16-year">
            <YearSelect id="form16-year" value={year} onChange={setYear} />
          </FormField>
          <FormField label="As" htmlFor="form16-format">
            <Select value={format} onValueChange={(v) => setFormat(v as 'pdf' | 'zip')}>
              <SelectTrigger id="form16-format" className="w-52" aria-label="Format">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="zip">ZIP, one PDF per employee</SelectItem>
                <SelectItem value="pdf">One PDF</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <Button disabled={busy || jobId !== null} onClick={() => void start()} data-testid="download-unit-form16">
            {format === 'zip' ? <FileArchive /> : <Download />} {busy ? 'Starting…' : 'Prepare Form 16s'}
          </Button>
        </div>
        {jobId !== null && <JobProgress jobId={jobId} label="Preparing Form 16s" onDone={done} />}
        {notice && (
          <Alert data-testid="unit-form16-notice">
            <Info />
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
