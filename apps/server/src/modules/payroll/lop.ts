// Loss-of-pay adjustments: a month whose salary is approved or locked is never rewritten. When what its days really
// were differs from what it paid — leave or a correction approved afterwards, or the days after a cut-off (or after
// the day it was processed) that turned out otherwise — the difference in paid days becomes an arrears line of kind
// 'lop' (salary_arrears, the one arrears mechanism): paid in the next open month through the ARREARS head, with the
// month it belongs to, on the payslip and in the registers. Positive: a reversal of loss of pay; negative: a recovery.
import { type AttendanceFigures, arrearsOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { salaryArrears } from '../../db/schema';
import { bulkInsert } from '../../lib/bulk';
import { FINAL_RUN } from '../../lib/month-lock';
import { registerFrozenChangeListener } from '../attendance/frozen-changes';
import { computeMonth, isSlip } from './compute';
import { monthInputs, paidEmployees } from './inputs';
import { ARREARS_CODE, BONUS_CODE } from './plan';

type PaidSlip = { employeeId: number; unitId: number; attendance: AttendanceFigures; settledDays: number };

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * Settles the loss-of-pay difference of the employees' final month (year, month): what the month's days are now
 * (worked out again, nothing stored) against what it paid (the slip's paid days and the adjustments already paid).
 * The unpaid adjustment of the month is replaced by the difference found now (none when it is 0). Months not yet
 * final are left alone: their run takes the change itself. Returns the lines written.
 */
export async function settleLop(
  tx: Tx,
  employeeIds: readonly number[],
  year: number,
  month: number,
  reason: string,
): Promise<{ employeeId: number; forMonth: string; days: number; amount: number }[]> {
  if (employeeIds.length === 0) return [];
  const forMonth = ym(year, month);
  const slips = await queryRows<PaidSlip>(
    tx,
    sql`select s.employee_id as "employeeId", r.unit_id as "unitId", s.attendance,
          coalesce((select sum(a.days) from salary_arrears a where a.employee_id = s.employee_id and a.kind = 'lop'
                      and a.for_month = ${forMonth} and a.paid_run_id is not null), 0)::float8 as "settledDays"
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where ${FINAL_RUN} and r.year = ${year} and r.month = ${month}
          and s.employee_id = any(${`{${employeeIds.join(',')}}`}::int[])`,
  );
  const written: { employeeId: number; forMonth: string; days: number; amount: number }[] = [];
  const byUnit = new Map<number, PaidSlip[]>();
  for (const s of slips) byUnit.set(s.unitId, [...(byUnit.get(s.unitId) ?? []), s]);
  for (const [unitId, list] of byUnit) {
    const ids = list.map((s) => s.employeeId);
    const staff = await paidEmployees(tx, unitId, year, month, ids);
    const now = await monthInputs(tx, unitId, year, month, staff, ids, { fresh: true });
    const paidAs = new Map<number, AttendanceFigures>();
    const dueAs = new Map<number, AttendanceFigures>();
    for (const s of list) {
      const fresh = now.get(s.employeeId);
      if (!fresh) continue;
      // What was paid: the slip's days, moved by the adjustments already paid for the month.
      const paid = {
        ...s.attendance,
        payableDays: s.attendance.payableDays + s.settledDays,
        lwopDays: s.attendance.lwopDays - s.settledDays,
      };
      if (Math.abs(fresh.payableDays - paid.payableDays) < 1e-9) continue;
      paidAs.set(s.employeeId, paid);
      dueAs.set(s.employeeId, { ...fresh });
    }
    const changed = [...dueAs.keys()];
    if (changed.length) {
      const opts = { only: changed, withoutSystemAmounts: true };
      const before = await computeMonth(tx, unitId, year, month, { ...opts, attendance: paidAs });
      const after = await computeMonth(tx, unitId, year, month, { ...opts, attendance: dueAs });
      const earning = new Set(
        after.heads
          .filter((h) => h.isEarning && !h.isNetPayHead && !h.isTotalLWOPHead && h.code !== ARREARS_CODE && h.code !== BONUS_CODE)
          .map((h) => h.id),
      );
      const paidHeads = new Map(before.results.filter(isSlip).map((r) => [r.employeeId, r.amounts]));
      for (const r of after.results) {
        const was = paidHeads.get(r.employeeId);
        if (!isSlip(r) || !was) continue;
        const { totalPaise } = arrearsOf([{ year, month, paidNetOrHeads: was, dueHeads: r.amounts }], earning);
        const days = dueAs.get(r.employeeId)!.payableDays - paidAs.get(r.employeeId)!.payableDays;
        if (totalPaise !== 0) written.push({ employeeId: r.employeeId, forMonth, days, amount: totalPaise });
      }
    }
  }
  // The month's unpaid adjustment of every employee looked at is replaced by the one found now.
  await tx.execute(
    sql`delete from salary_arrears where kind = 'lop' and paid_run_id is null and for_month = ${forMonth}
          and employee_id = any(${`{${slips.map((s) => s.employeeId).join(',') || 0}}`}::int[])`,
  );
  if (written.length) {
    await bulkInsert(
      tx,
      salaryArrears,
      written.map((w) => ({ ...w, kind: 'lop', days: String(w.days), reason: reason.slice(0, 300) })),
    );
  }
  return written;
}

/** The months of a date range, as [year, month] pairs. */
export function monthsOf(from: string, to: string): [number, number][] {
  const out: [number, number][] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push([y, m]);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return out;
}

/**
 * Before a unit's month is processed: the earlier months (up to three back) whose slips counted days as planned
 * (processed before the month ended, or with a cut-off day) are settled against what those days turned out to be.
 */
export async function settlePlannedMonths(tx: Tx, unitId: number, year: number, month: number): Promise<number> {
  const rows = await queryRows<{ year: number; month: number; ids: number[] }>(
    tx,
    sql`select r.year, r.month, array_agg(s.employee_id order by s.employee_id) as ids
        from payroll_runs r join salary_slips s on s.run_id = r.id
        where ${FINAL_RUN} and r.unit_id = ${unitId} and s.attendance ? 'plannedFromDay'
          and make_date(r.year, r.month, 1) < make_date(${year}, ${month}, 1)
          and make_date(r.year, r.month, 1) >= make_date(${year}, ${month}, 1) - interval '3 months'
        group by r.year, r.month order by r.year, r.month`,
  );
  let lines = 0;
  for (const r of rows) lines += (await settleLop(tx, r.ids, r.year, r.month, 'Days counted as planned when the month was paid')).length;
  return lines;
}

/** Leave (and other changes) reaching days already paid are settled as loss-of-pay adjustments (the payroll manifest). */
export function registerLopSettlement(): void {
  registerFrozenChangeListener(async (tx, change) => {
    for (const [year, month] of monthsOf(change.from, change.to)) await settleLop(tx, [change.employeeId], year, month, change.reason);
  });
}
