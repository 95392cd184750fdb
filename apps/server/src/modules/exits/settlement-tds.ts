// The settlement's TDS (section 192): the year's final tax, with no month left to project — the salary actually
// paid this financial year (earlier slips, this settlement's salary) and the settlement's taxable one-off amounts
// (leave encashment and gratuity above their exemptions, notice pay, other payments) — less the tax deducted so far.
// Inputs come from the payroll module's statutory loader (declaration, earlier slips), the same as a month's run.
import { type EngineSlip, salaryMonthTds } from '@hr/payroll';
import type { Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { paidEmployees } from '../payroll/inputs';
import { employeeStatutory, monthStatutory } from '../payroll/statutory';
import type { Line, SeparationFacts } from './settlement-compute';

const ONE_OFF_KINDS = new Set(['encashment', 'gratuity', 'notice_pay', 'adjustment', 'bonus', 'arrears']);

export async function finalTds(
  tx: Tx,
  s: SeparationFacts,
  c: { heads: RunHead[]; slip: EngineSlip | null; lines: Line[]; year: number; month: number; taken: boolean },
): Promise<{ line: Line; facts: Record<string, unknown> } | null> {
  const tdsHead = c.heads.find((h) => h.statutory === 'tds');
  if (!tdsHead) return null;
  // With the month's salary paid by its run, that slip is one of the earlier ones: the year is read up to the next month.
  const [y, m] = c.taken ? [c.year, c.month] : c.month === 12 ? [c.year + 1, 1] : [c.year, c.month + 1];
  const [e] = await paidEmployees(tx, s.unitId, c.year, c.month, [s.employeeId]);
  const st = e && (await monthStatutory(tx, s.unitId, y, m, c.heads, [s.employeeId]));
  if (!e || !st) return null;
  const t = employeeStatutory(e, st, y, m).tds;
  if (!t) return null;
  const p = st.params.tds?.[t.regime];
  if (!p) return null;
  const oneOff = c.lines
    .filter((l) => l.side === 'earning' && ONE_OFF_KINDS.has(l.kind))
    .reduce((sum, l) => sum + l.amount - (l.exempt ?? 0), 0);
  const slipSt = c.slip?.statutory;
  const regular = slipSt?.taxableRegular ?? (c.slip ? c.slip.gross : 0);
  const hra = c.slip ? c.heads.filter((h) => h.code === 'HRA').reduce((sum, h) => sum + (c.slip!.amounts.get(h.id) ?? 0), 0) : 0;
  const basicPlusDa = c.slip
    ? c.heads.filter((h) => h.isPfWage && h.isEarning).reduce((sum, h) => sum + (c.slip!.amounts.get(h.id) ?? 0), 0)
    : 0;
  const r = salaryMonthTds(p, {
    remainingMonths: 1,
    regular,
    oneOff: oneOff + (slipSt?.taxableOneOff ?? 0),
    hraReceived: hra,
    basicPlusDa,
    rentPerMonth: t.rentPerMonth,
    metro: t.metro,
    professionalTax: slipSt?.pt ?? 0,
    earlierRegular: t.earlierRegular,
    earlierOneOff: t.earlierOneOff,
    earlierHraExempt: t.earlierHraExempt,
    earlierProfessionalTax: t.earlierPt,
    tdsSoFar: t.tdsSoFar,
    previousEmployerSalary: t.previousEmployerIncome,
    previousEmployerTds: t.previousEmployerTds,
    deductions: t.deductions,
    otherIncome: t.otherIncome ?? 0,
    relief89: t.relief89 ?? 0,
  });
  const facts = { regime: t.regime, annualTax: r.annualTaxWithOneOff, tdsSoFar: t.tdsSoFar, taxableOneOff: oneOff };
  return {
    line: {
      kind: 'tds',
      side: 'deduction',
      headId: tdsHead.id,
      label: tdsHead.printName || 'Income tax (TDS)',
      amount: r.tds,
      basis: `Section 192, ${t.regime} regime: the year's tax on salary to the last day and the settlement, less ₹${(t.tdsSoFar / 100).toFixed(2)} deducted before`,
    },
    facts,
  };
}
