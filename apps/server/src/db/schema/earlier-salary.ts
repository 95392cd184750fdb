import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { employees } from './employees';

// Going live mid-year (issue 26): an employee's salary of the financial year before the product paid it — from this
// employer (months, or a year-to-date total with the months it covers) and from a previous employer (Form 12B) — so
// the TDS of the remaining months, the regime comparison, Form 16 / 130 and the tax registers see the whole year.
// Money in paise.

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const earlierSalaries = pgTable(
  'earlier_salaries',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** '2026-27' */
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    /** 'YYYY-MM' .. 'YYYY-MM' paid by this employer outside the product; both null: a row of previous-employer figures only. */
    fromMonth: char('from_month', { length: 7 }),
    toMonth: char('to_month', { length: 7 }),
    gross: paise('gross'),
    /** Exempt allowances: HRA (10(13A)), leave travel (10(5)) and others under the section named. */
    hraExempt: paise('hra_exempt'),
    ltaExempt: paise('lta_exempt'),
    otherExempt: paise('other_exempt'),
    otherExemptSection: varchar('other_exempt_section', { length: 20 }),
    pf: paise('pf'),
    pt: paise('pt'),
    tds: paise('tds'),
    /** Form 12B: the previous employer's salary, PF, PT and tax deducted in the year. */
    prevIncome: paise('prev_income'),
    prevPf: paise('prev_pf'),
    prevPt: paise('prev_pt'),
    prevTds: paise('prev_tds'),
    ...auditColumns,
  },
  (t) => [
    index('earlier_salaries_employee_year_idx').on(t.employeeId, t.financialYear),
    check('earlier_salaries_months_ck', sql`(${t.fromMonth} is null) = (${t.toMonth} is null) and ${t.fromMonth} <= ${t.toMonth}`),
    check(
      'earlier_salaries_amounts_ck',
      sql`${t.gross} >= 0 and ${t.hraExempt} >= 0 and ${t.ltaExempt} >= 0 and ${t.otherExempt} >= 0 and ${t.pf} >= 0 and ${t.pt} >= 0
        and ${t.tds} >= 0 and ${t.prevIncome} >= 0 and ${t.prevPf} >= 0 and ${t.prevPt} >= 0 and ${t.prevTds} >= 0`,
    ),
  ],
);
