// The demo organisation's payroll: default formulas, a salary structure for every employee, an advance being
// recovered, the last two months processed, approved by the units' salary approvers and locked, and this
// month's runs in draft — so /outlet/payslip works for employee1 on a fresh start.
import { addMonths, daysInMonth, parseYearMonth } from '@hr/calendar';
import { financialYearOf, instalmentPlan, toPaise } from '@hr/payroll';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  advanceInstalments,
  approvalHistory,
  approvals,
  bonusRules,
  designations,
  employees,
  payrollRuns,
  salaryAdvances,
  salaryFormulas,
  salaryStructures,
  taxDeclarationLines,
  taxDeclarations,
  unitSalaryApprovers,
  units,
  users,
} from '../../db/schema';
import { submitApproval } from '../approvals/service';
import { advanceApproval } from './advance-routes';
import { computeMonth } from './compute';
import { persistRun } from './runs';

/** Default formulas of the seeded calculative heads (codes of SEED_HEADS). */
export const SEED_FORMULAS: Record<string, string> = {
  // Overtime at twice the ordinary hourly rate (Factories Act, s. 59), an 8-hour day.
  OT: 'round((BASIC_FIXED + DA_FIXED) / MONTH_DAYS / 8 * 2 * OT_HOURS, 2)',
  // Loss of pay shown on the register (memo: earnings are already paid for payable days only).
  LWOP: 'round((BASIC_FIXED + DA_FIXED + HRA_FIXED + CONV_FIXED + MED_FIXED + SPL_FIXED) / MONTH_DAYS * LWOP_DAYS, 2)',
  NET: 'GROSS - DEDUCTIONS',
};

/**
 * The seeded heads' statutory roles: PF, ESI, PT, LWF and TDS computed by the statutory rules (dated parameters, the
 * unit's state, the employee's tax declaration), PF on basic + DA, ESI on every wage but bonus (overtime counts for contributions, not coverage).
 */
export const STATUTORY_HEADS: Record<string, 'pf_employee' | 'esi_employee' | 'pt' | 'lwf_employee' | 'tds'> = {
  PF: 'pf_employee',
  ESI: 'esi_employee',
  PT: 'pt',
  LWF: 'lwf_employee',
  TDS: 'tds',
};
export const PF_WAGE_HEADS = ['BASIC', 'DA'];
export const ESI_WAGE_HEADS = ['BASIC', 'DA', 'HRA', 'CONV', 'MED', 'SPL', 'OT', 'ARREARS'];

async function markStatutoryHeads(db: Db): Promise<void> {
  await db.execute(sql`update earning_deductions h set statutory = v.kind
    from (select key as code, value as kind from jsonb_each_text(${JSON.stringify(STATUTORY_HEADS)}::jsonb)) v
    where upper(h.code) = v.code and not h.is_earning and h.statutory is null
      and not exists (select 1 from earning_deductions o where o.statutory = v.kind and o.is_active)`);
  await db.execute(sql`update earning_deductions set is_pf_wage = true
    where upper(code) in (select jsonb_array_elements_text(${JSON.stringify(PF_WAGE_HEADS)}::jsonb))`);
  await db.execute(sql`update earning_deductions set is_esi_wage = true
    where upper(code) in (select jsonb_array_elements_text(${JSON.stringify(ESI_WAGE_HEADS)}::jsonb))`);
}

/**
 * The seeded earnings' class under the Labour Codes (Code on Wages s.2(y)), as migration 0036 classed the heads of an
 * installation: PF wages are wages, overtime, HRA, conveyance and bonus their clauses, arrears outside the month's
 * test, the other allowances (medical, special) counted in the 50 % test.
 */
