// The organisation's payslip layout (issue 26): the payslip as specified, or the wage slip of the Code on Wages
// (Central) Rules. Slip records carry the layout; with the wage slip they also carry what it prints beyond the
// payslip — the days paid and lost, gross and total deductions as the run stored them, the employee's particulars
// (bank account as the slip was paid, else the record's) and the leave of the slip's financial year — read in two
// queries whatever the number of slips. Downloaded (the web's documents worker) and e-mailed slips both follow it.
import { daysInMonth } from '@hr/calendar';
import { type TPayslipLayout, type TSalarySlip, type TWageSlipDetails, ZPayslipLayout } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { organisation } from '../../db/schema';

/** The organisation's payslip layout ('standard' unless an administrator chose the wage slip). */
export async function payslipLayout(db: Db | Tx): Promise<TPayslipLayout> {
  const [org] = await queryRows<{ layout: string }>(db, sql`select payslip_layout as layout from organisation order by id limit 1`);
  const parsed = ZPayslipLayout.safeParse(org?.layout);
  return parsed.success ? parsed.data : 'standard';
}

/** Sets the organisation's payslip layout; answers the layout before (for the audit). */
export async function setPayslipLayout(tx: Tx, layout: TPayslipLayout, userId: number): Promise<TPayslipLayout> {
  const before = await payslipLayout(tx);
  const [org] = await queryRows<{ id: number }>(tx, sql`select id from organisation order by id limit 1`);
  if (org)
    await tx
      .update(organisation)
      .set({ payslipLayout: layout, updatedBy: userId, updatedAt: new Date() })
      .where(eq(organisation.id, org.id));
  return before;
}

type DetailRow = {
  runId: number;
  employeeId: number;
  year: number;
  month: number;
  fatherName: string | null;
  dateOfJoining: string | null;
  pan: string | null;
  esiNumber: string | null;
  bankAccountNo: string | null;
  ifsc: string | null;
  bankName: string | null;
  gross: string;
  deductions: string;
  attendance: Record<string, number | string>;
};
type LeaveRow = { employeeId: number; financialYear: number; name: string; credited: number; taken: number; balance: number };

const intArray = (values: readonly number[]) => `{${[...new Set(values)].join(',') || 0}}`;
const fyOf = (year: number, month: number) => (month >= 4 ? year : year - 1);

/** The wage slip's details of each (run, employee), keyed `${runId}:${employeeId}`. */
export async function wageSlipDetails(
  db: Db | Tx,
  keys: readonly { runId: number; employeeId: number }[],
): Promise<Map<string, TWageSlipDetails>> {
  const out = new Map<string, TWageSlipDetails>();
  if (keys.length === 0) return out;
  const rows = await queryRows<DetailRow>(
    db,
    sql`select s.run_id as "runId", s.employee_id as "employeeId", r.year, r.month, e.father_name as "fatherName",
          e.date_of_joining::text as "dateOfJoining", e.pan, e.esi_number as "esiNumber",
          coalesce(s.bank_account_no, e.bank_account_no) as "bankAccountNo", coalesce(s.ifsc, e.ifsc) as ifsc,
          coalesce(s.bank_name, e.bank_name) as "bankName", s.gross::text as gross, s.deductions::text as deductions, s.attendance
        from unnest(${intArray(keys.map((k) => k.runId))}::int[]) as k(run_id)
        join salary_slips s on s.run_id = k.run_id
        join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
        where s.employee_id = any(${intArray(keys.map((k) => k.employeeId))}::int[])`,
  );
  const leave = await queryRows<LeaveRow>(
    db,
    sql`select l.employee_id as "employeeId", l.financial_year as "financialYear", lt.name,
          coalesce(sum(l.days) filter (where l.kind in ('opening', 'credit')), 0)::float8 as credited,
          coalesce(-sum(l.days) filter (where l.kind = 'debit'), 0)::float8 as taken, sum(l.days)::float8 as balance
        from leave_ledger l join leave_types lt on lt.id = l.leave_type_id
        where l.employee_id = any(${intArray(rows.map((r) => r.employeeId))}::int[])
          and l.financial_year = any(${intArray(rows.map((r) => fyOf(r.year, r.month)))}::int[])
        group by l.employee_id, l.financial_year, lt.name order by lt.name`,
  );
  const leaveOf = new Map<string, TWageSlipDetails['leaveBalances']>();
  for (const l of leave) {
    const k = `${l.employeeId}:${l.financialYear}`;
    leaveOf.set(k, [...(leaveOf.get(k) ?? []), { name: l.name, credited: l.credited, taken: l.taken, balance: l.balance }]);
  }
  for (const r of rows) {
    out.set(`${r.runId}:${r.employeeId}`, {
      fatherName: r.fatherName,
      dateOfJoining: r.dateOfJoining,
      pan: r.pan,
      esiNumber: r.esiNumber,
      bankAccountNo: r.bankAccountNo,
      ifsc: r.ifsc,
      bankName: r.bankName,
      daysInPeriod: daysInMonth(r.year, r.month),
      paidDays: Number(r.attendance.payableDays ?? 0),
      lopDays: Number(r.attendance.lwopDays ?? 0),
      gross: toRupees(r.gross),
      totalDeductions: toRupees(r.deductions),
      leaveBalances: leaveOf.get(`${r.employeeId}:${fyOf(r.year, r.month)}`) ?? [],
    });
  }
  return out;
}

/**
 * The records with the organisation's layout; with the wage slip (or `details`: the payslip on screen shows the days),
 * each with its details. `runIds` are the records' runs in the same order (slip records do not carry their run).
 */
export async function withPayslipLayout(
  db: Db | Tx,
  records: TSalarySlip[],
  runIds: readonly number[],
  details = false,
): Promise<TSalarySlip[]> {
  const layout = await payslipLayout(db);
  if (layout === 'standard' && !details) return records;
  const found = await wageSlipDetails(
    db,
    records.map((r, i) => ({ runId: runIds[i], employeeId: r.employeeId })),
  );
  return records.map((r, i) => ({
    ...r,
    ...(layout === 'standard' ? {} : { payslipLayout: layout }),
    wageSlip: found.get(`${runIds[i]}:${r.employeeId}`) ?? null,
  }));
}
