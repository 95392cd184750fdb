// The bank file and the advice letter of final runs: only from approved or locked runs (the month lock), refused
// whole with the employees to fix when a bank detail is missing or malformed (never a file with holes), one row per
// employee paid by bank with the slip's amount paid (the payslip's rounded net), in a layout that is data.
import { monthName } from '@hr/calendar';
import type { TBankLayout, TBankProblem } from '@hr/contract';
import { type BankAdviceInput, bankAdviceFileName } from '@hr/documents';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { unitBankAccounts } from '../../db/schema';
import { AppError, Conflict } from '../../lib/errors';
import { isFinalRunStatus } from '../../lib/month-lock';
import { orgToday } from '../../lib/org-zone';
import type { RunRow } from '../payroll/runs';
import { type BankFileRow, renderBankFile } from './bank-file';
import { bankProblems, bankRows, type PaymentRow, paymentRows } from './data';

/** 409 with the employees whose bank details stop the file (code, name, unit, problem). */
export class BankDetailsMissing extends AppError {
  constructor(readonly problems: TBankProblem[]) {
    super(
      409,
      `The bank file is not made: ${problems.length} employee${problems.length === 1 ? ' needs' : 's need'} bank details corrected (${problems
        .slice(0, 5)
        .map((p) => `${p.employeeCode} ${p.name}: ${p.problem}`)
        .join('; ')}${problems.length > 5 ? '; …' : ''})`,
    );
  }
}

export function assertFinal(runs: readonly RunRow[], what: string): void {
  for (const run of runs)
    if (!isFinalRunStatus(run.status))
      throw new Conflict(
        `The ${what} is made from an approved or locked run; the ${run.year}-${String(run.month).padStart(2, '0')} run is ${run.status}`,
      );
}

type Account = typeof unitBankAccounts.$inferSelect;

export async function debitAccounts(db: Db, unitIds: readonly number[]): Promise<Map<number, Account>> {
  const rows = await db
    .select()
    .from(unitBankAccounts)
    .where(sql`${unitBankAccounts.unitId} = any(${`{${unitIds.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.unitId, r]));
}

const DEBIT_PLACEHOLDER = /\{(debitAccount|debitIfsc|clientCode)\}/;

function needsDebitAccount(layout: TBankLayout): boolean {
  return (
    layout.columns.some((c) => c.source === 'debitAccount' || c.source === 'debitIfsc') ||
    layout.headerRows.some((h) => DEBIT_PLACEHOLDER.test(h))
  );
}

export interface BankFileOptions {
  valueDate?: string;
  narration?: string;
  pendingOnly?: boolean;
}

export interface BankFile {
  text: string;
  fileName: string;
  mime: string;
  count: number;
  total: number;
}

/** The run's (or a month's runs') rows checked: refused with the employees to fix, else the rows a bank file carries. */
export async function checkedBankRows(db: Db, runs: readonly RunRow[], pendingOnly = false): Promise<PaymentRow[]> {
  assertFinal(runs, 'bank file');
  const rows = await paymentRows(db, sql`r.id = any(${`{${runs.map((r) => r.id).join(',')}}`}::int[])`);
  const problems = bankProblems(rows);
  if (problems.length) throw new BankDetailsMissing(problems);
  return bankRows(rows, pendingOnly);
}

/** What a bank file is written with: the units whose debit account it may need, the value date, narration and file name. */
export interface BankFileSpec {
  unitIds: readonly number[];
  valueDate: string;
  narration: string;
  /** The file's name before the layout's slug and extension. */
  stem: string;
}

/**
 * The bank file of rows already checked (bank details) and chosen (bank, something to pay): 409 when the layout needs a
 * debit account a unit has not entered. The slips of runs and settlements alike are written here.
 */