async function classifyEarnings(db: Db): Promise<void> {
  await db.execute(sql`update earning_deductions set wage_class = case
      when is_pf_wage then 'wages' when is_over_time_head then 'overtime' when upper(code) = 'HRA' then 'hra'
      when upper(code) in ('CONV', 'CONVEYANCE', 'CA', 'TA') then 'conveyance' when upper(code) = 'BONUS' then 'bonus'
      when upper(code) in ('COMM', 'COMMISSION') then 'commission' when upper(code) = 'ARREARS' then 'outside'
      else 'allowance' end
    where is_earning and not is_net_pay_head and not is_total_lwop_head and wage_class is null`);
}

/** Monthly basic (rupees) by designation code; the rest of the structure follows from it. */
const BASIC_BY_DESIGNATION: Record<string, number> = {
  DIR: 95000,
  GM: 72000,
  HRM: 48000,
  ACM: 46000,
  PRF: 52000,
  SWE: 38000,
  ASP: 34000,
  HRE: 24000,
  ACE: 22000,
  STN: 17500,
  ADE: 15000,
  OFA: 9800,
};

const head = (code: string, heads: { id: number; code: string }[]) => heads.find((h) => h.code.toUpperCase() === code)?.id;

/**
 * The statutory bonus thresholds every installation needs, each with its source: the Payment of Bonus Act's since the
 * 2015 amendment (eligible up to ₹21,000 a month; computed on ₹7,000 or the minimum wage where higher; 30 days; 8.33 %
 * to 20 %), then the Code on Wages s.26 from the accounting year it took effect in (the same amounts, ₹100 minimum).
 * Rows already there are kept (an employer's change stays).
 */
export async function ensureBonusRules(db: Db): Promise<void> {
  await db
    .insert(bonusRules)
    .values([
      {
        effectiveFrom: '2015-04',
        eligibilityCeiling: 2_100_000,
        calculationCeiling: 700_000,
        source:
          'Payment of Bonus Act 1965 ss.2(13), 12 as amended by the Payment of Bonus (Amendment) Act 2015 (in force from 1 Apr 2014): ' +
          'eligible up to ₹21,000 a month, computed on ₹7,000 or the minimum wage where higher; ss.10, 11: 8.33 % to 20 %.',
      },
      {
        effectiveFrom: '2025-11',
        eligibilityCeiling: 2_100_000,
        calculationCeiling: 700_000,
        minimumBonus: 10_000,
        source:
          'Code on Wages 2019 Part IV, in force 21 Nov 2025 (S.O. 5322(E)); it repealed the Payment of Bonus Act (s.69): s.26(1) ' +
          'eligible when drawing wages up to the amount notified (₹21,000 a month, carried over) with 30 days worked, minimum ' +
          'bonus 8.33 % of wages or ₹100; s.26(2) computed on the notified amount (₹7,000) or the minimum wage, whichever is ' +
          'higher; s.26(3) at most 20 %; s.27 reduced for part of the year; wages as s.2(y).',
      },
    ])
    .onConflictDoNothing();
}

/**
 * The PF and ESIC codes of the units as establishments, one per code covering every unit that has it (as migration
 * 0039 made them for an installation's units); a unit already under an establishment of the kind is left.
 */
export async function seedEstablishments(db: Db): Promise<void> {
  await db.execute(sql`insert into statutory_establishments (kind, code, name)
    select distinct on (k.kind, upper(k.code)) k.kind, upper(k.code), left(k.name, 120)
    from (select 'pf' as kind, trim(pf_registration_no) as code, name, id from units where nullif(trim(pf_registration_no), '') is not null
          union all
          select 'esi', trim(esi_registration_no), name, id from units where nullif(trim(esi_registration_no), '') is not null) k
    order by k.kind, upper(k.code), k.id
    on conflict do nothing`);
  await db.execute(sql`insert into statutory_establishment_units (establishment_id, unit_id)
    select e.id, u.id from units u join statutory_establishments e
      on (e.kind = 'pf' and upper(e.code) = upper(trim(u.pf_registration_no))) or (e.kind = 'esi' and upper(e.code) = upper(trim(u.esi_registration_no)))
    where not exists (select 1 from statutory_establishment_units l join statutory_establishments o on o.id = l.establishment_id
                      where l.unit_id = u.id and o.kind = e.kind)
    on conflict do nothing`);
}

