// The layouts an administrator adds or retires (audited); the built-in ones stay (layouts.ts).
import type { TBankLayout, ZBankLayoutInput } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { bankFileLayouts } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Forbidden, NotFound } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { layoutView } from './layouts';

/** Adds a bank's file layout (administrators only). */
export async function addLayout(db: Db, auth: AuthContext, b: z.infer<typeof ZBankLayoutInput>, requestId: string): Promise<TBankLayout> {
  if (!auth.isAdmin) throw new Forbidden('Only an administrator adds a bank file layout');
  const [row] = await db
    .insert(bankFileLayouts)
    .values({ ...b, bankName: b.bankName ?? null, source: b.source ?? null, createdBy: auth.userId, updatedBy: auth.userId })
    .returning();
  await writeAudit(db, { entity: 'bank_file_layouts', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
  return layoutView(row);
}

/** Retires a layout an administrator added (administrators only; 404 for a built-in, retired or missing one). */
export async function retireLayout(db: Db, auth: AuthContext, id: number, requestId: string): Promise<void> {
  if (!auth.isAdmin) throw new Forbidden('Only an administrator retires a bank file layout');
  const [row] = await db
    .update(bankFileLayouts)
    .set({ isActive: false, updatedAt: new Date(), updatedBy: auth.userId })
    .where(and(eq(bankFileLayouts.id, id), eq(bankFileLayouts.isBuiltIn, false), eq(bankFileLayouts.isActive, true)))
    .returning({ id: bankFileLayouts.id });
  if (!row) throw new NotFound('Bank file layout not found');
  await writeAudit(db, { entity: 'bank_file_layouts', entityId: row.id, action: 'delete', userId: auth.userId, requestId });
}
