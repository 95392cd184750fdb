// The month's inputs of a salary run, loaded set-based (a handful of queries for the whole unit, never one per
// employee): who is paid, their particulars, structure version, attendance figures, advance instalments due
// and arrears unpaid. The engine (packages/payroll) takes these as plain arrays.
import { weeklyOffsOf } from '@hr/attendance';
import { daysInMonth, isoDate, isWeeklyOff, yearMonth } from '@hr/calendar';
import type { AttendanceFigures, EngineEmployee } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import type { SlipArrearsLine } from '../../db/schema';
import { selectJsonColumns } from '../../lib/bulk';
import { unitHolidays } from '../../lib/holidays';
import { type EmployeeSet, idsIn } from '../../lib/sql';
import { attendanceMonthFigures, type MonthFiguresOptions } from '../attendance/month';

export type PaidEmployee = {
  id: number;
  employeeCode: string;
  name: string;
  designationName: string;
  departmentName: string;
  payModeId: number;
  /** Bank details as the slip keeps them (issue 26): trimmed, empty as null, the IFSC in capitals. */
  bankAccountNo: string | null;
  ifsc: string | null;
  bankName: string | null;
  bankBranch: string | null;
  uan: string | null;
  gender: string;
  dateOfBirth: string;
  dateOfJoining: string;
  exitDate: string | null;
  weeklyOffs: number[];
  pfApplicable: boolean;
  esiApplicable: boolean;
  ptApplicable: boolean;
  pfRestrictToCeiling: boolean;
  epfFirstJoined: string | null;
  epfWagesAtJoining: number | null;
  epsPriorMember: boolean;
  isDisabled: boolean;
};

/**
 * Whose salary of the month a full and final settlement pays (modules/exits, exit_settlements.salary_month): the
 * month's run leaves them out, so a leaver is paid for the days of their last month once. `not in` (employee_id is
 * not null) is one hashed scan of the settlements; `not exists` was planned as an anti-join that scanned the (mostly
 * empty) table again for every employee, and on PGlite each scan asks the file system for the table's size: 10,000
 * such questions a statement, four statements a run (about 0.2 s each).
 */
const notSettled = (first: string) =>
  sql`e.id not in (select x.employee_id from exit_settlements x where x.status <> 'cancelled'
        and x.salary_month = ${first.slice(0, 7)})`;

/** The employees of the unit employed on at least one day of the month, as a subquery of ids. */
export function paidScope(unitId: number, year: number, month: number): SQL {
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  return sql`select e.id from employees e where e.unit_id = ${unitId} and e.date_of_joining <= ${last}::date
    and (e.exit_date is null or e.exit_date >= ${first}::date) and ${notSettled(first)}`;
}

// Every field of PaidEmployee, so a field added to the type without its column here does not compile.
const PAID_EMPLOYEE_KEYS: Record<keyof PaidEmployee, true> = {
  id: true,
  employeeCode: true,
  name: true,
  designationName: true,
  departmentName: true,
  payModeId: true,
  bankAccountNo: true,
  ifsc: true,
  bankName: true,
  bankBranch: true,
  uan: true,
  gender: true,
  dateOfBirth: true,
  dateOfJoining: true,
  exitDate: true,
  weeklyOffs: true,
  pfApplicable: true,
  esiApplicable: true,
  ptApplicable: true,
  pfRestrictToCeiling: true,
  epfFirstJoined: true,
  epfWagesAtJoining: true,
  epsPriorMember: true,
  isDisabled: true,
};
const PAID_EMPLOYEE_COLUMNS = Object.keys(PAID_EMPLOYEE_KEYS) as (keyof PaidEmployee)[];

/** Employees of the unit employed on at least one day of the month (a joiner or leaver within it is prorated). */
export async function paidEmployees(db: Db | Tx, unitId: number, year: number, month: number, only?: number[]): Promise<PaidEmployee[]> {
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  const onlyIds = only?.length ? sql`and e.id in (select jsonb_array_elements_text(${JSON.stringify(only)}::jsonb)::int)` : sql``;
  return selectJsonColumns<PaidEmployee>(
    db,
    PAID_EMPLOYEE_COLUMNS,
    sql`select e.id, e.employee_code as "employeeCode", e.name, coalesce(d.name, '') as "designationName",
          coalesce(dp.name, '') as "departmentName", e.pay_mode_id as "payModeId",
          nullif(trim(e.bank_account_no), '') as "bankAccountNo", nullif(upper(trim(e.ifsc)), '') as ifsc,
          e.bank_name as "bankName", e.bank_branch as "bankBranch", e.uan, e.gender,
          e.date_of_birth::text as "dateOfBirth", e.date_of_joining::text as "dateOfJoining", e.exit_date::text as "exitDate",
          e.weekly_offs as "weeklyOffs", e.pf_applicable as "pfApplicable", e.esi_applicable as "esiApplicable",
          e.pt_applicable as "ptApplicable", e.pf_restrict_to_ceiling as "pfRestrictToCeiling",
          e.epf_first_joined::text as "epfFirstJoined", e.epf_wages_at_joining as "epfWagesAtJoining",
          e.eps_prior_member as "epsPriorMember", e.is_disabled as "isDisabled"
        from employees e
        left join designations d on d.id = e.designation_id
        left join departments dp on dp.id = e.department_id
        where e.unit_id = ${unitId} and e.date_of_joining <= ${last}::date
          and (e.exit_date is null or e.exit_date >= ${first}::date) and ${notSettled(first)} ${onlyIds}`,
    // In pages of 20,000 by code (the order the run keeps): PGlite's memory grows by the largest document it builds.
    { key: 'employeeCode' },
  );
}

