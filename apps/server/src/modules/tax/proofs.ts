// Proof files of an income-tax declaration's lines (issue 13). An employee attaches a file — PDF, JPEG or PNG by its
// content, at most the installation's UPLOAD_MAX_MB — to a section of their own declaration until the year's proof
// cut-off (a new file takes back the line's proved mark: payroll looks again); payroll users attach, read and remove
// the proofs of the employees of their units at any time, when marking lines proved. One file a line, kept in the
// one file storage (lib/storage, read by the employee documents' upload reader); the line keeps its key and name.
// Another employee's proof answers 404, as a record the caller cannot reach.
import { type DECLARATION_SECTIONS, MENU } from '@hr/contract';
import { financialYearOf } from '@hr/payroll';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { employees, taxDeclarationLines, taxDeclarations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type FileStorage, newKey } from '../../lib/storage';
import type { Upload } from '../../lib/upload';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { proofCutoff } from './declarations';

/** The kinds of file a proof may be (by content). */
export const PROOF_KINDS = ['pdf', 'jpg', 'png'] as const;
const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** A declared section of one employee's declaration for a financial year. */
export type ProofTarget = { employeeId: number; section: (typeof DECLARATION_SECTIONS)[number]; financialYear: string };

/** The financial year of the organisation's today. */
export function currentFinancialYear(now: Date = new Date()): string {
  const d = orgToday(now);
  return financialYearOf(Number(d.slice(0, 4)), Number(d.slice(5, 7)));
}

/**
 * Whether the year's proof window has closed at `now` (the clock by default): the cut-off is the last day of the
 * organisation's calendar on which an employee may still attach proofs or change the declaration, so it closes
 * at the organisation's midnight, not UTC's (5½ hours late in India).
 */
export function proofWindowClosed(cutoff: string | null, now: Date = new Date()): boolean {
  return cutoff !== null && orgToday(now) > cutoff;
}

/**
 * Whom the caller acts as for an employee's proofs: the employee themself (the declaration screen's action) or
 * a payroll user (the salary process's action, within their units). Someone else's employee is 404.
 */
async function proofAccess(db: Db, auth: AuthContext, employeeId: number, action: 'view' | 'edit') {
  const [e] = await db.select({ id: employees.id, unitId: employees.unitId }).from(employees).where(eq(employees.id, employeeId));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  if (await hasAction(db, auth, MENU.salaryProcess, action)) return { employeeId: e.id, asEmployee: false };
  if (auth.employeeId === e.id) {
    if (await hasAction(db, auth, MENU.taxDeclaration, action)) return { employeeId: e.id, asEmployee: true };
    throw new Forbidden('Your role may not do this');
  }
  // Someone else's: a payroll viewer lacks the action (403); to anyone else the record is not there.
  if (action === 'edit' && (await hasAction(db, auth, MENU.salaryProcess, 'view'))) throw new Forbidden('Your role may not change proofs');
  throw new NotFound('Employee not found');
}

/** The declared line of a section (400 when the year has no declaration or the section is not declared). */
async function declaredLine(db: Db | Tx, employeeId: number, financialYear: string, section: string) {
  const [line] = await db
    .select({ id: taxDeclarationLines.id, key: taxDeclarationLines.proofFileKey, name: taxDeclarationLines.proofFileName })
    .from(taxDeclarationLines)
    .innerJoin(taxDeclarations, eq(taxDeclarations.id, taxDeclarationLines.declarationId))
    .where(
      and(
        eq(taxDeclarations.employeeId, employeeId),
        eq(taxDeclarations.financialYear, financialYear),
        eq(taxDeclarations.isActive, true),
        eq(taxDeclarationLines.section, section),
      ),
    );
  if (!line)
    throw new BadRequest(`${section} is not declared for ${financialYear}`, { section: ['Declare an amount for this section first'] });
  return line;
}

/** The employee's own proofs close with the year's proof window (409 after the cut-off); payroll users' never do. */
async function assertWindowOpen(db: Db, who: { asEmployee: boolean }, fy: string, after: string) {
  if (!who.asEmployee) return;
  const cutoff = await proofCutoff(db, fy);
  if (proofWindowClosed(cutoff)) throw new Conflict(`The proof window of ${fy} closed on ${cutoff}${after}`);
}

/**
 * Attaches the proof of a declared section, read only once the caller may: a new file replaces the line's (deleted
 * after the commit) and, from the employee, takes back the line's proved mark.
 */
export async function attachProof(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  target: ProofTarget,
  read: () => Promise<Upload>,
  requestId: string,
): Promise<{ section: ProofTarget['section']; fileName: string; sizeBytes: number }> {
  const { section } = target;
  const who = await proofAccess(db, auth, target.employeeId, 'edit');
  const fy = target.financialYear;
  await assertWindowOpen(db, who, fy, ': hand the proof to payroll');
  await declaredLine(db, who.employeeId, fy, section);
  const file = await read();
  const key = newKey(`employees/${who.employeeId}/tax-proofs`, file.ext);
  await storage.put(key, file.buffer);
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const line = await declaredLine(tx, who.employeeId, fy, section);
      await tx
        .update(taxDeclarationLines)
        .set({
          proofFileKey: key,
          proofFileName: file.fileName,
          ...(who.asEmployee ? { proved: false, provedBy: null, provedAt: null } : {}),
        })
        .where(eq(taxDeclarationLines.id, line.id));
      await writeAudit(tx, {
        entity: 'tax_declaration_lines',
        entityId: line.id,
        action: 'proof',
        before: { proofFileName: line.name },
        after: { section, proofFileName: file.fileName, sizeBytes: file.buffer.length, mimeType: file.mime },
        userId: auth.userId,
        requestId,
      });
      return line.key;
    });
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
  if (replaced) await storage.delete(replaced).catch(() => {});
  return { section, fileName: file.fileName, sizeBytes: file.buffer.length };
}

/** The stored proof of a declared section: its key, type and name (404 without one, or out of reach). */
export async function proofFile(db: Db, auth: AuthContext, target: ProofTarget): Promise<{ key: string; mime: string; fileName: string }> {
  const who = await proofAccess(db, auth, target.employeeId, 'view');
  const line = await declaredLine(db, who.employeeId, target.financialYear, target.section).catch(() => null);
  if (!line?.key) throw new NotFound('No proof is attached to this section');
  const ext = line.key.split('.').pop();
  return {
    key: line.key,
    mime: MIME[ext ?? ''] ?? 'application/octet-stream',
    fileName: line.name ?? `Proof ${target.section}.${ext}`,
  };
}

/** Removes the proof of a declared section and its proved mark; the stored file goes after the commit. */
export async function removeProof(db: Db, storage: FileStorage, auth: AuthContext, target: ProofTarget, requestId: string): Promise<void> {
  const { section } = target;
  const who = await proofAccess(db, auth, target.employeeId, 'edit');
  const fy = target.financialYear;
  await assertWindowOpen(db, who, fy, '');
  const line = await declaredLine(db, who.employeeId, fy, section);
  if (!line.key) throw new NotFound('No proof is attached to this section');
  await db.transaction(async (tx) => {
    await tx
      .update(taxDeclarationLines)
      .set({ proofFileKey: null, proofFileName: null, proved: false, provedBy: null, provedAt: null })
      .where(eq(taxDeclarationLines.id, line.id));
    await writeAudit(tx, {
      entity: 'tax_declaration_lines',
      entityId: line.id,
      action: 'proof-removed',
      before: { section, proofFileName: line.name },
      userId: auth.userId,
      requestId,
    });
  });
  await storage.delete(line.key).catch(() => {});
}
