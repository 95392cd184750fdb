import type { TFinancialYear } from '@hr/contract';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { financialYears } from '../../db/schema';
import { financialYearOf, financialYearStarting } from '../../lib/time';

/**
 * Makes sure the financial year containing `today` and the `previous` years before it exist, and marks
 * the one containing today as current (idempotent; run by the seed and at every start).
 */
export async function ensureFinancialYears(db: Db, today: string, previous = 2): Promise<void> {
  const current = financialYearOf(today);
  const spans = [];
  for (let y = current.startYear - previous; y <= current.startYear; y++) spans.push(financialYearStarting(y));
  await db
    .insert(financialYears)
    .values(spans.map((s) => ({ name: s.name, startDate: s.startDate, endDate: s.endDate })))
    .onConflictDoNothing({ target: financialYears.name });
  await db.update(financialYears).set({ isCurrent: sql`${financialYears.name} = ${current.name}` });
}

/** Newest first; `isCurrent` is the year containing today (by the organisation's date). */
export async function listFinancialYears(db: Db, today: string): Promise<TFinancialYear[]> {
  const rows = await db
    .select({
      id: financialYears.id,
      name: financialYears.name,
      startDate: financialYears.startDate,
      endDate: financialYears.endDate,
      isCurrent: financialYears.isCurrent,
    })
    .from(financialYears)
    .where(sql`${financialYears.isActive}`)
    .orderBy(desc(financialYears.startDate));
  const containing = rows.find((r) => r.startDate <= today && today <= r.endDate);
  // The stored flag can lag behind the calendar (a new year began since the last start); the date wins.
  return containing ? rows.map((r) => ({ ...r, isCurrent: r.id === containing.id })) : rows;
}
