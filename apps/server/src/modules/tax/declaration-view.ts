// An employee's income-tax declaration for a financial year as the screens show it, with the regime comparison: the
// tax under both regimes on the year's estimated salary (the slips so far, the latest month's regular salary for the
// rest, the salary paid before going live and a previous employer's), worked out by the calculator's own function
// (computeTaxView). Whom a caller reaches: their own declaration, or a payroll user's employees within their units.
import type { TTaxComputeResult, TTaxDeclaration } from '@hr/contract';
import {
  HRA_CODE,
  hraExemption,
  type IncomeTaxParameters,
  incomeTaxParametersFor,
  type Paise,
  remainingMonthsOf,
  type TaxRegime,
  taxAgeInYear,
  toPaise,
  toRupees,
} from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { employees, taxDeclarationLines, taxDeclarations } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachRecord } from '../access/context';
import { computeTaxView } from '../statutory/calculators';
import { loadStatutoryTables } from '../statutory/parameters';
import { proofCutoff } from './declarations';
import { earlierSalaryTotals, previousEmployerOf } from './earlier-salary';
import { proofWindowClosed } from './proofs';

/** The employee a declaration belongs to. */
export type Who = { id: number; code: string; name: string; unitId: number };

/** An employee the caller reaches (404 otherwise, like a missing one). */
export async function employeeFor(db: Db, auth: AuthContext, id: number): Promise<Who> {
  const [e] = await db
    .select({ id: employees.id, code: employees.employeeCode, name: employees.name, unitId: employees.unitId })
    .from(employees)
    .where(eq(employees.id, id));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  return e;
}

/** The caller's own employee record (404 for a sign-in without one). */
export async function ownEmployee(db: Db, auth: AuthContext): Promise<Who> {
  if (auth.employeeId == null) throw new NotFound('Your sign-in is not linked to an employee');
  return employeeFor(db, auth, auth.employeeId);
}

/** The year's salary as far as known, paise: the slips so far, the latest month's regular salary for the rest. */
async function yearEstimate(
  db: Db,
  employeeId: number,
  fy: string,
  rent: { rentPerMonth: number; metro: boolean; hra: IncomeTaxParameters['hra'] },
) {
  const start = Number(fy.slice(0, 4));
  const from = start * 100 + 4;
  const to = (start + 1) * 100 + 3;
  const slips = await queryRows<{ ym: number; gross: string; st: Record<string, unknown>; hra: string; basicDa: string; pt: string }>(
    db,
    sql`select r.year * 100 + r.month as ym, s.gross::text as gross, s.statutory as st,
          coalesce((select sum((s.amounts->>h.id::text)::bigint) from earning_deductions h where h.is_earning and upper(h.code) = ${HRA_CODE}), 0)::text as hra,
          coalesce((select sum((s.amounts->>h.id::text)::bigint) from earning_deductions h where h.is_earning and h.is_pf_wage), 0)::text as "basicDa",
          coalesce((s.statutory->>'pt')::bigint,
            (select sum((s.amounts->>h.id::text)::bigint) from earning_deductions h where h.statutory = 'pt'), 0)::text as pt
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where s.employee_id = ${employeeId} and r.year * 100 + r.month <= ${to}
        order by r.year * 100 + r.month desc limit 13`,
  );
  const inYear = slips.filter((s) => s.ym >= from);
  const latest = slips[0];
  const d = orgToday();
  const nowYm = Number(d.slice(0, 4)) * 100 + Number(d.slice(5, 7));
  // Months still to be paid after the latest slip of the year (or from now on, or the whole of a year not begun).
  let monthsLeft: number;
  if (inYear.length) monthsLeft = remainingMonthsOf(inYear[0].ym % 100) - 1;
  else if (nowYm < from) monthsLeft = 12;
  else if (nowYm > to) monthsLeft = 0;
  else monthsLeft = remainingMonthsOf(nowYm % 100);
  const hraOf = (hra: number, basicDa: number): bigint =>
    rent.hra && rent.rentPerMonth > 0 && hra > 0
      ? hraExemption(rent.hra, {
          hraReceived: BigInt(hra),
          rentPaid: BigInt(rent.rentPerMonth),
          basicPlusDa: BigInt(basicDa),
          metro: rent.metro,
        })
      : 0n;
  let salary = 0n;
  let hra = 0n;
  let pt = 0n;
  let basicDa = 0n;
  for (const s of inYear) {
    salary += BigInt(s.gross);
    basicDa += BigInt(s.basicDa);
    hra += hraOf(Number(s.hra), Number(s.basicDa));
    pt += BigInt(s.pt);
  }
  if (latest && monthsLeft > 0) {
    const oneOff = typeof latest.st?.taxableOneOff === 'number' ? latest.st.taxableOneOff : 0;
    const n = BigInt(monthsLeft);
    salary += (BigInt(latest.gross) - BigInt(oneOff)) * n;
    hra += hraOf(Number(latest.hra), Number(latest.basicDa)) * n;
    pt += BigInt(latest.pt) * n;
    basicDa += BigInt(latest.basicDa) * n;
  }
  return { salary, hra, pt, basicDa };
}

