// Income-tax declarations (issue 13): an employee reads and saves their own for a financial year (until the year's
// proof cut-off); payroll users read, save and mark proofs for the employees of their units (an employee outside
// them is 404); the proof cut-off per year. Each answer carries the regime comparison: the tax under both regimes
// on the year's estimated salary, worked out by the calculator's own function (computeTaxView).
import {
  MENU,
  type TTaxComputeResult,
  type TTaxDeclaration,
  ZIdText,
  ZTaxDeclaration,
  ZTaxDeclarationInput,
  ZTaxDeclarationQuery,
  ZTaxProofsInput,
  ZTaxProofWindow,
} from '@hr/contract';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { employees, taxDeclarationLines, taxDeclarations, taxProofWindows } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { createStorage } from '../../lib/storage';
import { type AuthContext, canReachRecord } from '../access/context';
import { loadStatutoryTables } from '../statutory/parameters';
import { computeTaxView } from '../statutory/routes';
import { proofCutoff } from './declarations';
import { earlierSalaryTotals, previousEmployerOf } from './earlier-salary';
import { currentFinancialYear, proofWindowClosed, taxProofRoutes } from './proofs';

type Who = { id: number; code: string; name: string; unitId: number };

async function employeeFor(db: Db, auth: AuthContext, id: number): Promise<Who> {
  const [e] = await db
    .select({ id: employees.id, code: employees.employeeCode, name: employees.name, unitId: employees.unitId })
    .from(employees)
    .where(eq(employees.id, id));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  return e;
}

