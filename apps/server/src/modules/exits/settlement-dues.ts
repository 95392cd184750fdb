// What else is due to a leaver, as settlement lines: arrears not yet paid (back-dated structures, loss-of-pay
// adjustments, PF arrears — those the last month's slip did not already carry), approved bonuses not yet paid, and the
// statutory bonus for the part of the year (Code on Wages 2019 s.26-27, the payroll's bonus rules and computation at
// the minimum rate, on the Code's wages of the year's final slips and this settlement's month). Arrears and bonus
// lines are marked paid by the settlement when it is approved; the unit's later statutory bonus of the year leaves out
// an employee whose settlement paid it (bonuses.ts statutoryLines). The product has no reimbursements to settle.
import { financialYearStarting } from '@hr/calendar';
import { type EngineSlip, statutoryBonus } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { bonusRulesFor } from '../payroll/bonuses';
import type { Line, SeparationFacts } from './settlement-compute';

const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface Dues {
  lines: Line[];
  arrearIds: number[];
  bonusLineIds: number[];
  facts: Record<string, unknown>;
}

/** The slip's wages for the bonus: the Code's (kept on the slip), else basic + DA. */
function slipBonusWages(heads: RunHead[], slip: EngineSlip): number {
  const code = (slip.statutory as { codeWages?: number } | undefined)?.codeWages;
  if (typeof code === 'number') return code;
  return heads.filter((h) => ['BASIC', 'DA'].includes(h.code.toUpperCase())).reduce((t, h) => t + (slip.amounts.get(h.id) ?? 0), 0);
}

