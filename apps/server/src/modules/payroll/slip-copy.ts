// The run's slips written by COPY straight from the engine's results: each slip's line of COPY text is made from the
// result and the employee as it is sent, without a row object per slip for bulkInsert to group, convert and turn
// into text again (a third of persistRun's CPU on PGlite went to those steps and their garbage, issue 30).
import type { EngineSlip } from '@hr/payroll';
import type { Db, Tx } from '../../db/client';
import { salarySlips } from '../../db/schema';
import { copyEscape, copyText } from '../../lib/bulk-copy';
import type { ArrearsDue, PaidEmployee } from './inputs';

/** One slip to write: the engine's result, the employee paid, the attendance it was computed on and the arrears it pays. */
export interface SlipSource {
  r: EngineSlip;
  e: PaidEmployee;
  attendance: object;
  arrears: readonly ArrearsDue[] | undefined;
}

const PAY_MODE_NAMES: Record<number, string> = { 1: 'Cash', 2: 'Bank', 3: 'Cheque' };

/** The columns in the order `slipLine` writes them (salary_slips' keys). */
const SLIP_COLUMNS = [
  'runId',
  'employeeId',
  'employeeCode',
  'name',
  'designationName',
  'departmentName',
  'payModeName',
  'uanNo',
  'payModeId',
  'bankAccountNo',
  'ifsc',
  'bankName',
  'bankBranch',
  'amounts',
  'gross',
  'deductions',
  'net',
  'attendance',
  'arrears',
  'statutory',
] as const satisfies readonly (keyof typeof salarySlips.$inferInsert)[];

/** A number as JSON writes it (null when not finite). */
const num = (v: number) => (Number.isFinite(v) ? String(v) : 'null');
/** A value of a number column (null and undefined as \N). */
const numField = (v: number | null | undefined) => (v === null || v === undefined ? '\\N' : String(v));

/**
 * The slip's amounts as JSON: the heads with a non-zero amount (readers take a missing head as 0: a third less to
 * send and store), written from the map directly (keys are head ids, values paise: nothing to escape).
 */
function amountsJson(amounts: Map<number, number>): string {
  let out = '';
  for (const [id, v] of amounts) {
    if (v === 0) continue;
    out += `${out ? ',' : ''}"${id}":${num(v)}`;
  }
  return `{${out}}`;
}

/** A slip's line of COPY text, its values in SLIP_COLUMNS' order. */
function slipLine(runId: number, s: SlipSource): string {
  const { r, e } = s;
  const arrears = s.arrears ? s.arrears.map(({ id: _id, ...l }) => l) : [];
  return [
    runId,
    e.id,
    copyEscape(e.employeeCode),
    copyEscape(e.name),
    copyEscape(e.designationName),
    copyEscape(e.departmentName),
    copyEscape(PAY_MODE_NAMES[e.payModeId] ?? null),
    copyEscape(e.uan),
    numField(e.payModeId),
    copyEscape(e.bankAccountNo),
    copyEscape(e.ifsc),
    copyEscape(e.bankName),
    copyEscape(e.bankBranch),
    amountsJson(r.amounts),
    numField(r.gross),
    numField(r.deductions),
    numField(r.net),
    copyEscape(JSON.stringify(s.attendance)),
    copyEscape(JSON.stringify(arrears)),
    copyEscape(JSON.stringify(r.statutory ?? {})),
  ].join('\t');
}

/** The slips written to salary_slips by COPY in the caller's transaction, their foreign keys (run, employee) checked once. */
export async function copySlips(tx: Db | Tx, runId: number, slips: readonly SlipSource[]): Promise<void> {
  const keys = slips.map((s) => ({ runId, employeeId: s.e.id }));
  const written = await copyText(tx, salarySlips, SLIP_COLUMNS, slips.length, (i) => slipLine(runId, slips[i]), keys);
  // Both drivers the app runs on (PGlite, node-postgres) have COPY.
  if (written === null) throw new Error('salary slips: the database driver has no COPY');
}
