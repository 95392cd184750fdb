import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { users } from './core';
import { employees } from './employees';

// Income-tax declarations (issue 13, section 192): what an employee declares for a financial year — the regime,
// rent (HRA exemption), investments and deductions by section, a previous employer's salary and tax — and the
// proof cut-off of each year after which unproved claims stop counting in the salary run. Money in paise.

const paise = (name: string) => bigint(name, { mode: 'number' });

/** One employee's declaration for one financial year ('2025-26'). */
export const taxDeclarations = pgTable(
  'tax_declarations',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    /** 'new' (the default regime) | 'old'. */
    regime: varchar('regime', { length: 3 }).notNull().default('new'),
    /** Rent paid a month (section 10(13A)), and whether the rented house is in a metro (50 % rather than 40 %). */
    rentPerMonth: paise('rent_per_month').notNull().default(0),
    metro: boolean('metro').notNull().default(false),
    rentProved: boolean('rent_proved').notNull().default(false),
    /** A previous employer's salary and tax deducted in this financial year (Form 12B). */
    previousEmployerIncome: paise('previous_employer_income').notNull().default(0),
    previousEmployerTds: paise('previous_employer_tds').notNull().default(0),
    /** Income from other sources the employee reports to the employer (section 192(2B)): interest and the like. */
    otherIncome: paise('other_income').notNull().default(0),
    /** Relief under section 89 (salary arrears of earlier years, Form 10E), as claimed. */
    relief89: paise('relief_89').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('tax_declarations_employee_year_uq').on(t.employeeId, t.financialYear),
    check('tax_declarations_regime_ck', sql`${t.regime} in ('new', 'old')`),
    check(
      'tax_declarations_amounts_ck',
      sql`${t.rentPerMonth} >= 0 and ${t.previousEmployerIncome} >= 0 and ${t.previousEmployerTds} >= 0`,
    ),
    check('tax_declarations_other_ck', sql`${t.otherIncome} >= 0 and ${t.relief89} >= 0`),
  ],
);

/** A claimed deduction of a declaration by section as the Act names it ('80C', '24(b)'), with its proof. */
export const taxDeclarationLines = pgTable(
  'tax_declaration_lines',
  {
    id: idColumn(),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => taxDeclarations.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 20 }).notNull(),
    amount: paise('amount').notNull(),
    proved: boolean('proved').notNull().default(false),
    provedBy: integer('proved_by').references(() => users.id),
    provedAt: timestamp('proved_at', { withTimezone: true }),
    /** The proof's file in the file storage (the key never leaves the server). */
    proofFileKey: varchar('proof_file_key', { length: 200 }),
    proofFileName: varchar('proof_file_name', { length: 200 }),
  },
  (t) => [
    uniqueIndex('tax_declaration_lines_uq').on(t.declarationId, t.section),
    check('tax_declaration_lines_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** The proof cut-off of a financial year: a salary month starting after it counts proved claims only. */
export const taxProofWindows = pgTable(
  'tax_proof_windows',
  {
    id: idColumn(),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    proofCutoff: date('proof_cutoff', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('tax_proof_windows_year_uq').on(t.financialYear)],
);