async function self(db: Db, auth: AuthContext): Promise<Who> {
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

async function declarationView(db: Db, e: Who, fy: string): Promise<TTaxDeclaration> {
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
  const net = (v: TTaxComputeResult | null) => (v ? toRupees(Math.max(Math.round(v.totalTax * 100) - relief89, 0)) : null);
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

type DeclarationInput = z.output<typeof ZTaxDeclarationInput>;

/**
 * Saves a declaration (lines replaced; a line whose amount changes loses its proved mark but keeps its proof file).
 * Answers the stored proof files of the sections no longer declared, for the caller to delete after the commit.
 */
async function saveDeclaration(db: Db, auth: AuthContext, e: Who, input: DeclarationInput, requestId: string): Promise<string[]> {
  return db.transaction(async (tx: Tx) => {
    const values = {
      regime: input.regime,
      rentPerMonth: Number(toPaise(input.rentPerMonth)),
      metro: input.metro,
      previousEmployerIncome: Number(toPaise(input.previousEmployerIncome)),
      previousEmployerTds: Number(toPaise(input.previousEmployerTds)),
      otherIncome: Number(toPaise(input.otherIncome)),
      relief89: Number(toPaise(input.relief89)),
      updatedAt: new Date(),
      updatedBy: auth.userId,
      isActive: true,
    };
    const [before] = await tx
      .select()
      .from(taxDeclarations)
      .where(and(eq(taxDeclarations.employeeId, e.id), eq(taxDeclarations.financialYear, input.financialYear)))
      .for('update');
    const rentChanged = before && (before.rentPerMonth !== values.rentPerMonth || before.metro !== values.metro);
    const [saved] = before
      ? await tx
          .update(taxDeclarations)
          .set({ ...values, ...(rentChanged ? { rentProved: false } : {}) })
          .where(eq(taxDeclarations.id, before.id))
          .returning()
      : await tx
          .insert(taxDeclarations)
          .values({ ...values, employeeId: e.id, financialYear: input.financialYear, createdBy: auth.userId })
          .returning();
    const old = before ? await tx.select().from(taxDeclarationLines).where(eq(taxDeclarationLines.declarationId, saved.id)) : [];
    const oldBy = new Map(old.map((l) => [l.section, l]));
    await tx.delete(taxDeclarationLines).where(eq(taxDeclarationLines.declarationId, saved.id));
    const lines = input.lines
      .filter((l) => l.amount > 0)
      .map((l) => {
        const amount = Number(toPaise(l.amount));
        const prior = oldBy.get(l.section);
        const keep = prior && prior.amount === amount;
        return {
          declarationId: saved.id,
          section: l.section,
          amount,
          proved: keep ? prior.proved : false,
          provedBy: keep ? prior.provedBy : null,
          provedAt: keep ? prior.provedAt : null,
          proofFileKey: prior?.proofFileKey ?? null,
          proofFileName: prior?.proofFileName ?? null,
        };
      });
    if (lines.length) await tx.insert(taxDeclarationLines).values(lines);
    await writeAudit(tx, {
      entity: 'tax_declarations',
      entityId: saved.id,
      action: before ? 'update' : 'create',
      before: before ? { ...before, lines: old.map((l) => ({ section: l.section, amount: l.amount, proved: l.proved })) } : undefined,
      after: { ...saved, lines: lines.map((l) => ({ section: l.section, amount: l.amount, proved: l.proved })) },
      userId: auth.userId,
      requestId,
    });
    const kept = new Set(lines.map((l) => l.proofFileKey));
    return old.flatMap((l) => (l.proofFileKey && !kept.has(l.proofFileKey) ? [l.proofFileKey] : []));
  });
}

const ZEmployeeParams = z.object({ employeeId: ZIdText }).strict();

export const taxDeclarationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const view = { menu: MENU.salaryProcess, action: 'view' } as const;
  const edit = { menu: MENU.salaryProcess, action: 'edit' } as const;
  const yearOf = (q: { financialYear?: string }) => q.financialYear ?? currentFinancialYear();
  const storage = createStorage(app.config);
  const dropFiles = (keys: string[]) => Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));

  app.get(
    '/api/payroll/tax-declarations/me',
    {
      config: { access: { menu: MENU.taxDeclaration, action: 'view' } },
      schema: {
        tags,
        summary: 'The caller’s own income-tax declaration for a financial year (default: the current one), with the regime comparison',
        querystring: ZTaxDeclarationQuery,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => declarationView(app.db, await self(app.db, request.auth), yearOf(request.query)),
  );

  app.put(
    '/api/payroll/tax-declarations/me',
    {
      config: { access: { menu: MENU.taxDeclaration, action: 'edit' } },
      schema: {
        tags,
        summary: 'Saves the caller’s own declaration (409 after the year’s proof cut-off)',
        body: ZTaxDeclarationInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => {
      const e = await self(app.db, request.auth);
      const cutoff = await proofCutoff(app.db, request.body.financialYear);
      if (proofWindowClosed(cutoff)) {
        throw new Conflict(`The proof window of ${request.body.financialYear} closed on ${cutoff}: ask payroll to change the declaration`);
      }
      await dropFiles(await saveDeclaration(app.db, request.auth, e, request.body, request.id));
      return declarationView(app.db, e, request.body.financialYear);
    },
  );

  app.get(
    '/api/payroll/tax-declarations/:employeeId',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'An employee’s income-tax declaration for a financial year (payroll users; 404 outside their units)',
        params: ZEmployeeParams,
        querystring: ZTaxDeclarationQuery,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => declarationView(app.db, await employeeFor(app.db, request.auth, request.params.employeeId), yearOf(request.query)),
  );

  app.put(
    '/api/payroll/tax-declarations/:employeeId',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Saves an employee’s declaration (payroll users, also after the proof cut-off)',
        params: ZEmployeeParams,
        body: ZTaxDeclarationInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => {
      const e = await employeeFor(app.db, request.auth, request.params.employeeId);
      await dropFiles(await saveDeclaration(app.db, request.auth, e, request.body, request.id));
      return declarationView(app.db, e, request.body.financialYear);
    },
  );

  app.post(
    '/api/payroll/tax-declarations/:employeeId/proofs',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Marks declared lines (and the rent) proved or not; after the proof cut-off only proved claims count in the run',
        params: ZEmployeeParams,
        body: ZTaxProofsInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => {
      const e = await employeeFor(app.db, request.auth, request.params.employeeId);
      const b = request.body;
      await app.db.transaction(async (tx) => {
        const [d] = await tx
          .select()
          .from(taxDeclarations)
          .where(and(eq(taxDeclarations.employeeId, e.id), eq(taxDeclarations.financialYear, b.financialYear)))
          .for('update');
        if (!d) throw new BadRequest('Nothing is declared for that year', { financialYear: ['No declaration for this year'] });
        const lines = await tx.select().from(taxDeclarationLines).where(eq(taxDeclarationLines.declarationId, d.id));
        const missing = b.lines.filter((l) => !lines.some((x) => x.section === l.section));
        if (missing.length) {
          throw new BadRequest(
            `Not declared: ${missing.map((l) => l.section).join(', ')}`,
            Object.fromEntries(missing.map((l) => [`lines.${l.section}`, ['This section is not declared']])),
          );
        }
        if (b.rentProved !== undefined && b.rentProved && d.rentPerMonth === 0) {
          throw new BadRequest('No rent is declared', { rentProved: ['No rent is declared'] });
        }
        const now = new Date();
        for (const l of b.lines) {
          await tx
            .update(taxDeclarationLines)
            .set(
              l.proved ? { proved: true, provedBy: request.auth.userId, provedAt: now } : { proved: false, provedBy: null, provedAt: null },
            )
            .where(and(eq(taxDeclarationLines.declarationId, d.id), eq(taxDeclarationLines.section, l.section)));
        }
        if (b.rentProved !== undefined)
          await tx.update(taxDeclarations).set({ rentProved: b.rentProved }).where(eq(taxDeclarations.id, d.id));
        await writeAudit(tx, {
          entity: 'tax_declarations',
          entityId: d.id,
          action: 'proofs',
          after: { rentProved: b.rentProved, lines: b.lines },
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      return declarationView(app.db, e, b.financialYear);
    },
  );

  app.get(
    '/api/payroll/tax-proof-windows',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The proof cut-off of each financial year that has one',
        response: { 200: z.array(z.object({ financialYear: z.string(), proofCutoff: z.string() })) },
      },
    },
    async () =>
      queryRows<{ financialYear: string; proofCutoff: string }>(
        app.db,
        sql`select financial_year as "financialYear", proof_cutoff::text as "proofCutoff" from tax_proof_windows
            where is_active order by financial_year desc`,
      ),
  );

  app.put(
    '/api/payroll/tax-proof-windows',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Sets a financial year’s proof cut-off: salary months starting after it count proved claims only',
        body: ZTaxProofWindow,
        response: { 200: ZTaxProofWindow },
      },
    },
    async (request) => {
      const b = request.body;
      await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(taxProofWindows)
          .values({
            financialYear: b.financialYear,
            proofCutoff: b.proofCutoff,
            createdBy: request.auth.userId,
            updatedBy: request.auth.userId,
          })
          .onConflictDoUpdate({
            target: taxProofWindows.financialYear,
            set: { proofCutoff: b.proofCutoff, isActive: true, updatedAt: new Date(), updatedBy: request.auth.userId },
          })
          .returning();
        await writeAudit(tx, {
          entity: 'tax_proof_windows',
          entityId: saved.id,
          action: 'update',
          after: saved,
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      return b;
    },
  );
  await app.register(taxProofRoutes);
};