export async function writeBankFile(db: Db, rows: readonly PaymentRow[], layout: TBankLayout, spec: BankFileSpec): Promise<BankFile> {
  const accounts = await debitAccounts(db, spec.unitIds);
  const missing = spec.unitIds.filter((id) => !accounts.has(id));
  if (needsDebitAccount(layout) && missing.length) {
    const names = await queryRows<{ name: string }>(
      db,
      sql`select name from units where id = any(${`{${missing.join(',')}}`}::int[]) order by name`,
    );
    throw new Conflict(
      `The layout "${layout.name}" needs the debit account: enter the salary account of ${names.map((n) => n.name).join(', ')}`,
    );
  }
  const account = accounts.get(spec.unitIds[0]);
  const fileRows: BankFileRow[] = rows.map((r) => ({
    employeeCode: r.employeeCode,
    name: r.name,
    accountNumber: r.accountNumber ?? '',
    ifsc: r.ifsc ?? '',
    amount: r.amount,
    email: r.email,
    mobile: r.mobile,
    bankName: r.bankName,
    bankBranch: r.bankBranch,
    debitAccount: accounts.get(r.unitId)?.accountNo,
    debitIfsc: accounts.get(r.unitId)?.ifsc,
  }));
  const text = renderBankFile(layout, fileRows, {
    debitAccount: account?.accountNo ?? '',
    debitIfsc: account?.ifsc ?? '',
    clientCode: account?.clientCode ?? '',
    valueDate: spec.valueDate,
    narration: spec.narration,
  });
  const slug = layout.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return {
    text,
    fileName: `${spec.stem}_${slug}.${layout.fileExtension}`,
    mime: layout.fileExtension === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    count: fileRows.length,
    total: fileRows.reduce((s, r) => s + r.amount, 0),
  };
}

/** The bank file of a final run, or of one month's runs of several units. */
export async function makeBankFile(db: Db, runs: readonly RunRow[], layout: TBankLayout, opts: BankFileOptions): Promise<BankFile> {
  const rows = await checkedBankRows(db, runs, opts.pendingOnly);
  const first = runs[0];
  const [unit] = await queryRows<{ code: string }>(db, sql`select code from units where id = ${first.unitId}`);
  const stem = runs.length > 1 ? 'Batch' : (unit?.code ?? String(first.unitId)).replace(/[^A-Za-z0-9_-]/g, '_');
  return writeBankFile(db, rows, layout, {
    unitIds: runs.map((r) => r.unitId),
    valueDate: opts.valueDate ?? first.paidOn ?? orgToday(),
    narration: opts.narration ?? `Salary ${monthName(first.month).slice(0, 3)} ${first.year}`,
    stem: `Bank_File_${stem}_${first.year}-${String(first.month).padStart(2, '0')}`,
  });
}

/** The advice letter's figures for a run: 409 without the unit's salary account. */
export async function adviceInput(db: Db, run: RunRow, valueDate: string | undefined): Promise<BankAdviceInput & { fileName: string }> {
  const rows = await checkedBankRows(db, [run]);
  const account = (await debitAccounts(db, [run.unitId])).get(run.unitId);
  const [unit] = await queryRows<{ name: string; code: string }>(db, sql`select name, code from units where id = ${run.unitId}`);
  if (!account) throw new Conflict(`Enter the salary account (bank, branch, account number) of ${unit?.name ?? 'the unit'} first`);
  const [org] = await queryRows<{ name: string; address: string | null }>(db, sql`select name, address from organisation limit 1`);
  const input: BankAdviceInput = {
    organisation: { name: org?.name ?? '', address: org?.address ?? '' },
    unitName: unit?.name ?? '',
    bank: {
      bankName: account.bankName,
      branch: account.branch,
      branchAddress: account.branchAddress,
      accountNo: account.accountNo,
      ifsc: account.ifsc,
    },
    year: run.year,
    month: run.month,
    valueDate: valueDate ?? run.paidOn ?? orgToday(),
    date: orgToday(),
    reference: `SAL/${unit?.code ?? run.unitId}/${run.year}-${String(run.month).padStart(2, '0')}`,
    rows: rows.map((r) => ({
      employeeCode: r.employeeCode,
      name: r.name,
      accountNumber: r.accountNumber ?? '',
      ifsc: r.ifsc ?? '',
      amount: BigInt(r.amount),
    })),
  };
  return { ...input, fileName: bankAdviceFileName(input) };
}
