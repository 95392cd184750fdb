// A full and final settlement worked out, never by hand: the last month's salary as an off-cycle run of one employee
// through the payroll engine (computeMonth, the same plan, attendance, advances and statutory rules as the month's run),
// then leave encashment, gratuity, notice pay, the advances' balance and the payroll office's adjustments by the exit
// rules (@hr/payroll exit.ts) and the dated exit parameters, and the year's final TDS on it all (salaryMonthTds with no
// month left to project: the tax of the year's actual salary less what was deducted).
import { weeklyOffsOf } from '@hr/attendance';
import { isWeeklyOff } from '@hr/calendar';
import {
  addWorkingDays,
  type EngineSlip,
  encashmentExempt,
  gratuity,
  labourCodeWages,
  leaveEncashment,
  noticePay,
  noticeServed,
  type SeparationType,
  serviceBetween,
  toPaise,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { unitHolidays } from '../../lib/holidays';
import { computeMonth, isSlip } from '../payroll/compute';
import { structuresFor } from '../payroll/inputs';
import { ADVANCE_HEAD_ID, unitHeads } from '../payroll/plan';
import { exitParametersAt } from '../statutory/parameters';
import { settlementDues } from './settlement-dues';
import { finalTds } from './settlement-tds';

export interface Line {
  kind: string;
  side: 'earning' | 'deduction';
  headId?: number | null;
  label: string;
  amount: number;
  basis: string;
  exempt?: number;
}

export type SeparationFacts = {
  id: number;
  employeeId: number;
  unitId: number;
  type: SeparationType;
  disablement: boolean;
  noticeGivenOn: string;
  lastDay: string;
  noticeDays: number;
  joined: string;
  weeklyOffs: number[];
};

export interface Computed {
  lines: Line[];
  salaryMonth: string | null;
  dueDate: string;
  facts: Record<string, unknown>;
  /** Advance instalments the settlement recovers (marked recovered when it is approved). */
  instalmentIds: number[];
  /** Arrears and bonus lines the settlement pays (marked paid by it when it is approved). */
  arrearIds: number[];
  bonusLineIds: number[];
}

const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Two working days after the last day, the unit's holidays and the employee's weekly offs skipped. */
async function dueDateOf(tx: Tx, s: SeparationFacts): Promise<string> {
  const to = new Date(Date.parse(`${s.lastDay}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
  const holidays = await unitHolidays(tx, s.unitId, s.lastDay, to);
  const offs = weeklyOffsOf(s.weeklyOffs);
  return addWorkingDays(s.lastDay, 2, (d) => holidays.has(d) || isWeeklyOff(d, offs));
}

/**
 * Whether this settlement pays the last month's salary: not when a final (approved / locked) run already paid it.
 * A slip in a run not yet final is taken over: removed with what its processing recovered, as a reprocess does.
 */
async function takesSalary(tx: Tx, s: SeparationFacts, year: number, month: number): Promise<boolean> {
  const [slip] = await queryRows<{ runId: number; final: boolean }>(
    tx,
    sql`select r.id as "runId", r.status in ('approved', 'locked') as final from salary_slips x join payroll_runs r on r.id = x.run_id
        where x.employee_id = ${s.employeeId} and r.year = ${year} and r.month = ${month}`,
  );
  if (!slip) return true;
  if (slip.final) return false;
  await tx.execute(sql`delete from salary_slips where run_id = ${slip.runId} and employee_id = ${s.employeeId}`);
  await tx.execute(sql`update advance_instalments set status = 'due', recovered_run_id = null
    where recovered_run_id = ${slip.runId} and advance_id in (select id from salary_advances where employee_id = ${s.employeeId})`);
  await tx.execute(sql`update salary_arrears set paid_run_id = null where paid_run_id = ${slip.runId} and employee_id = ${s.employeeId}`);
  await tx.execute(sql`update bonus_lines set paid_run_id = null where paid_run_id = ${slip.runId} and employee_id = ${s.employeeId}`);
  return true;
}

function salaryLines(heads: RunHead[], slip: EngineSlip, basis: string): Line[] {
  const out: Line[] = [];
  for (const h of heads) {
    const amount = slip.amounts.get(h.id) ?? 0;
    if (!amount || h.isNetPayHead || h.statutory === 'tds') continue;
    const kind = h.id === ADVANCE_HEAD_ID ? 'advance' : h.statutory ? 'statutory' : 'salary';
    out.push({ kind, side: h.isEarning ? 'earning' : 'deduction', headId: h.id, label: h.printName, amount, basis });
  }
  return out;
}

async function encashmentLines(tx: Tx, s: SeparationFacts, basicDa: number, gross: number, limit: number): Promise<Line[]> {
  const fy = Number(s.lastDay.slice(5, 7)) >= 4 ? Number(s.lastDay.slice(0, 4)) : Number(s.lastDay.slice(0, 4)) - 1;
  const rows = await queryRows<{ name: string; balance: string; maxDays: string; basis: string; divisor: number }>(
    tx,
    sql`select t.name, coalesce((select sum(l.days) from leave_ledger l where l.employee_id = ${s.employeeId}
              and l.leave_type_id = t.id and l.financial_year = ${fy}), 0)::text as balance,
            t.encash_max_days::text as "maxDays", t.encash_wage_basis as basis, t.encash_divisor as divisor
        from leave_types t
        where t.is_active and t.is_encashable order by t.name`,
  );
  const lines: Line[] = [];
  let exemptLeft = encashmentExempt(Number.MAX_SAFE_INTEGER, basicDa, limit);
  for (const r of rows) {
    const wages = r.basis === 'gross' ? gross : basicDa;
    const e = leaveEncashment({ balanceDays: Number(r.balance), maxDays: Number(r.maxDays), wages, divisor: r.divisor });
    if (e.amount <= 0) continue;
    const exempt = Math.min(e.amount, exemptLeft);
    exemptLeft -= exempt;
    const cap = Number(r.maxDays) > 0 ? ` (balance ${Number(r.balance)}, at most ${Number(r.maxDays)})` : '';
    lines.push({
      kind: 'encashment',
      side: 'earning',
      label: `Leave encashment — ${r.name}`,
      amount: e.amount,
      basis: `${e.days} days${cap} × ${rupees(wages)} ÷ ${r.divisor}; exempt u/s 10(10AA) ${rupees(exempt)}`,
      exempt,
    });
  }
  return lines;
}

function noticeLine(s: SeparationFacts, monthly: number, waived: boolean, waiverReason: string | null): Line | null {
  const served = noticeServed(s.noticeGivenOn, s.lastDay);
  const short = Math.max(0, s.noticeDays - served);
  if (short === 0 || ['death', 'retirement', 'fixed_term_end'].includes(s.type)) return null;
  const basis = `${short} of ${s.noticeDays} days' notice not served × ${rupees(monthly)} ÷ 30`;
  if (s.type === 'termination')
    return { kind: 'notice_pay', side: 'earning', label: 'Notice pay in lieu of notice', amount: noticePay(monthly, short), basis };
  if (waived)
    return {
      kind: 'notice_waived',
      side: 'deduction',
      label: `Notice shortfall waived: ${waiverReason ?? ''}`.slice(0, 150),
      amount: 0,
      basis,
    };
  return { kind: 'notice_recovery', side: 'deduction', label: 'Notice pay recovery (shortfall)', amount: noticePay(monthly, short), basis };
}

async function advanceBalance(tx: Tx, s: SeparationFacts, salaryMonth: string | null): Promise<{ line: Line | null; ids: number[] }> {
  const rows = await queryRows<{ id: number; amount: string }>(
    tx,
    sql`select i.id, i.amount::text as amount from advance_instalments i join salary_advances a on a.id = i.advance_id
        where a.employee_id = ${s.employeeId} and a.is_active and a.status in ('paid', 'recovering') and i.status = 'due'
          ${salaryMonth ? sql`and i.due_month <> ${salaryMonth}` : sql``} order by i.id`,
  );
  const total = rows.reduce((t, r) => t + Number(r.amount), 0);
  const ids = rows.map((r) => r.id);
  if (!total) return { line: null, ids };
  return {
    line: {
      kind: 'advance',
      side: 'deduction',
      label: 'Salary advance — balance outstanding',
      amount: total,
      basis: `${rows.length} instalments still due`,
    },
    ids,
  };
}

export async function computeSettlementLines(
  tx: Tx,
  s: SeparationFacts,
  opts: { noticeWaived: boolean; waiverReason: string | null },
): Promise<Computed> {
  const year = Number(s.lastDay.slice(0, 4));
  const month = Number(s.lastDay.slice(5, 7));
  const ym = s.lastDay.slice(0, 7);
  const lines: Line[] = [];
  const instalmentIds: number[] = [];
  const taken = await takesSalary(tx, s, year, month);
  let slip: EngineSlip | null = null;
  let heads: RunHead[];
  const inSlip = { arrearIds: [] as number[], bonusLineIds: [] as number[], days: 0, slip: null as Record<string, unknown> | null };
  if (taken) {
    const comp = await computeMonth(tx, s.unitId, year, month, { only: [s.employeeId] });
    const r = comp.results[0];
    if (!r) throw new Conflict('The employee is not paid in the month of the last day (no salary structure or not employed)');
    if (!isSlip(r)) throw new Conflict(`The salary could not be computed: ${r.error}`);
    slip = r;
    heads = comp.heads;
    const att = comp.attendance.get(s.employeeId);
    lines.push(...salaryLines(heads, slip, `${att?.payableDays ?? 0} of ${att?.monthDays ?? 0} days of ${ym}`));
    instalmentIds.push(...(comp.advances.get(s.employeeId)?.ids ?? []));
    inSlip.arrearIds = (comp.arrears.get(s.employeeId)?.lines ?? []).map((l) => l.id);
    inSlip.bonusLineIds = comp.bonuses.get(s.employeeId)?.ids ?? [];
    inSlip.days = att?.payableDays ?? 0;
    // The month's figures the returns read for a leaver the month's run leaves out (ECR, ESI file: payroll/settled-leavers.ts).
    inSlip.slip = { gross: slip.gross, statutory: slip.statutory, payableDays: att?.payableDays ?? 0, lwopDays: att?.lwopDays ?? 0 };
  } else heads = await unitHeads(tx, s.unitId, ym);
  const structure = (await structuresFor(tx, [s.employeeId], ym)).get(s.employeeId);
  if (!structure) throw new Conflict('The employee has no salary structure for the month of the last day');
  let basicDa = 0;
  let gross = 0;
  for (const h of heads) {
    const a = structure.get(h.id) ?? 0;
    if (!h.isEarning || h.statutory) continue;
    gross += a;
    if (h.isPfWage) basicDa += a;
  }
  const p = await exitParametersAt(tx, s.lastDay);
  lines.push(...(await encashmentLines(tx, s, basicDa, gross, toPaiseN(p.leaveEncashmentTaxExemption))));
  const service = serviceBetween(s.joined, s.lastDay);
  const wages = labourCodeWages(basicDa, gross);
  const g = gratuity({
    type: s.type,
    disablement: s.disablement,
    fixedTerm: s.type === 'fixed_term_end',
    service,
    wages,
    ceiling: toPaiseN(p.gratuityCeiling),
    taxExemption: toPaiseN(p.gratuityTaxExemption),
  });
  if (g.amount > 0)
    lines.push({
      kind: 'gratuity',
      side: 'earning',
      label: 'Gratuity',
      amount: g.amount,
      basis: `${rupees(wages)} × 15 ÷ 26 × ${service.countedYears} years (${service.years} y ${service.months} m ${service.days} d)${g.computed > g.amount ? `, at most ${rupees(g.amount)}` : ''}; exempt u/s 10(10) ${rupees(g.exempt)}`,
      exempt: g.exempt,
    });
  const notice = noticeLine(s, gross, opts.noticeWaived, opts.waiverReason);
  if (notice) lines.push(notice);
  const adv = await advanceBalance(tx, s, taken ? ym : null);
  if (adv.line) lines.push(adv.line);
  instalmentIds.push(...adv.ids);
  const adjustments = await queryRows<{ side: 'earning' | 'deduction'; label: string; amount: string; reason: string }>(
    tx,
    sql`select side, label, amount::text as amount, reason from exit_adjustments where separation_id = ${s.id} and is_active order by id`,
  );
  for (const a of adjustments) lines.push({ kind: 'adjustment', side: a.side, label: a.label, amount: Number(a.amount), basis: a.reason });
  const dues = await settlementDues(tx, s, { heads, slip, days: inSlip.days, inSlip });
  lines.push(...dues.lines);
  const tds = await finalTds(tx, s, { heads, slip, lines, year, month, taken });
  if (tds) lines.push(tds.line);
  return {
    lines,
    salaryMonth: taken ? ym : null,
    dueDate: await dueDateOf(tx, s),
    instalmentIds,
    arrearIds: dues.arrearIds,
    bonusLineIds: dues.bonusLineIds,
    facts: {
      ...dues.facts,
      slip: inSlip.slip,
      service,
      wages: { basicDa, gross, labourCodeWages: wages },
      gratuity: { eligible: g.eligible, reason: g.reason },
      parameters: { effectiveFrom: p.effectiveFrom, source: p.source },
      salaryPaidBy: taken ? 'this settlement' : 'the month’s salary run',
      tds: tds?.facts ?? null,
    },
  };
}

const toPaiseN = (rupeesAmount: number) => Number(toPaise(rupeesAmount));