export async function declarationView(db: Db, e: Who, fy: string): Promise<TTaxDeclaration> {
  const [d] = await db
    .select()
    .from(taxDeclarations)
    .where(and(eq(taxDeclarations.employeeId, e.id), eq(taxDeclarations.financialYear, fy), eq(taxDeclarations.isActive, true)));
  const lines = d
    ? await db.select().from(taxDeclarationLines).where(eq(taxDeclarationLines.declarationId, d.id)).orderBy(taxDeclarationLines.id)
    : [];
  const cutoff = await proofCutoff(db, fy);
  const rent = d?.rentPerMonth ?? 0;
  const metro = d?.metro ?? false;
  const prevIncome = d?.previousEmployerIncome ?? 0;
  const otherIncome = d?.otherIncome ?? 0;
  const relief89 = d?.relief89 ?? 0;
  const tables = await loadStatutoryTables(db);
  const hra = incomeTaxParametersFor(tables, fy, 'old')?.hra ?? null;
  const estimate = await yearEstimate(db, e.id, fy, { rentPerMonth: rent, metro, hra });
  // The salary of the year paid before going live (imported) is part of the year; an imported Form 12B is the
  // previous employer's salary in place of the declared one.
  const imported = (await earlierSalaryTotals(db, [e.id], fy)).get(e.id);
  const previous = previousEmployerOf({ previousEmployerIncome: prevIncome, previousEmployerTds: d?.previousEmployerTds ?? 0 }, imported);
  const yearSalary = estimate.salary + BigInt(imported?.gross ?? 0) + BigInt(previous.income);
  const yearExempt = estimate.hra + BigInt(imported?.exempt ?? 0);
  const yearPt = estimate.pt + BigInt((imported?.pt ?? 0) + previous.pt);
  const deductions: Record<string, Paise> = {};
  for (const l of lines) deductions[l.section] = BigInt(l.amount);
  // The old regime's senior citizens' slabs by the age reached in the year; 80CCD(2) capped on the year's basic + DA.
  const [born] = await queryRows<{ dob: string }>(db, sql`select date_of_birth::text as dob from employees where id = ${e.id}`);
  const compare = (regime: TaxRegime) => {
    const p = incomeTaxParametersFor(tables, fy, regime);
    if (!p) return null;
    const known = Object.fromEntries(Object.entries(deductions).filter(([k]) => k in p.deductions.sections));
    return computeTaxView(p, {
      grossSalary: yearSalary,
      exemptions: yearExempt,
      professionalTax: yearPt,
      otherIncome: BigInt(otherIncome),
      deductions: known,
      basicAndDa: estimate.basicDa,
      age: born ? taxAgeInYear(born.dob, fy) : undefined,
    });
  };
  const views = { new: compare('new'), old: compare('old') };
  // Relief under section 89 lowers the tax payable, as in the run and on Form 16 (at most the tax).
  const net = (v: TTaxComputeResult | null) => (v ? toRupees(Math.max(Number(toPaise(v.totalTax)) - relief89, 0)) : null);
  return {
    employeeId: e.id,
    employeeCode: e.code,
    employeeName: e.name,
    financialYear: fy,
    declared: !!d,
    regime: (d?.regime ?? 'new') as TaxRegime,
    rentPerMonth: toRupees(rent),
    metro,
    rentProved: d?.rentProved ?? false,
    previousEmployerIncome: toRupees(prevIncome),
    previousEmployerTds: toRupees(d?.previousEmployerTds ?? 0),
    otherIncome: toRupees(otherIncome),
    relief89: toRupees(relief89),
    lines: lines.map((l) => ({
      section: l.section as TTaxDeclaration['lines'][number]['section'],
      amount: toRupees(l.amount),
      proved: l.proved,
      provedAt: l.provedAt?.toISOString() ?? null,
      proofFileName: l.proofFileName,
    })),
    proofCutoff: cutoff,
    afterCutoff: proofWindowClosed(cutoff),
    comparison: {
      estimatedAnnualSalary: toRupees(yearSalary),
      hraExemption: toRupees(yearExempt),
      professionalTax: toRupees(yearPt),
      otherIncome: toRupees(otherIncome),
      relief89: toRupees(relief89),
      netTax: { new: net(views.new), old: net(views.old) },
      new: views.new,
      old: views.old,
    },
  };
}
