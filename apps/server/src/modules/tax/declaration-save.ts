// Saving an income-tax declaration (the employee's own until the year's proof cut-off, a payroll user's for the
// employees of their units at any time) and marking its lines and rent proved. Each answers the declaration as the
// screen shows it (declaration-view.ts).
import type { TTaxDeclaration, ZTaxDeclarationInput, ZTaxProofsInput } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { taxDeclarationLines, taxDeclarations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { AuthContext } from '../access/context';
import { declarationView, employeeFor, ownEmployee, type Who } from './declaration-view';
import { proofCutoff } from './declarations';
import { proofWindowClosed } from './proofs';

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

/** Deletes stored proof files after the commit that let go of them (a file already gone is no matter). */
const dropFiles = (storage: FileStorage, keys: string[]) => Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));

/** The caller's own declaration saved (409 after the year's proof cut-off). */
export async function saveOwnDeclaration(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  input: DeclarationInput,
  requestId: string,
): Promise<TTaxDeclaration> {
  const e = await ownEmployee(db, auth);
  const cutoff = await proofCutoff(db, input.financialYear);
  if (proofWindowClosed(cutoff)) {
    throw new Conflict(`The proof window of ${input.financialYear} closed on ${cutoff}: ask payroll to change the declaration`);
  }
  await dropFiles(storage, await saveDeclaration(db, auth, e, input, requestId));
  return declarationView(db, e, input.financialYear);
}

/** An employee's declaration saved by a payroll user (also after the proof cut-off). */
export async function saveEmployeeDeclaration(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  employeeId: number,
  input: DeclarationInput,
  requestId: string,
): Promise<TTaxDeclaration> {
  const e = await employeeFor(db, auth, employeeId);
  await dropFiles(storage, await saveDeclaration(db, auth, e, input, requestId));
  return declarationView(db, e, input.financialYear);
}

/** Declared lines (and the rent) marked proved or not (400 for a year without a declaration or a section not declared). */
export async function markProofs(
  db: Db,
  auth: AuthContext,
  employeeId: number,
  b: z.output<typeof ZTaxProofsInput>,
  requestId: string,
): Promise<TTaxDeclaration> {
  const e = await employeeFor(db, auth, employeeId);
  await db.transaction(async (tx) => {
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
        .set(l.proved ? { proved: true, provedBy: auth.userId, provedAt: now } : { proved: false, provedBy: null, provedAt: null })
        .where(and(eq(taxDeclarationLines.declarationId, d.id), eq(taxDeclarationLines.section, l.section)));
    }
    if (b.rentProved !== undefined) await tx.update(taxDeclarations).set({ rentProved: b.rentProved }).where(eq(taxDeclarations.id, d.id));
    await writeAudit(tx, {
      entity: 'tax_declarations',
      entityId: d.id,
      action: 'proofs',
      after: { rentProved: b.rentProved, lines: b.lines },
      userId: auth.userId,
      requestId,
    });
  });
  return declarationView(db, e, b.financialYear);
}
