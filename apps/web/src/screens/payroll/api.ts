// The payroll screens' calls (packages/contract/src/payroll.ts is the contract) and the little month arithmetic they share.
import { financialYearOf, financialYearStarting } from '@hr/calendar';
import type {
  TAdvance,
  TAdvanceStatus,
  TBonus,
  TFormula,
  TPayrollHead,
  TRun,
  TRunEmployee,
  TRunListQuery,
  TRunPage,
  TRunStatus,
  TSalarySlip,
  ZMonthAttendance,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type QueryValue } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';
import { todayIso } from '@/lib/format';
import { formatMonth, monthName } from '@/lib/months';

/** An earning or deduction head as GET /api/payroll/heads gives it (print order). */
export type THead = TPayrollHead;

export type TEmployeeOption = { id: number; name: string; employeeCode: string };

export type TAdvanceListQuery = { unitId?: number; employeeId?: number; status?: TAdvanceStatus; page: number; pageSize: number };

export type TBonusListQuery = { unitId?: number; financialYear?: number; page: number; pageSize: number };
export type TBonusStatus = TBonus['status'];
export type TBonusLine = NonNullable<TBonus['lines']>[number];

/** GET /api/payroll/attendance: the month's figures of a unit's staff (the contract names no type for it). */
export type TMonthAttendance = z.infer<typeof ZMonthAttendance>;
export type TMonthAttendanceRow = TMonthAttendance['rows'][number];

/** The result of the payslip e-mail job (POST /api/payroll/runs/{id}/email; the contract names no type for it). */
export type TEmailPayslipsResult = {
  sent: number;
  skipped: { employeeCode: string; reason: string }[];
  failed: { employeeCode: string; error: string }[];
};

/** The unit, year and month a run pays (the month whose attendance it uses). */
type TRunMonth = Pick<TRun, 'unitId' | 'unitName' | 'year' | 'month'>;

export const payrollKeys = {
  all: ['payroll'] as const,
  runs: ['payroll', 'runs'] as const,
  run: (id: number) => ['payroll', 'runs', 'one', id] as const,
  runEmployees: (id: number) => ['payroll', 'runs', 'employees', id] as const,
  runSlips: (id: number) => ['payroll', 'runs', 'slips', id] as const,
  formulas: ['payroll', 'formulas'] as const,
  advances: ['payroll', 'advances'] as const,
  advance: (id: number) => ['payroll', 'advances', 'one', id] as const,
  bonuses: ['payroll', 'bonuses'] as const,
  bonus: (id: number) => ['payroll', 'bonuses', 'one', id] as const,
  attendance: (unitId: number, year: number, month: number) => ['payroll', 'attendance', unitId, year, month] as const,
};

export function useRunList(query: TRunListQuery) {
  return useQuery({
    queryKey: [...payrollKeys.runs, 'list', query],
    queryFn: ({ signal }) =>
      api.get<TRunPage>(apiPath('/api/payroll/runs'), query as Record<string, QueryValue>, { signal, bypass_log: true }),
    placeholderData: keepPreviousData,
  });
}