export async function seedPayroll(db: Db, today: string): Promise<void> {
  await ensureBonusRules(db);
  await seedEstablishments(db);
  const [done] = await db.select({ id: payrollRuns.id }).from(payrollRuns).limit(1);
  if (done) return;
  await markStatutoryHeads(db);
  await classifyEarnings(db);
  const heads = await db
    .execute(sql`select id, code from earning_deductions`)
    .then((r) => (r as unknown as { rows: { id: number; code: string }[] }).rows);
  const formulas = Object.entries(SEED_FORMULAS)
    .map(([code, formula]) => ({ earningDeductionId: head(code, heads), effectiveFrom: '2024-04', formula }))
    .filter((f): f is { earningDeductionId: number; effectiveFrom: string; formula: string } => f.earningDeductionId !== undefined);
  if (formulas.length) await db.insert(salaryFormulas).values(formulas).onConflictDoNothing();

  // Structures: basic by designation (varied a little by person), DA 10 %, HRA 40 %, conveyance, medical, special.
  const staff = await db
    .select({ id: employees.id, code: employees.employeeCode, designation: designations.code, joining: employees.dateOfJoining })
    .from(employees)
    .innerJoin(designations, eq(designations.id, employees.designationId))
    .orderBy(asc(employees.id));
  const ids = {
    BASIC: head('BASIC', heads),
    DA: head('DA', heads),
    HRA: head('HRA', heads),
    CONV: head('CONV', heads),
    MED: head('MED', heads),
    SPL: head('SPL', heads),
  };
  const structures = staff.map((e, i) => {
    const basic = (BASIC_BY_DESIGNATION[e.designation] ?? 20000) + (i % 5) * 750;
    const amounts: Record<string, number> = {};
    const put = (id: number | undefined, rupees: number) => {
      if (id) amounts[String(id)] = Number(toPaise(rupees));
    };
    put(ids.BASIC, basic);
    put(ids.DA, basic * 0.1);
    put(ids.HRA, basic * 0.4);
    put(ids.CONV, 1600);
    put(ids.MED, 1250);
    put(ids.SPL, Math.round(basic * 0.15));
    const joined = e.joining.slice(0, 7);
    return { employeeId: e.id, effectiveFrom: joined > '2024-04' ? joined : '2024-04', amounts };
  });
  if (structures.length) await db.insert(salaryStructures).values(structures).onConflictDoNothing();

  const [payroll] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'payroll'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
  const maker = payroll?.id ?? admin?.id;
  if (!maker) return;
  const current = today.slice(0, 7);
  const months = [addMonths(current, -2), addMonths(current, -1)];

  // An advance for employee1, paid and recovered from two months ago in six instalments.
  const [priya] = await db
    .select({ id: employees.id, unitId: employees.unitId })
    .from(employees)
    .innerJoin(users, eq(users.employeeId, employees.id))
    .where(eq(users.userName, 'employee1'));
  if (priya) {
    const plan = instalmentPlan(1_200_000, 6);
    const start = parseYearMonth(months[0]);
    await db.transaction(async (tx) => {
      const [adv] = await tx
        .insert(salaryAdvances)
        .values({
          employeeId: priya.id,
          unitId: priya.unitId,
          advanceAmount: 1_200_000,
          noOfEMIs: 6,
          monthlyEMI: plan[0],
          effectiveMonth: start.month,
          effectiveYear: start.year,
          remarks: 'Medical expenses',
          payModeId: 2,
          status: 'paid',
          paidAt: new Date(),
          createdBy: maker,
        })
        .returning();
      await tx
        .insert(advanceInstalments)
        .values(plan.map((amount, i) => ({ advanceId: adv.id, seq: i + 1, dueMonth: addMonths(months[0], i), amount })));
      const a = await submitApproval(tx, advanceApproval, {
        subjectId: adv.id,
        employeeId: priya.id,
        unitId: priya.unitId,
        requestedBy: maker,
        remark: 'Medical expenses',
      });
      await tx.update(approvals).set({ state: 'approved', decidedAt: new Date() }).where(eq(approvals.id, a.id));
      const approver = await firstApprover(tx as unknown as Db, priya.unitId, 1);
      await tx
        .insert(approvalHistory)
        .values({ approvalId: a.id, level: 1, action: 'approved', actorId: approver ?? admin.id, remark: null });
      await tx.update(salaryAdvances).set({ approvalId: a.id }).where(eq(salaryAdvances.id, adv.id));
    });
  }

  await seedTaxDeclaration(db, structures, [...months, current], maker);

  const unitRows = await db.select({ id: units.id }).from(units).orderBy(asc(units.id));
  for (const ym of [...months, current]) {
    const { year, month } = parseYearMonth(ym);
    for (const u of unitRows) {
      const [run] = await db.insert(payrollRuns).values({ unitId: u.id, year, month, createdBy: maker }).returning();
      if (ym === current) continue;
      const m = await computeMonth(db, u.id, year, month, { runId: run.id });
      await db.transaction(async (tx) => {
        await persistRun(tx, run, m, maker, null);
        const [r] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, run.id));
        if (!r.approvalId) return;
        const [a] = await tx.select().from(approvals).where(eq(approvals.id, r.approvalId));
        for (let level = 1; level <= a.levels; level++) {
          const approver = await firstApprover(tx as unknown as Db, u.id, level);
          await tx
            .insert(approvalHistory)
            .values({ approvalId: a.id, level, action: 'approved', actorId: approver ?? admin.id, remark: null });
        }
        await tx.update(approvals).set({ state: 'approved', level: a.levels, decidedAt: new Date() }).where(eq(approvals.id, a.id));
        await tx
          .update(payrollRuns)
          // wages credited on the last day of the month (the date of payment in Form B and 24Q)
          .set({
            status: 'locked',
            lockedAt: new Date(),
            lockedBy: admin?.id ?? maker,
            paidOn: `${ym}-${String(daysInMonth(year, month)).padStart(2, '0')}`,
          })
          .where(eq(payrollRuns.id, run.id));
      });
    }
  }
}

