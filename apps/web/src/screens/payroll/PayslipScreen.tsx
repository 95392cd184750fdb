import type { TSalarySlip } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText, Info } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { MonthPicker, useMonthOfHeaderYear, YearPicker } from '@/components/common/Pickers';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, api } from '@/lib/api';
import { downloadPayslips } from '@/lib/documents';
import { formatCount } from '@/lib/format';
import { currentMonth, monthName, yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { errorToast, toast } from '@/lib/toast-store';
import { findMenu, useCurrentMenu } from '@/lib/useCurrentMenu';
import { formatMonth } from './api';
import { UnitMultiSelect } from './components';

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
    </div>
  );
}

function MyPayslipCard() {
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const months = useQuery({
    queryKey: ['payroll', 'payslips', 'me', 'months'],
    queryFn: ({ signal }) => api.get<Month[]>('/api/payroll/payslips/me/months', undefined, { signal }),
    enabled: employeeId !== null,
  });
  const list = months.data ?? [];
  const years = useMemo(() => [...new Set(list.map((m) => m.year))], [list]);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Newest month first: preselect it once the list arrives.
  useEffect(() => {
    if (list.length > 0 && year === null) {
      setYear(list[0].year);
      setMonth(list[0].month);
    }
  }, [list, year]);
  const monthsOfYear = list.filter((m) => m.year === year).map((m) => m.month);

  const download = async () => {
    if (!year || !month) return;
    setBusy(true);
    setNotice(null);
    try {
      const slip = await api.get<TSalarySlip>('/api/payroll/payslips/me', { year, month }, { silent: true });
      const fileName = await downloadPayslips([slip]);
      if (fileName) toast({ variant: 'success', title: 'Payslip downloaded', description: fileName });
    } catch (e) {
      // A month without an approved payslip is an answer, not a failure.
      if (e instanceof ApiError && e.status === 404) setNotice(`There is no approved payslip for ${formatMonth(year, month)} yet.`);
      else if (e instanceof ApiError) errorToast(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>My payslip</CardTitle>
        <CardDescription>Months appear here once their salary is approved.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {employeeId === null ? (
          <EmptyState
            icon={<FileText />}
            title="No employee record"
            description="Your sign-in is not linked to an employee, so it has no payslip."
          />
        ) : months.isLoading ? (
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
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Year" htmlFor="my-year">
              <Select
                value={year ? String(year) : ''}
                onValueChange={(v) => {
                  const y = Number(v);
                  setYear(y);
                  const first = list.find((m) => m.year === y);
                  setMonth(first?.month ?? null);
                  setNotice(null);
                }}
              >
                <SelectTrigger id="my-year" className="w-28" aria-label="Year">
                  <SelectValue placeholder="Year" />
                </SelectTrigger>
                <SelectContent>
                  {years.map((y) => (
                    <SelectItem key={y} value={String(y)}>
                      {y}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField label="Month" htmlFor="my-month">
              <Select
                value={month ? String(month) : ''}
                onValueChange={(v) => {
                  setMonth(Number(v));
                  setNotice(null);
                }}
              >
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
            <Button disabled={busy || !year || !month} onClick={() => void download()} data-testid="download-my-payslip">
              <Download /> {busy ? 'Preparing…' : 'Download my payslip'}
            </Button>
          </div>
        )}
        {notice && (
          <Alert data-testid="payslip-notice">
            <Info />
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function UnitPayslipsCard() {
  const units = useSession((s) => s.units);
  const [unitIds, setUnitIds] = useState<number[]>(() => (units.length === 1 ? [units[0].id] : []));
  // Last month's salary is the one usually approved by now; a past financial year chosen in the header: its March.
  const [{ year, month }, setYearMonth] = useMonthOfHeaderYear(lastMonth);
  const setYear = (y: number) => setYearMonth((v) => ({ ...v, year: y }));
  const setMonth = (m: number) => setYearMonth((v) => ({ ...v, month: m }));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);

  const download = async () => {
    if (unitIds.length === 0) {
      setNotice('Choose at least one unit.');
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const records = await api.get<TSalarySlip[]>('/api/payroll/payslips', { unitIds: unitIds.join(','), year, month }, { silent: true });
      if (records.length === 0) {
        setNotice(`No approved payslip for the chosen unit${unitIds.length === 1 ? '' : 's'} in ${formatMonth(year, month)}.`);
        return;
      }
      const fileName = await downloadPayslips(records);
      if (fileName)
        toast({ variant: 'success', title: 'Payslips ready', description: `${fileName} (${formatCount(records.length)} pages)` });
    } catch (e) {
      // Menus can be out of date: a 403 means this sign-in may not see the batch after all.
      if (e instanceof ApiError && e.status === 403) setHidden(true);
      else if (e instanceof ApiError) errorToast(e.message);
    } finally {
      setBusy(false);
    }
  };

  if (hidden) return null;
  return (
    <Card data-testid="unit-payslips">
      <CardHeader>
        <CardTitle>Payslips of units</CardTitle>
        <CardDescription>Every employee of the chosen units for a month whose salary is approved or locked, in one PDF.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label="Units">
          <UnitMultiSelect
            value={unitIds}
            onChange={(v) => {
              setUnitIds(v);
              setNotice(null);
            }}
            data-testid="payslip-units"
          />
        </FormField>
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="Month" htmlFor="batch-month">
            <MonthPicker
              id="batch-month"
              value={month}
              onChange={(m) => {
                setMonth(m);
                setNotice(null);
              }}
            />
          </FormField>
          <FormField label="Year" htmlFor="batch-year">
            <YearPicker
              id="batch-year"
              value={year}
              onChange={(y) => {
                setYear(y);
                setNotice(null);
              }}
            />
          </FormField>
          <Button disabled={busy} onClick={() => void download()} data-testid="download-unit-payslips">
            <Download /> {busy ? 'Preparing…' : 'Download payslips'}
          </Button>
        </div>
        {notice && (
          <Alert data-testid="unit-payslip-notice">
            <Info />
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function lastMonth(): Month {
  const m = currentMonth();
  const y = yearOptions()[0];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}
