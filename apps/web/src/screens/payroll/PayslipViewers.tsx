// The payslip screen's on-screen viewers (issue 26): an employee opens their own payslip of an approved month;
// payroll staff (salary process view) open an employee of their units'. Both read
// GET /api/payroll/payslips/employee/{id} (404 for anyone else's, or a month not approved).
import type { TPayslipLayout, TSalarySlip } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { MonthPicker, YearPicker } from '@/components/common/Pickers';
import { EmployeePicker, type TPickedEmployee } from '@/components/EmployeePicker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { currentMonth, formatMonth, yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { useAction } from '@/lib/useAction';
import { PayslipView } from './PayslipView';

type Month = { year: number; month: number };

function useSlip(employeeId: number | null, month: Month | null) {
  return useQuery({
    queryKey: ['payroll', 'payslips', 'employee', employeeId, month?.year, month?.month],
    queryFn: ({ signal }) =>
      api.get<TSalarySlip>(
        apiPath('/api/payroll/payslips/employee/:id', { id: employeeId! }),
        { year: month!.year, month: month!.month },
        { signal, silent: true },
      ),
    enabled: employeeId !== null && month !== null,
    retry: false,
  });
}

function SlipOrNotice({ slip, month }: { slip: ReturnType<typeof useSlip>; month: Month | null }) {
  if (!month) return null;
  if (slip.isLoading) return <Skeleton className="h-64 w-full" />;
  if (slip.isError) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="payslip-view-notice">
        There is no approved payslip for {formatMonth(month.year, month.month)}.
      </p>
    );
  }
  return slip.data ? <PayslipView slip={slip.data} /> : null;
}

/** The signed-in employee's payslip on screen, month by month (newest first). */
export function MyPayslipViewer() {
  const employeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const months = useQuery({
    queryKey: ['payroll', 'payslips', 'me', 'months'],
    queryFn: ({ signal }) => api.get<Month[]>(apiPath('/api/payroll/payslips/me/months'), undefined, { signal }),
    enabled: employeeId !== null,
  });
  const list = months.data ?? [];
  const [picked, setPicked] = useState<string>('');
  const key = picked || (list[0] ? `${list[0].year}-${list[0].month}` : '');
  const month = list.find((m) => `${m.year}-${m.month}` === key) ?? null;
  const slip = useSlip(employeeId, month);
  if (employeeId === null || list.length === 0) return null;
  return (
    <Card data-testid="my-payslip-viewer">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="size-4" /> My payslip on screen
        </CardTitle>
        <CardDescription>The same figures as the PDF.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label="Month" htmlFor="view-month">
          <Select value={key} onValueChange={setPicked}>
            <SelectTrigger id="view-month" className="w-48" aria-label="Payslip month">
              <SelectValue placeholder="Month" />
            </SelectTrigger>
            <SelectContent>
              {list.map((m) => (
                <SelectItem key={`${m.year}-${m.month}`} value={`${m.year}-${m.month}`}>
                  {formatMonth(m.year, m.month)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <SlipOrNotice slip={slip} month={month} />
      </CardContent>
    </Card>
  );
}

function lastMonth(): Month {
  const m = currentMonth();
  const y = yearOptions()[0];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

/** Payroll staff: an employee of their units' payslip on screen. */
export function EmployeePayslipViewer() {
  const [employee, setEmployee] = useState<TPickedEmployee | null>(null);
  const [month, setMonth] = useState<Month>(lastMonth);
  const slip = useSlip(employee?.id ?? null, month);
  return (
    <Card data-testid="employee-payslip-viewer">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="size-4" /> An employee's payslip on screen
        </CardTitle>
        <CardDescription>Employees of your units, months whose salary is approved or locked.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="Employee" className="w-full sm:w-80">
            <EmployeePicker value={employee} onChange={setEmployee} data-testid="payslip-view-employee" />
          </FormField>
          <FormField label="Month" htmlFor="view-staff-month">
            <MonthPicker id="view-staff-month" value={month.month} onChange={(m) => setMonth((v) => ({ ...v, month: m }))} />
          </FormField>
          <FormField label="Year" htmlFor="view-staff-year">
            <YearPicker id="view-staff-year" value={month.year} onChange={(y) => setMonth((v) => ({ ...v, year: y }))} />
          </FormField>
        </div>
        {employee ? <SlipOrNotice slip={slip} month={month} /> : null}
      </CardContent>
    </Card>
  );
}

const LAYOUTS: { value: TPayslipLayout; label: string }[] = [
  { value: 'standard', label: 'Payslip (as specified)' },
  { value: 'wageSlip', label: 'Wage slip (Code on Wages (Central) Rules)' },
];

/** The organisation's payslip layout, for administrators: downloaded and e-mailed slips follow it. */
export function PayslipLayoutSetting() {
  const isAdmin = useSession((s) => s.acc_dtls?.isAdmin ?? false);
  const queryClient = useQueryClient();
  const layout = useQuery({
    queryKey: ['payroll', 'payslip-layout'],
    queryFn: ({ signal }) => api.get<{ layout: TPayslipLayout }>(apiPath('/api/payroll/payslip-layout'), undefined, { signal }),
    enabled: isAdmin,
  });
  const save = useAction(
    (next: TPayslipLayout) => api.put<{ layout: TPayslipLayout }>(apiPath('/api/payroll/payslip-layout'), { layout: next }),
    {
      success: (r) => ({ title: 'Payslip layout saved', description: LAYOUTS.find((l) => l.value === r.layout)?.label }),
      onDone: () => queryClient.invalidateQueries({ queryKey: ['payroll', 'payslip-layout'] }),
    },
  );
  if (!isAdmin || !layout.data) return null;
  return (
    <FormField label="Payslip layout" htmlFor="payslip-layout" hint="For the whole organisation: downloaded and e-mailed slips follow it.">
      <Select value={layout.data.layout} onValueChange={(v) => void save.run(v as TPayslipLayout)} disabled={save.busy}>
        <SelectTrigger id="payslip-layout" className="w-full sm:w-96" data-testid="payslip-layout">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LAYOUTS.map((l) => (
            <SelectItem key={l.value} value={l.value}>
              {l.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
