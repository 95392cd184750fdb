// A run's records as the spec's employee salary record (section 3): the run's heads as they were when it was
// processed, each with the employee's amount, in rupees with two decimals; the run's employee lines. (The salary
// register is the report framework's: modules/reports/registers/wages.ts.)
import type { TRunEmployee, TSalarySlip } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { RunHead, SlipArrearsLine } from '../../db/schema';
import { netFigures, netPaidSql } from './net-paid';
import { withPayslipLayout } from './wage-slip-data';

type SlipRow = {
  runId: number;
  year: number;
  month: number;
  heads: RunHead[];
  unitName: string;
  employeeId: number;
  employeeCode: string;
  name: string;
  designationName: string;
  payModeName: string | null;
  uanNo: string | null;
  paymentStatus: string | null;
  amounts: Record<string, number>;
  arrears: SlipArrearsLine[] | null;
  net: string;
  netPaid: string;
};

/**
 * The records of the runs matching `where` (an SQL condition on `r` payroll_runs and `s` salary_slips), in unit
 * then employee-code order. One query, whatever the count.
 */
export async function slipRecords(db: Db, where: ReturnType<typeof sql>, opts: { details?: boolean } = {}): Promise<TSalarySlip[]> {
  const [org] = await queryRows<{ name: string; address: string }>(db, sql`select name, address from organisation limit 1`);
  const rows = await queryRows<SlipRow>(
    db,
    sql`select r.id as "runId", r.year, r.month, r.heads, u.name as "unitName", s.employee_id as "employeeId",
          s.employee_code as "employeeCode", s.name, s.designation_name as "designationName", s.pay_mode_name as "payModeName",
          s.uan_no as "uanNo", s.amounts, s.arrears, s.net::text as net, ${netPaidSql(sql`s.net`)}::text as "netPaid",
          case when p.status = 'paid' then 'Paid on ' || to_char(p.value_date, 'DD/MM/YYYY')
               when p.failure_reason is not null then 'Pending (returned: ' || p.failure_reason || ')' end as "paymentStatus"
        from salary_slips s join payroll_runs r on r.id = s.run_id join units u on u.id = r.unit_id
        left join salary_payments p on p.run_id = s.run_id and p.employee_id = s.employee_id
        where ${where}
        order by u.name, s.employee_code`,
  );
  const records = rows.map((r) => ({
    employeeId: r.employeeId,
    ...slipNet(r.netPaid, r.net),
    companyName: org?.name ?? '',
    compamyAddress: org?.address ?? '',
    month: r.month,
    year: r.year,
    name: r.name,
    unitName: r.unitName,
    employeeCode: r.employeeCode,
    payModeName: r.payModeName,
    designationName: r.designationName,
    uanNo: r.uanNo,
    paymentStatus: r.paymentStatus,
    ...(r.arrears?.length ? { arrearsLines: r.arrears.map((a) => ({ ...a, amount: toRupees(a.amount) })) } : {}),
    salaryProcessDetailRequestList: r.heads.map((h) => ({
      earningDeductionId: h.id,
      earningDeductionPrintName: h.printName,
      amount: toRupees(r.amounts[String(h.id)] ?? 0),
      isEarning: h.isEarning,
      isPrinted: h.isPrinted,
      isCalculative: h.isCalculative,
      isNetPayHead: h.isNetPayHead,
      isOverTimeHead: h.isOverTimeHead,
      isTotalLWOPHead: h.isTotalLWOPHead,
    })),
  }));
  // The organisation's layout (issue 26): with the wage slip, each record also carries what it prints.
  return withPayslipLayout(
    db,
    records,
    rows.map((r) => r.runId),
    opts.details,
  );
}

/** A slip's net pay as the payslip prints it: the amount paid (rounded to ₹10), the exact net and the round-off, rupees. */
function slipNet(paid: string, exact: string) {
  const { net, netExact, roundOff } = netFigures(paid, exact);
  return { netPay: net, netPayExact: netExact, roundOff };
}

/**
 * The run's employee lines with the previous month's net pay of the same unit (for the change highlight): `net` and
 * `previousNet` are the amounts paid (rounded to ₹10 as the payslip prints them), with the exact net and the round-off.
 */
export async function runEmployees(db: Db, run: { id: number; unitId: number; year: number; month: number }): Promise<TRunEmployee[]> {
  const prevYear = run.month === 1 ? run.year - 1 : run.year;
  const prevMonth = run.month === 1 ? 12 : run.month - 1;
  const rows = await queryRows<{
    employeeId: number;
    employeeCode: string;
    name: string;
    designationName: string;
    departmentName: string;
    attendance: Record<string, number>;
    gross: string;
    deductions: string;
    net: string;
    netPaid: string;
    previousNet: string | null;
    arrears: SlipArrearsLine[];
  }>(
    db,
    sql`select s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name, s.designation_name as "designationName",
          s.department_name as "departmentName", s.attendance, s.gross::text as gross, s.deductions::text as deductions, s.net::text as net,
          ${netPaidSql(sql`s.net`)}::text as "netPaid", ${netPaidSql(sql`p.net`)}::text as "previousNet", s.arrears
        from salary_slips s
        left join payroll_runs pr on pr.unit_id = ${run.unitId} and pr.year = ${prevYear} and pr.month = ${prevMonth}
        left join salary_slips p on p.run_id = pr.id and p.employee_id = s.employee_id
        where s.run_id = ${run.id}
        order by s.employee_code`,
  );
  return rows.map((r) => ({
    employeeId: r.employeeId,
    employeeCode: r.employeeCode,
    name: r.name,
    designationName: r.designationName,
    departmentName: r.departmentName,
    payableDays: Number(r.attendance.payableDays ?? 0),
    lwopDays: Number(r.attendance.lwopDays ?? 0),
    gross: toRupees(Number(r.gross)),
    deductions: toRupees(Number(r.deductions)),
    ...netFigures(r.netPaid, r.net),
    previousNet: r.previousNet === null ? null : toRupees(Number(r.previousNet)),
    arrears: r.arrears.map((a) => ({ ...a, amount: toRupees(a.amount) })),
  }));
}
