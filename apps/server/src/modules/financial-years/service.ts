import { financialYearOf, financialYearStarting } from '@hr/calendar';
import type { TFinancialYear } from '@hr/contract';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { financialYears } from '../../db/schema';

/**
 * Makes sure the financial year containing `today` and the `previous` years before it exist, and marks
 * the one containing today as current (idempotent; run by the seed, at every start, and by
 * listFinancialYears once a new year has begun).
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

/**
 * Newest first; `isCurrent` is the year containing today (by the organisation's date). When no year
 * contains today (the server has run since before 1 April), the new year is created first.
 */
export async function listFinancialYears(db: Db, today: string): Promise<TFinancialYear[]> {
  const read = () =>
    db
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
  const contains = (r: { startDate: string; endDate: string }) => r.startDate <= today && today <= r.endDate;
  let rows = await read();
  if (!rows.some(contains)) {
    await ensureFinancialYears(db, today);
    rows = await read();
  }
  const containing = rows.find(contains);
  // The stored flag can lag behind the calendar (a new year began since the last start); the date wins.
  return containing ? rows.map((r) => ({ ...r, isCurrent: r.id === containing.id })) : rows;
}
