// Each unit's salary account: the debit account of the bank file and the advice letter's addressee.
import type { TUnitBankAccount, ZUnitBankAccountInput } from '@hr/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { unitBankAccounts, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';

const ACCOUNT = {
  unitId: unitBankAccounts.unitId,
  accountNo: unitBankAccounts.accountNo,
  ifsc: unitBankAccounts.ifsc,
  bankName: unitBankAccounts.bankName,
  branch: unitBankAccounts.branch,
  branchAddress: unitBankAccounts.branchAddress,
  clientCode: unitBankAccounts.clientCode,
};

/** The salary accounts of the caller's units, by unit. */
export async function listUnitAccounts(db: Db, auth: AuthContext): Promise<TUnitBankAccount[]> {
  return db.select(ACCOUNT).from(unitBankAccounts).where(unitScope(auth, unitBankAccounts.unitId)).orderBy(unitBankAccounts.unitId);
}

/** Sets a unit's salary account (audited as a create or an update); 404 outside the caller's units. */
export async function setUnitAccount(
  db: Db,
  auth: AuthContext,
  unitId: number,
  b: z.infer<typeof ZUnitBankAccountInput>,
  requestId: string,
): Promise<TUnitBankAccount> {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit || !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const values = {
    ...b,
    branchAddress: b.branchAddress ?? null,
    clientCode: b.clientCode ?? null,
    updatedAt: new Date(),
    updatedBy: auth.userId,
  };
  const [before] = await db.select().from(unitBankAccounts).where(eq(unitBankAccounts.unitId, unitId));
  const [row] = await db
    .insert(unitBankAccounts)
    .values({ unitId, ...values, createdBy: auth.userId })
    .onConflictDoUpdate({ target: unitBankAccounts.unitId, set: values })
    .returning();
  await writeAudit(db, {
    entity: 'unit_bank_accounts',
    entityId: unitId,
    action: before ? 'update' : 'create',
    before,
    after: row,
    userId: auth.userId,
    requestId,
  });
  return {
    unitId: row.unitId,
    accountNo: row.accountNo,
    ifsc: row.ifsc,
    bankName: row.bankName,
    branch: row.branch,
    branchAddress: row.branchAddress,
    clientCode: row.clientCode,
  };
}