/** Structure amounts (head id → paise) of the version effective in the month, per employee. */
export async function structuresFor(db: Db | Tx, employeeIds: EmployeeSet, ym: string): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  if (Array.isArray(employeeIds) && employeeIds.length === 0) return out;
  const rows = await selectJsonColumns<{ employeeId: number; amounts: Record<string, number> }>(
    db,
    ['employeeId', 'amounts'],
    sql`select distinct on (employee_id) employee_id as "employeeId", amounts from salary_structures
        where employee_id in ${idsIn(employeeIds)}
          and effective_from <= ${ym} and is_active
        order by employee_id, effective_from desc`,
    { key: 'employeeId' },
  );
  for (const r of rows) out.set(r.employeeId, amountsMap(r.amounts));
  return out;
}

export function amountsMap(amounts: Record<string, number>): Map<number, number> {
  const m = new Map<number, number>();
  for (const [k, v] of Object.entries(amounts)) m.set(Number(k), Number(v));
  return m;
}

/**
 * The month's attendance figures of each employee: the one function payroll reads attendance and leave
 * through. In a unit that pays by attendance (units.track_attendance) they come from daily attendance
 * (punches, roster, holidays, approved leave: modules/attendance/month.ts); elsewhere an employee is present
 * on every employed day that is not a holiday or weekly off and paid for every employed day. A manual monthly
 * entry (the Excel upload many offices use) replaces either for its employee.
 */
export async function monthInputs(
  db: Db | Tx,
  unitId: number,
  year: number,
  month: number,
  employees: readonly Pick<PaidEmployee, 'id' | 'dateOfJoining' | 'exitDate' | 'weeklyOffs'>[],
  set: EmployeeSet = employees.map((e) => e.id),
  opts: MonthFiguresOptions = {},
): Promise<Map<number, AttendanceFigures>> {
  const out = new Map<number, AttendanceFigures>();
  if (employees.length === 0) return out;
  const monthDays = daysInMonth(year, month);
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, monthDays);
  const holidays: Set<string> = await unitHolidays(db, unitId, first, last);
  const manual = await queryRows<{ employeeId: number; payable: string; present: string; lwop: string; ot: string }>(
    db,
    sql`select employee_id as "employeeId", payable_days::text as payable, present_days::text as present,
          lwop_days::text as lwop, ot_hours::text as ot
        from monthly_attendance
        where year = ${year} and month = ${month} and is_active
          and employee_id in ${idsIn(set)}`,
  );
  const manualBy = new Map(manual.map((m) => [m.employeeId, m]));
  const tracked = await attendanceMonthFigures(
    db,
    unitId,
    year,
    month,
    employees.filter((e) => !manualBy.has(e.id)),
    opts,
  );
  const days = Array.from({ length: monthDays }, (_, i) => isoDate(year, month, i + 1));
  const offsByPattern = new Map<string, boolean[]>();
  for (const e of employees) {
    const from = e.dateOfJoining > first ? e.dateOfJoining : first;
    const to = e.exitDate && e.exitDate < last ? e.exitDate : last;
    const fromAttendance = tracked?.get(e.id);
    if (fromAttendance && !manualBy.has(e.id)) {
      out.set(e.id, fromAttendance);
      continue;
    }
    // The month's weekly offs of a pattern, worked out once per distinct pattern (most staff share one).
    const key = e.weeklyOffs.join(',');
    let isOff = offsByPattern.get(key);
    if (!isOff) {
      const patterns = weeklyOffsOf(e.weeklyOffs);
      isOff = days.map((d) => isWeeklyOff(d, patterns));
      offsByPattern.set(key, isOff);
    }
    let employed = 0;
    let holidayCount = 0;
    let offs = 0;
    for (let i = 0; i < monthDays; i++) {
      const d = days[i];
      if (d < from || d > to) continue;
      employed++;
      if (holidays.has(d)) holidayCount++;
      else if (isOff[i]) offs++;
    }
    const m = manualBy.get(e.id);
    out.set(
      e.id,
      m
        ? {
            monthDays,
            payableDays: Number(m.payable),
            presentDays: Number(m.present),
            lwopDays: Number(m.lwop),
            otHours: Number(m.ot),
            holidays: holidayCount,
            weeklyOffs: offs,
          }
        : {
            monthDays,
            payableDays: employed,
            presentDays: employed - holidayCount - offs,
            lwopDays: 0,
            otHours: 0,
            holidays: holidayCount,
            weeklyOffs: offs,
          },
    );
  }
  return out;
}

