import type { TFinancialYear } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { underAct2025 } from '@hr/payroll';
import { useQuery } from '@tanstack/react-query';
import { Download, FileArchive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { BatchDocumentCard, OwnDocumentCard } from '@/components/documents/DocumentCards';
import { useMyEmployee } from '@/components/employee/api';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { saveBlob } from '@/lib/files';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { findMenu, useCurrentMenu } from '@/lib/useCurrentMenu';

function useFinancialYears() {
  return useQuery({
    queryKey: ['financial-years'],
    queryFn: ({ signal }) => api.get<TFinancialYear[]>(apiPath('/api/financial-years'), undefined, { signal, bypass_log: true }),
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
        description="Form 16 up to 2025-26, Form 130 from the tax year 2026-27 (Income-tax Act, 2025): Part B (salary, exemptions, deductions and the tax computation) with a summary of the tax deducted each quarter, from the year's approved salary. Part A is issued from the TRACES portal."
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
  return (
    <OwnDocumentCard
      testId="my-form16"
      title="My Form 16"
      description="For the months of the year whose salary is approved."
      employeeId={employeeId}
      noun="Form 16"
      resetKey={year}
      fields={
        <FormField label="Financial year" htmlFor="my-form16-year">
          <YearSelect id="my-form16-year" value={year} onChange={setYear} />
        </FormField>
      }
      action={{ label: 'Download my Form 16', icon: <Download />, testId: 'download-my-form16', disabled: !year }}
      download={async () => {
        if (!year) return;
        const blob = await api.get<Blob>(apiPath('/api/form-16/me'), { financialYear: year }, { responseType: 'blob', silent: true });
        // Form 130 from the tax year 2026-27 (Income-tax Act, 2025), Form 16 before: the server's own file name rule.
        const name = `${underAct2025(year) ? 'Form130' : 'Form16'}_${pan ? `${pan}_` : ''}${year}.pdf`;
        saveBlob(blob, name);
        toast({ variant: 'success', title: 'Form 16 downloaded', description: name });
      }}
      notFound={() => `There is no approved salary for the financial year ${year}.`}
      noticeTestId="form16-notice"
    />
  );
}

function UnitForm16Card() {
  const units = useSession((s) => s.units);
  const [unitId, setUnitId] = useState<number | null>(() => (units.length === 1 ? units[0].id : null));
  const [year, setYear] = useState<string | null>(null);
  const [format, setFormat] = useState<'pdf' | 'zip'>('zip');
  return (
    <BatchDocumentCard
      testId="unit-form16"
      title="Form 16 of a unit"
      description="Every employee paid by the unit in the year: one PDF, or a ZIP of one PDF per employee named with the PAN and the year."
      resetKey={`${unitId}/${year}/${format}`}
      fields={
        <>
          <FormField label="Unit" htmlFor="form16-unit">
            <UnitSelect id="form16-unit" value={unitId} onChange={setUnitId} />
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
        </>
      }
      action={{
        label: 'Prepare Form 16s',
        busyLabel: 'Starting…',
        icon: format === 'zip' ? <FileArchive /> : <Download />,
        testId: 'download-unit-form16',
      }}
      start={async () => {
        if (!unitId || !year) return 'Choose a unit and a financial year.';
        return api.post<{ jobId: number }>(apiPath('/api/form-16/batch'), { unitId, financialYear: year, format }, { silent: true });
      }}
      job={JOB}
      noticeTestId="unit-form16-notice"
    />
  );
}

const JOB = {
  label: 'Preparing Form 16s',
  successTitle: 'Form 16s ready',
  count: (r: Record<string, unknown>) => `(${Number(r.employees ?? 0)} employees)`,
  failed: 'The Form 16s could not be prepared',
};
