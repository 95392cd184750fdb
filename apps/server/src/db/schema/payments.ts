// Paying a salary run (issue 26): the bank file layouts (data, not code), each unit's debit account, and the payment
// status of each slip of a run (paid with its value date and the bank's reference, or pending again with the reason
// the bank returned it). The amount paid of a slip is its payslip's rounded net (hr_slip_net_paid, payroll/net-paid.ts).

import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, date, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { units, users } from './core';
import { employees } from './employees';
import { exitSettlements } from './exits';
import { payrollRuns } from './payroll';

/** One column of a bank file: its heading, where its value comes from, and (fixed width) its width and alignment. */
export interface BankLayoutColumnDef {
  heading: string;
  /** employeeCode | name | accountNumber | ifsc | amount | debitAccount | debitIfsc | valueDate | narration | email | mobile | bankName | bankBranch | serial | constant | blank */
  source: string;
  /** Text of a 'constant' column (e.g. 'NEFT', 'INR'). */
  value?: string | null;
  /** Fixed width: the field's width in characters (also the most a delimited field may hold). */
  width?: number | null;
  /** Fixed width: 'left' (text, default) or 'right' (numbers). */
  align?: 'left' | 'right' | null;
  /** Fixed width: the pad character (default a space; '0' for zero-filled numbers). */
  pad?: string | null;
  /** amount: 'rupees' (2 decimals, default) | 'paise' (whole paise, no point); valueDate: a date pattern such as DD/MM/YYYY. */
  format?: string | null;
}

/**
 * A bank's bulk-upload layout: a delimited file (csv: `delimiter`) or fixed width, optional lines before the rows
 * (`headerRows`, with placeholders such as {clientCode} {debitAccount} {total} {count} {valueDate} {narration}),
 * the column headings as a row or not, and the columns in order. `source` says where the bank publishes it.
 */
export const bankFileLayouts = pgTable(
  'bank_file_layouts',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }),
    /** csv | fixed */
    fileType: varchar('file_type', { length: 8 }).notNull().default('csv'),
    delimiter: varchar('delimiter', { length: 2 }).notNull().default(','),
    headingRow: boolean('heading_row').notNull().default(true),
    headerRows: jsonb('header_rows').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    columns: jsonb('columns').$type<BankLayoutColumnDef[]>().notNull(),
    /** The default pattern of date columns and placeholders (DD/MM/YYYY, YYYYMMDD, DD-MM-YYYY…). */
    dateFormat: varchar('date_format', { length: 12 }).notNull().default('DD/MM/YYYY'),
    fileExtension: varchar('file_extension', { length: 8 }).notNull().default('csv'),
    /** Where the bank publishes the layout (a manual, a sample file). */
    source: varchar('source', { length: 400 }),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('bank_file_layouts_name_uq').on(sql`lower(${t.name})`)],
);

/** The account a unit pays salaries from: the advice letter's addressee and the bank file's debit account. */
export const unitBankAccounts = pgTable('unit_bank_accounts', {
  id: idColumn(),
  unitId: integer('unit_id')
    .notNull()
    .unique()
    .references(() => units.id),
  accountNo: varchar('account_no', { length: 34 }).notNull(),
  ifsc: char('ifsc', { length: 11 }).notNull(),
  bankName: varchar('bank_name', { length: 120 }).notNull(),
  branch: varchar('branch', { length: 120 }).notNull(),
  branchAddress: varchar('branch_address', { length: 300 }),
  /** The bank's corporate / client code for bulk uploads. */
  clientCode: varchar('client_code', { length: 40 }),
  ...auditColumns,
});

/**
 * A payment to an employee: one slip of a run (`runId`) or a full and final settlement (`settlementId`), never both.
 * Paid (value date, the bank's UTR or the cheque number) or pending (no row, or a row the bank returned:
 * `failureReason`). `amount` is the amount paid (paise) when it was marked; a settlement is never paid below zero.
 */
export const salaryPayments = pgTable(
  'salary_payments',
  {
    id: idColumn(),
    runId: integer('run_id').references(() => payrollRuns.id, { onDelete: 'cascade' }),
    settlementId: integer('settlement_id').references(() => exitSettlements.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** paid | pending */
    status: varchar('status', { length: 8 }).notNull(),
    /** bank | cash | cheque */
    mode: varchar('mode', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** The bank's reference (UTR) of a transfer. */
    reference: varchar('reference', { length: 40 }),
    chequeNo: varchar('cheque_no', { length: 20 }),
    chequeDate: date('cheque_date', { mode: 'string' }),
    failureReason: varchar('failure_reason', { length: 300 }),
    failedOn: date('failed_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('salary_payments_run_employee_uq').on(t.runId, t.employeeId),
    uniqueIndex('salary_payments_settlement_uq').on(t.settlementId),
    index('salary_payments_employee_idx').on(t.employeeId),
    check('salary_payments_subject_ck', sql`(${t.runId} is null) <> (${t.settlementId} is null)`),
    check('salary_payments_settlement_amount_ck', sql`${t.settlementId} is null or ${t.amount} > 0`),
  ],
);
