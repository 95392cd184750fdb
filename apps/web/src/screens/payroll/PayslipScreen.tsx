import type { TSalarySlip } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { MonthPicker, useMonthOfHeaderYear, YearPicker } from '@/components/common/Pickers';
import { UnitMultiSelect } from '@/components/common/UnitSelect';
import { BatchDocumentCard, OwnDocumentCard } from '@/components/documents/DocumentCards';
import { FormField } from '@/components/ui/form-field';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadPayslips } from '@/lib/documents';
import { formatCount } from '@/lib/format';
import { currentMonth, formatMonth, monthName, yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { findMenu, useCurrentMenu } from '@/lib/useCurrentMenu';
import { YearSelect } from './components';
import { EmployeePayslipViewer, MyPayslipViewer, PayslipLayoutSetting } from './PayslipViewers';

type Month = { year: number; month: number };

/** /outlet/payslip: everyone downloads their own payslip of an approved month; payroll users also a batch of units. */
export default function PayslipScreen() {
  const { menu } = useCurrentMenu(MENU.payslip);
  // The batch card is for those who may view the salary process (the server answers 403 to anyone else).
  const payroll = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.view ?? false);
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'Payslip'}
        description="Payslips of months whose salary is approved, as PDF (one page per employee)."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        {/* A payroll sign-in without an employee record has no payslip of its own: only the batch card then. */}
        {(employeeId !== null || !payroll) && <MyPayslipCard />}
        {payroll && <UnitPayslipsCard />}
      </div>
      <PayslipLayoutSetting />
      {(employeeId !== null || !payroll) && <MyPayslipViewer />}
      {payroll && <EmployeePayslipViewer />}
    </div>
  );
}

function MyPayslipCard() {
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const months = useQuery({
    queryKey: ['payroll', 'payslips', 'me', 'months'],
    queryFn: ({ signal }) => api.get<Month[]>(apiPath('/api/payroll/payslips/me/months'), undefined, { signal }),
    enabled: employeeId !== null,
  });
  const list = months.data ?? [];
  const years = useMemo(() => [...new Set(list.map((m) => m.year))], [list]);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  // Newest month first: preselect it once the list arrives.
  useEffect(() => {
    if (list.length > 0 && year === null) {
      setYear(list[0].year);
      setMonth(list[0].month);
    }
  }, [list, year]);
  const monthsOfYear = list.filter((m) => m.year === year).map((m) => m.month);

  return (
    <OwnDocumentCard
      title="My payslip"
      description="Months appear here once their salary is approved."
      employeeId={employeeId}
      noun="payslip"
      resetKey={`${year}/${month}`}
      placeholder={
        months.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<FileText />}
            title="No payslip yet"
            description={
              months.isError
                ? 'The months could not be loaded; try again later.'
                : 'Your first payslip shows here once its month is approved.'
            }
          />
        ) : undefined
      }
      fields={
        <>
          <FormField label="Year" htmlFor="my-year">
            <YearSelect
              id="my-year"
              years={years}
              value={year}
              onChange={(y) => {
                setYear(y);
                setMonth(list.find((m) => m.year === y)?.month ?? null);
              }}
            />
          </FormField>
          <FormField label="Month" htmlFor="my-month">
            <Select value={month ? String(month) : ''} onValueChange={(v) => setMonth(Number(v))}>
              <SelectTrigger id="my-month" className="w-40" aria-label="Month">
                <SelectValue placeholder="Month" />
              </SelectTrigger>
              <SelectContent>
                {monthsOfYear.map((m) => (
                  <SelectItem key={m} value={String(m)}>
                    {monthName(m)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {year && month ? <MyPaymentStatus year={year} month={month} /> : null}
        </>
      }
      action={{ label: 'Download my payslip', icon: <Download />, testId: 'download-my-payslip', disabled: !year || !month }}
      download={async () => {
        if (!year || !month) return;
        const slip = await api.get<TSalarySlip>(apiPath('/api/payroll/payslips/me'), { year, month }, { silent: true });
        const fileName = await downloadPayslips([slip]);
        if (fileName) toast({ variant: 'success', title: 'Payslip downloaded', description: fileName });
      }}
      notFound={() => `There is no approved payslip for ${formatMonth(year ?? 0, month ?? 1)} yet.`}
      noticeTestId="payslip-notice"
    />
  );
}

/** The month's salary payment as the payroll office recorded it: paid on a date, pending, or returned by the bank. */
function MyPaymentStatus({ year, month }: Month) {
  const slip = useQuery({
    queryKey: ['payroll', 'payslips', 'me', year, month],
    queryFn: ({ signal }) => api.get<TSalarySlip>(apiPath('/api/payroll/payslips/me'), { year, month }, { signal, silent: true }),
    retry: false,
  });
  if (!slip.data) return null;
  return (
    <p className="self-end pb-2 text-sm text-muted-foreground" data-testid="my-payment-status">
      Salary: {slip.data.paymentStatus ?? 'Pending'}
    </p>
  );
}

function UnitPayslipsCard() {
  const units = useSession((s) => s.units);
  const [unitIds, setUnitIds] = useState<number[]>(() => (units.length === 1 ? [units[0].id] : []));
  // Last month's salary is the one usually approved by now; a past financial year chosen in the header: its March.
  const [{ year, month }, setYearMonth] = useMonthOfHeaderYear(lastMonth);
  const setYear = (y: number) => setYearMonth((v) => ({ ...v, year: y }));
  const setMonth = (m: number) => setYearMonth((v) => ({ ...v, month: m }));

  return (
    <BatchDocumentCard
      testId="unit-payslips"
      title="Payslips of units"
      description="Every employee of the chosen units for a month whose salary is approved or locked, in one PDF."
      resetKey={`${unitIds.join(',')}/${year}/${month}`}
      fields={
        <div className="w-full space-y-4">
          <FormField label="Units">
            <UnitMultiSelect value={unitIds} onChange={setUnitIds} data-testid="payslip-units" />
          </FormField>
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Month" htmlFor="batch-month">
              <MonthPicker id="batch-month" value={month} onChange={setMonth} />
            </FormField>
            <FormField label="Year" htmlFor="batch-year">
              <YearPicker id="batch-year" value={year} onChange={setYear} />
            </FormField>
          </div>
        </div>
      }
      action={{ label: 'Download payslips', icon: <Download />, testId: 'download-unit-payslips' }}
      // Built in the browser's documents worker from the slips (no job): done when the file is saved.
      start={async () => {
        if (unitIds.length === 0) return 'Choose at least one unit.';
        const records = await api.get<TSalarySlip[]>(
          apiPath('/api/payroll/payslips'),
          { unitIds: unitIds.join(','), year, month },
          { silent: true },
        );
        if (records.length === 0) {
          return `No approved payslip for the chosen unit${unitIds.length === 1 ? '' : 's'} in ${formatMonth(year, month)}.`;
        }
        const fileName = await downloadPayslips(records);
        if (fileName)
          toast({ variant: 'success', title: 'Payslips ready', description: `${fileName} (${formatCount(records.length)} pages)` });
      }}
      noticeTestId="unit-payslip-notice"
    />
  );
}

function lastMonth(): Month {
  const m = currentMonth();
  const y = yearOptions()[0];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}
