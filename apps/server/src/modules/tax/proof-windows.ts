// The proof cut-off of each financial year (tax_proof_windows): after it an employee no longer changes the
// declaration or its proofs, and salary months starting after it count proved claims only (declarations.ts).
import type { TTaxProofWindow } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { taxProofWindows } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../access/context';

/** Every financial year that has a cut-off, newest first. */
export function proofWindows(db: Db): Promise<{ financialYear: string; proofCutoff: string }[]> {
  return queryRows<{ financialYear: string; proofCutoff: string }>(
    db,
    sql`select financial_year as "financialYear", proof_cutoff::text as "proofCutoff" from tax_proof_windows
        where is_active order by financial_year desc`,
  );
}

/** Sets (or sets again) a financial year's cut-off. */
export async function saveProofWindow(db: Db, auth: AuthContext, b: TTaxProofWindow, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(taxProofWindows)
      .values({
        financialYear: b.financialYear,
        proofCutoff: b.proofCutoff,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .onConflictDoUpdate({
        target: taxProofWindows.financialYear,
        set: { proofCutoff: b.proofCutoff, isActive: true, updatedAt: new Date(), updatedBy: auth.userId },
      })
      .returning();
    await writeAudit(tx, {
      entity: 'tax_proof_windows',
      entityId: saved.id,
      action: 'update',
      after: saved,
      userId: auth.userId,
      requestId,
    });
  });
}