export function useRun(id: number | null) {
  return useQuery({
    queryKey: payrollKeys.run(id ?? 0),
    queryFn: ({ signal }) => api.get<TRun>(apiPath('/api/payroll/runs/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null,
    // A run another user (or a job taken up again) is processing: follow it until it settles.
    refetchInterval: (q) => (q.state.data?.status === 'processing' && !q.state.data.progress ? 2000 : false),
  });
}

export function useRunEmployees(id: number | null, enabled = true) {
  return useQuery({
    queryKey: payrollKeys.runEmployees(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<TRunEmployee[]>(apiPath('/api/payroll/runs/:id/employees', { id: id! }), undefined, { signal, bypass_log: true }),
    enabled: id !== null && enabled,
  });
}

export function fetchRunSlips(id: number, signal?: AbortSignal) {
  return api.get<TSalarySlip[]>(apiPath('/api/payroll/runs/:id/slips', { id }), undefined, { signal });
}

export function useFormulas(unitId: number | null) {
  return useQuery({
    queryKey: [...payrollKeys.formulas, unitId],
    queryFn: ({ signal }) =>
      api.get<TFormula[]>(apiPath('/api/payroll/formulas'), { unitId: unitId ?? undefined }, { signal, bypass_log: true }),
    placeholderData: keepPreviousData,
  });
}

export function useAdvanceList(query: TAdvanceListQuery) {
  return useQuery({
    queryKey: [...payrollKeys.advances, 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ rows: TAdvance[]; total: number }>(apiPath('/api/payroll/advances'), query as Record<string, QueryValue>, {
        signal,
        bypass_log: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdvance(id: number | null) {
  return useQuery({
    queryKey: payrollKeys.advance(id ?? 0),
    queryFn: ({ signal }) => api.get<TAdvance>(apiPath('/api/payroll/advances/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null,
  });
}

export function useBonusList(query: TBonusListQuery) {
  return useQuery({
    queryKey: [...payrollKeys.bonuses, 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ rows: TBonus[]; total: number }>(apiPath('/api/payroll/bonuses'), query as Record<string, QueryValue>, {
        signal,
        bypass_log: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBonus(id: number | null) {
  return useQuery({
    queryKey: payrollKeys.bonus(id ?? 0),
    queryFn: ({ signal }) => api.get<TBonus>(apiPath('/api/payroll/bonuses/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null,
  });
}

/** The query naming a run's unit and month (attendance, its template and its upload). */
export const runMonthQuery = (run: TRunMonth) => ({ unitId: run.unitId, year: run.year, month: run.month });

export function useMonthAttendance(run: TRunMonth) {
  return useQuery({
    queryKey: payrollKeys.attendance(run.unitId, run.year, run.month),
    queryFn: ({ signal }) =>
      api.get<TMonthAttendance>(apiPath('/api/payroll/attendance'), runMonthQuery(run), { signal, bypass_log: true }),
  });
}

/** 'Salary_Register' + Head Office Bengaluru, April 2026 → 'Salary_Register_Head_Office_Bengaluru_April_2026.xlsx'. */
function monthFileName(prefix: string, run: Pick<TRun, 'unitName' | 'year' | 'month'>, fallbackUnit: string, ext = 'xlsx'): string {
  const unit = run.unitName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || fallbackUnit;
  return `${prefix}_${unit}_${monthName(run.month)}_${run.year}.${ext}`;
}

/** The run's returns' files for the government portals: the EPFO ECR 2.0 text file or the ESIC monthly contribution sheet. */
export async function downloadReturnFile(run: Pick<TRun, 'id' | 'unitName' | 'year' | 'month'>, kind: 'ecr' | 'esi'): Promise<string> {
  const fileName = kind === 'ecr' ? monthFileName('ECR', run, `Unit_${run.id}`, 'txt') : monthFileName('ESI', run, `Unit_${run.id}`);
  await downloadFile(apiPath(`/api/payroll/runs/:id/${kind}`, { id: run.id }), fileName);
  return fileName;
}

/** The run's salary register (.xlsx) through the authorised API, saved under a readable name. */
export async function downloadRegister(run: Pick<TRun, 'id' | 'unitName' | 'year' | 'month'>): Promise<string> {
  const fileName = monthFileName('Salary_Register', run, `Unit_${run.id}`);
  await downloadFile(apiPath('/api/payroll/runs/:id/register', { id: run.id }), fileName);
  return fileName;
}

/** The month's attendance template (.xlsx) of the run's unit, with the current figures, to fill and upload. */
export async function downloadAttendanceTemplate(run: TRunMonth): Promise<void> {
  await downloadFile(
    apiPath('/api/payroll/attendance/template'),
    monthFileName('Attendance', run, `Unit_${run.unitId}`),
    runMonthQuery(run),
  );
}

export const RUN_STATUS_LABEL: Record<TRunStatus, string> = {
  draft: 'Draft',
  processing: 'Processing',
  processed: 'Processed',
  approved: 'Approved',
  locked: 'Locked',
};

export const ADVANCE_STATUS_LABEL: Record<TAdvanceStatus, string> = {
  requested: 'Awaiting approval',
  approved: 'Approved',
  paid: 'Paid',
  recovering: 'Recovering',
  closed: 'Closed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const BONUS_STATUS_LABEL: Record<TBonusStatus, string> = {
  draft: 'Awaiting approval',
  approved: 'Approved',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const BONUS_KIND_LABEL: Record<TBonus['kind'], string> = { statutory: 'Statutory', adhoc: 'Ad hoc' };

/** 'Statutory · 8.33 %' or 'Ad hoc'. */
export const bonusKind = (b: Pick<TBonus, 'kind' | 'ratePercent'>): string =>
  b.kind === 'statutory' ? `${BONUS_KIND_LABEL.statutory} · ${b.ratePercent} %` : BONUS_KIND_LABEL.adhoc;

/** 'Salary of November 2026' or 'Separately'. */
export const bonusPaidWith = (b: Pick<TBonus, 'payWith' | 'payYear' | 'payMonth'>): string =>
  b.payWith === 'salary' && b.payYear && b.payMonth ? `Salary of ${formatMonth(b.payYear, b.payMonth)}` : 'Separately';

// ---- financial years (April–March, named by their first calendar year: 2026 = FY 2026-27) ----

/** The financial years a bonus may be for: the current one (in the organisation's time zone) and the previous. */
export function financialYears(now = new Date()): number[] {
  const { startYear } = financialYearOf(todayIso(undefined, now));
  return [startYear, startYear - 1];
}

/** 2026 → '2026-27'. */
export const fyName = (startYear: number): string => financialYearStarting(startYear).name;
