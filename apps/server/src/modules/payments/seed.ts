// The payments area's data: the built-in bank file layouts (also written on every start, ensureBankLayouts) and, for
// the demo organisation, a salary account per unit so the bank layouts and the advice letter work out of the box.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { unitBankAccounts } from '../../db/schema';
import { ensureBankLayouts } from './layouts';

const DEMO_ACCOUNTS: Record<
  string,
  { accountNo: string; ifsc: string; bankName: string; branch: string; branchAddress: string; clientCode: string }
> = {
  'HO-BLR': {
    accountNo: '50200012345678',
    ifsc: 'HDFC0000053',
    bankName: 'HDFC Bank',
    branch: 'Jayanagar',
    branchAddress: '9th Block, Jayanagar, Bengaluru 560069',
    clientCode: 'HRDEMO',
  },
  'BR-CHN': {
    accountNo: '50200087654321',
    ifsc: 'HDFC0000082',
    bankName: 'HDFC Bank',
    branch: 'T Nagar',
    branchAddress: 'Usman Road, T Nagar, Chennai 600017',
    clientCode: 'HRDEMO',
  },
};

export async function seedPayments(db: Db): Promise<void> {
  await ensureBankLayouts(db);
  const units = await queryRows<{ id: number; code: string }>(db, sql`select id, code from units order by id`);
  for (const u of units) {
    const account = DEMO_ACCOUNTS[u.code] ?? {
      accountNo: `5020009${String(u.id).padStart(7, '0')}`,
      ifsc: 'HDFC0000240',
      bankName: 'HDFC Bank',
      branch: 'Saraswathipuram',
      branchAddress: 'Saraswathipuram, Mysuru 570009',
      clientCode: 'HRDEMO',
    };
    await db
      .insert(unitBankAccounts)
      .values({ unitId: u.id, ...account })
      .onConflictDoNothing();
  }
}
