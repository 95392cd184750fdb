// A run's records as the spec's employee salary record (section 3): the run's heads as they were when it was
// processed, each with the employee's amount, in rupees with two decimals; the run's employee lines and the
// salary register (Excel: one row per employee, one column per head, totals).
import type { TRunEmployee, TSalarySlip } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Db, queryRows } from '../../db/client';
import type { RunHead } from '../../db/schema';

const rupees = (paise: number) => Math.round(paise) / 100;

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
  amounts: Record<string, number>;
};

/**
 * The records of the runs matching `where` (an SQL condition on `r` payroll_runs and `s` salary_slips), in unit
 * then employee-code order. One query, whatever the count.
 */
export async function slipRecords(db: Db, where: ReturnType<typeof sql>): Promise<TSalarySlip[]> {
  const [org] = await queryRows<{ name: string; address: string }>(db, sql`select name, address from organisation limit 1`);
  const rows = await queryRows<SlipRow>(
    db,
    sql`select r.id as "runId", r.year, r.month, r.heads, u.name as "unitName", s.employee_id as "employeeId",
          s.employee_code as "employeeCode", s.name, s.designation_name as "designationName", s.pay_mode_name as "payModeName",
          s.uan_no as "uanNo", s.amounts
        from salary_slips s join payroll_runs r on r.id = s.run_id join units u on u.id = r.unit_id
        where ${where}
        order by u.name, s.employee_code`,
  );
  return rows.map((r) => ({
    employeeId: r.employeeId,
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
    salaryProcessDetailRequestList: r.heads.map((h) => ({
      earningDeductionId: h.id,
      earningDeductionPrintName: h.printName,
      amount: rupees(r.amounts[String(h.id)] ?? 0),
      isEarning: h.isEarning,
      isPrinted: h.isPrinted,
      isCalculative: h.isCalculative,
      isNetPayHead: h.isNetPayHead,
      isOverTimeHead: h.isOverTimeHead,
      isTotalLWOPHead: h.isTotalLWOPHead,
    })),
  }));
}

/** The run's employee lines with the previous month's net pay of the same unit (for the change highlight). */
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
    previousNet: string | null;
    arrears: { month: string; amount: number }[];
  }>(
    db,
    sql`select s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name, s.designation_name as "designationName",
          s.department_name as "departmentName", s.attendance, s.gross::text as gross, s.deductions::text as deductions, s.net::text as net,
          p.net::text as "previousNet", s.arrears
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
    gross: rupees(Number(r.gross)),
    deductions: rupees(Number(r.deductions)),
    net: rupees(Number(r.net)),
    previousNet: r.previousNet === null ? null : rupees(Number(r.previousNet)),
    arrears: r.arrears.map((a) => ({ month: a.month, amount: rupees(a.amount) })),
  }));
}

/** The salary register of a run: one row per employee, one column per head (in paise-exact rupees), totals. */
export async function salaryRegister(
  db: Db,
  run: { id: number; year: number; month: number; heads: RunHead[] },
  unitName: string,
): Promise<Buffer> {
  const rows = await queryRows<{
    employeeCode: string;
    name: string;
    designationName: string;
    departmentName: string;
    attendance: Record<string, number>;
    amounts: Record<string, number>;
    gross: string;
    deductions: string;
    net: string;
  }>(
    db,
    sql`select employee_code as "employeeCode", name, designation_name as "designationName", department_name as "departmentName",
          attendance, amounts, gross::text as gross, deductions::text as deductions, net::text as net
        from salary_slips where run_id = ${run.id} order by employee_code`,
  );
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Salary Register', { views: [{ state: 'frozen', ySplit: 3, xSplit: 2 }] });
  const heads = run.heads;
  const title = `Salary Register — ${unitName} — ${String(run.month).padStart(2, '0')}/${run.year}`;
  ws.addRow([title]).font = { bold: true, size: 13 };
  ws.addRow([]);
  const header = [
    'Employee Code',
    'Name',
    'Designation',
    'Department',
    'Payable Days',
    'LWOP Days',
    ...heads.map((h) => h.printName.replace(/\r/g, '')),
    'Gross',
    'Deductions',
    'Net',
  ];
  const hr = ws.addRow(header);
  hr.font = { bold: true };
  const money = '#,##,##0.00';
  const sums = new Array<number>(heads.length + 3).fill(0);
  for (const r of rows) {
    const values = heads.map((h) => r.amounts[String(h.id)] ?? 0);
    const totals = [Number(r.gross), Number(r.deductions), Number(r.net)];
    [...values, ...totals].forEach((v, i) => {
      sums[i] += v;
    });
    ws.addRow([
      r.employeeCode,
      r.name,
      r.designationName,
      r.departmentName,
      Number(r.attendance.payableDays ?? 0),
      Number(r.attendance.lwopDays ?? 0),
      ...values.map(rupees),
      ...totals.map(rupees),
    ]);
  }
  const total = ws.addRow(['Total', `${rows.length} employees`, '', '', '', '', ...sums.map(rupees)]);
  total.font = { bold: true };
  for (let c = 7; c <= header.length; c++) ws.getColumn(c).numFmt = money;
  ws.columns.forEach((col, i) => {
    col.width = i === 1 ? 28 : i < 4 ? 18 : 13;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