async function firstApprover(db: Db, unitId: number, level: number): Promise<number | undefined> {
  const [r] = await db
    .select({ userId: unitSalaryApprovers.userId })
    .from(unitSalaryApprovers)
    .where(and(eq(unitSalaryApprovers.unitId, unitId), eq(unitSalaryApprovers.level, level)))
    .limit(1);
  return r?.userId;
}

/**
 * The best-paid demo employee (not a demo sign-in's, whose payslips the tests compare) declares for the seeded
 * months' financial years: the old regime, rent in a metro, 80C and 80D — so the runs deduct TDS on a declaration.
 */
async function seedTaxDeclaration(
  db: Db,
  structures: { employeeId: number; amounts: Record<string, number> }[],
  months: string[],
  maker: number,
): Promise<void> {
  const demoUsers = await db.select({ employeeId: users.employeeId }).from(users);
  const skip = new Set(demoUsers.map((u) => u.employeeId));
  const total = (a: Record<string, number>) => Object.values(a).reduce((x, y) => x + y, 0);
  const top = structures.filter((s) => !skip.has(s.employeeId)).sort((a, b) => total(b.amounts) - total(a.amounts))[0];
  if (!top) return;
  const years = [...new Set(months.map((ym) => financialYearOf(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)))))];
  for (const financialYear of years) {
    const [d] = await db
      .insert(taxDeclarations)
      .values({ employeeId: top.employeeId, financialYear, regime: 'old', rentPerMonth: 2_500_000, metro: true, createdBy: maker })
      .onConflictDoNothing()
      .returning();
    if (!d) continue;
    await db.insert(taxDeclarationLines).values([
      { declarationId: d.id, section: '80C', amount: 15_000_000 },
      { declarationId: d.id, section: '80D', amount: 2_500_000 },
    ]);
  }
}