/** Employee facts formulas may use (AGE, YEARS_OF_SERVICE on the month's last day; GENDER 'M' | 'F' | 'O'). */
export function factsOf(e: PaidEmployee, year: number, month: number): EngineEmployee['facts'] {
  const last = isoDate(year, month, daysInMonth(year, month));
  return {
    AGE: wholeYears(e.dateOfBirth, last),
    YEARS_OF_SERVICE: Math.max(0, wholeYears(e.dateOfJoining, last)),
    GENDER: (e.gender?.[0] ?? 'O').toUpperCase(),
    IS_PF_APPLICABLE: e.pfApplicable ? 1 : 0,
    IS_ESI_APPLICABLE: e.esiApplicable ? 1 : 0,
    IS_PT_APPLICABLE: e.ptApplicable ? 1 : 0,
  };
}

/** Whole years from one ISO date ('YYYY-MM-DD') to another: compared as text, month and day after the year. */
function wholeYears(from: string, to: string): number {
  return Number(to.slice(0, 4)) - Number(from.slice(0, 4)) - (to.slice(5) < from.slice(5) ? 1 : 0);
}

/** An arrears line due (salary_arrears): a back-dated structure's difference, or a loss-of-pay adjustment with its days. */
export type ArrearsDue = SlipArrearsLine & { id: number };

/** Advance instalments due in the month for the employees (head 41), and arrears not yet paid. */
export async function systemAmounts(
  db: Db | Tx,
  employeeIds: EmployeeSet,
  year: number,
  month: number,
  runId: number,
): Promise<{
  advances: Map<number, { total: number; ids: number[] }>;
  arrears: Map<number, { total: number; lines: ArrearsDue[] }>;
  bonuses: Map<number, { total: number; ids: number[] }>;
}> {
  const ym = yearMonth(year, month);
  const ids = idsIn(employeeIds);
  const adv = await queryRows<{ id: number; employeeId: number; amount: string }>(
    db,
    sql`select i.id, a.employee_id as "employeeId", i.amount::text as amount
        from advance_instalments i join salary_advances a on a.id = i.advance_id
        where a.status in ('paid', 'recovering') and a.is_active
          and a.employee_id in ${ids}
          and ((i.status = 'due' and i.due_month = ${ym}) or (i.status = 'recovered' and i.recovered_run_id = ${runId}))`,
  );
  const advances = new Map<number, { total: number; ids: number[] }>();
  for (const r of adv) {
    const a = advances.get(r.employeeId) ?? { total: 0, ids: [] };
    a.total += Number(r.amount);
    a.ids.push(r.id);
    advances.set(r.employeeId, a);
  }
  const arr = await queryRows<{ id: number; employeeId: number; forMonth: string; amount: string; kind: string; days: number | null }>(
    db,
    sql`select id, employee_id as "employeeId", for_month as "forMonth", amount::text as amount, kind, days::float8 as days
        from salary_arrears
        where employee_id in ${ids}
          and (paid_run_id is null or paid_run_id = ${runId}) and for_month < ${ym}
        order by employee_id, for_month`,
  );
  const arrears = new Map<number, { total: number; lines: ArrearsDue[] }>();
  for (const r of arr) {
    const a = arrears.get(r.employeeId) ?? { total: 0, lines: [] };
    a.total += Number(r.amount);
    a.lines.push({
      id: r.id,
      month: r.forMonth,
      amount: Number(r.amount),
      ...(r.kind === 'lop' ? { kind: 'lop' as const, days: Number(r.days ?? 0) } : r.kind === 'pf' ? { kind: 'pf' as const } : {}),
    });
    arrears.set(r.employeeId, a);
  }
  // Approved bonuses paid with this month's salary (or already paid by this run, when it is reprocessed).
  const bon = await queryRows<{ id: number; employeeId: number; amount: string }>(
    db,
    sql`select l.id, l.employee_id as "employeeId", l.amount::text as amount
        from bonus_lines l join bonuses b on b.id = l.bonus_id
        where b.is_active and b.status in ('approved', 'paid') and b.pay_with = 'salary' and b.pay_year = ${year} and b.pay_month = ${month}
          and l.amount > 0 and l.employee_id in ${ids}
          and (l.paid_run_id is null or l.paid_run_id = ${runId})`,
  );
  const bonuses = new Map<number, { total: number; ids: number[] }>();
  for (const r of bon) {
    const b = bonuses.get(r.employeeId) ?? { total: 0, ids: [] };
    b.total += Number(r.amount);
    b.ids.push(r.id);
    bonuses.set(r.employeeId, b);
  }
  return { advances, arrears, bonuses };
}