async function partYearBonus(
  tx: Tx,
  s: SeparationFacts,
  month: { heads: RunHead[]; slip: EngineSlip | null; days: number },
): Promise<{ line: Line | null; facts: Record<string, unknown> }> {
  const fyStart = Number(s.lastDay.slice(5, 7)) >= 4 ? Number(s.lastDay.slice(0, 4)) : Number(s.lastDay.slice(0, 4)) - 1;
  const fy = financialYearStarting(fyStart);
  const label = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
  const [covered] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bonus_lines l join bonuses b on b.id = l.bonus_id
        where l.employee_id = ${s.employeeId} and b.kind = 'statutory' and b.financial_year = ${fyStart} and b.is_active
          and b.status in ('draft', 'approved', 'paid')`,
  );
  if (covered.n > 0) return { line: null, facts: { financialYear: fyStart, note: 'The year’s statutory bonus covers the employee' } };
  let rules: Awaited<ReturnType<typeof bonusRulesFor>>;
  try {
    rules = await bonusRulesFor(tx, s.unitId, s.lastDay.slice(0, 7));
  } catch (e) {
    if (e instanceof AppError) return { line: null, facts: { financialYear: fyStart, note: e.message } };
    throw e;
  }
  const months = await queryRows<{ wages: string; days: string }>(
    tx,
    sql`select coalesce((s.statutory->>'codeWages')::bigint,
             coalesce((s.amounts ->> (select id::text from earning_deductions where upper(code) = 'BASIC' limit 1))::bigint, 0)
             + coalesce((s.amounts ->> (select id::text from earning_deductions where upper(code) = 'DA' limit 1))::bigint, 0))::text as wages,
          coalesce(s.attendance ->> 'payableDays', '0') as days
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where ${FINAL_RUN} and s.employee_id = ${s.employeeId}
          and to_char(make_date(r.year, r.month, 1), 'YYYY-MM') between ${fy.startDate.slice(0, 7)} and ${s.lastDay.slice(0, 7)}
        order by r.year, r.month`,
  );
  const list = months.map((m) => ({ wagesPaise: Number(m.wages), daysWorked: Number(m.days) }));
  if (month.slip) list.push({ wagesPaise: slipBonusWages(month.heads, month.slip), daysWorked: month.days });
  const r = statutoryBonus(list, rules.minRatePercent, rules);
  const facts = {
    financialYear: fyStart,
    ratePercent: rules.minRatePercent,
    basis: r.basisPaise,
    months: r.monthsWorked,
    reason: r.reason,
  };
  if (!r.eligible || r.bonusPaise <= 0) return { line: null, facts };
  return {
    line: {
      kind: 'bonus',
      side: 'earning',
      label: `Statutory bonus ${label} (part of the year)`,
      amount: r.bonusPaise,
      basis: `${rules.minRatePercent} % of ${rupees(r.basisPaise)}: the wages of ${r.monthsWorked} months, each at most ${rupees(Math.max(rules.calculationCeilingPaise, rules.minimumWagePaise))} (Code on Wages s.26)`,
    },
    facts,
  };
}

/**
 * Arrears and bonuses due besides the last month's slip (`inSlip`: the arrears and bonus lines that slip already pays),
 * and the part-year statutory bonus.
 */
export async function settlementDues(
  tx: Tx,
  s: SeparationFacts,
  month: { heads: RunHead[]; slip: EngineSlip | null; days: number; inSlip: { arrearIds: number[]; bonusLineIds: number[] } },
): Promise<Dues> {
  const lines: Line[] = [];
  const arrears = await queryRows<{ id: number; forMonth: string; amount: string; kind: string }>(
    tx,
    sql`select id, for_month as "forMonth", amount::text as amount, kind from salary_arrears
        where employee_id = ${s.employeeId} and paid_run_id is null and paid_settlement_id is null order by for_month, id`,
  );
  const extra = arrears.filter((a) => !month.inSlip.arrearIds.includes(a.id));
  // Pay arrears (a revised salary, loss-of-pay adjustments) are earnings; the member's PF share of statutory arrears
  // recovered from the member is a deduction of its own, not pay (outside the settlement's taxable amounts).
  const pay = extra.filter((a) => a.kind !== 'pf');
  const total = pay.reduce((t, a) => t + Number(a.amount), 0);
  if (total !== 0)
    lines.push({
      kind: 'arrears',
      side: total > 0 ? 'earning' : 'deduction',
      label: total > 0 ? 'Arrears due' : 'Arrears recovered',
      amount: Math.abs(total),
      basis: pay.map((a) => `${a.forMonth} ${rupees(Number(a.amount))}`).join('; '),
    });
  const pf = extra.filter((a) => a.kind === 'pf');
  const pfTotal = pf.reduce((t, a) => t + Number(a.amount), 0);
  if (pfTotal !== 0)
    lines.push({
      kind: 'pf_arrears',
      side: pfTotal < 0 ? 'deduction' : 'earning',
      label: pfTotal < 0 ? 'PF arrears, member share recovered' : 'PF arrears, member share refunded',
      amount: Math.abs(pfTotal),
      basis: pf.map((a) => `${a.forMonth} ${rupees(Number(a.amount))}`).join('; '),
    });
  const bonuses = await queryRows<{ id: number; amount: string; financialYear: number; kind: string }>(
    tx,
    sql`select l.id, l.amount::text as amount, b.financial_year as "financialYear", b.kind
        from bonus_lines l join bonuses b on b.id = l.bonus_id
        where l.employee_id = ${s.employeeId} and b.is_active and b.status = 'approved' and l.amount > 0
          and l.paid_run_id is null and l.paid_settlement_id is null order by b.financial_year, l.id`,
  );
  const dueBonus = bonuses.filter((b) => !month.inSlip.bonusLineIds.includes(b.id));
  for (const b of dueBonus)
    lines.push({
      kind: 'bonus',
      side: 'earning',
      label: `Bonus ${b.financialYear}-${String((b.financialYear + 1) % 100).padStart(2, '0')} (${b.kind === 'statutory' ? 'statutory' : 'ad hoc'}), approved and not yet paid`,
      amount: Number(b.amount),
      basis: 'The approved bonus of the year',
    });
  const part = await partYearBonus(tx, s, month);
  if (part.line) lines.push(part.line);
  return {
    lines,
    arrearIds: [...month.inSlip.arrearIds, ...extra.map((a) => a.id)],
    bonusLineIds: [...month.inSlip.bonusLineIds, ...dueBonus.map((b) => b.id)],
    facts: { bonus: part.facts },
  };
}
