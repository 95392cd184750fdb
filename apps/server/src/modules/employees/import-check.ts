// The employee import's checks (import.ts reads the file and saves): every row's cells turned into the employee
// payload the API takes (ZEmployeeInput), its references resolved by name or code, and the codes and device PINs
// checked against the file and the database. A row is worked out by one function over the columns found in the
// header (no per-row closures or look-ups by header name: 10,000 rows are checked once each).
import { parseWeeklyOffs } from '@hr/attendance';
import { type TImportError, ZEmployeeInput } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  categories,
  departments,
  designations,
  divisions,
  employees,
  jobNatures,
  maritalStatuses,
  positions,
  regions,
  shifts,
  units,
} from '../../db/schema';
import { type AuthContext, canReachUnit } from '../access/context';
import { IMPORT_COLUMNS, type ImportColumn, normHeader } from './import-columns';
import { isTemplateExample, TEMPLATE_EXAMPLE_MESSAGE } from './import-example';
import { fastEmployeeValues } from './import-fast';
import { type EmployeeValues, toValues, unitMapRows } from './service';

export type Cell = string | number | boolean | Date | null;
export interface Sheet {
  headers: string[];
  /** Data rows (the header row excluded), each with its spreadsheet row number. */
  rows: { rowNo: number; cells: Cell[] }[];
}

export const lowerCode = sql<string>`lower(${employees.employeeCode})`;

/** `expr in (the given texts)` with one JSON parameter however long the list. */
export const inList = (expr: SQL, values: string[]) => sql`${expr} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

type RefMap = Map<string, number>;
type Refs = Record<NonNullable<ImportColumn['ref']>, RefMap>;

/** The look-up tables a `ref` column names, by the key its Refs entry has. */
const REF_TABLES = {
  unit: units,
  department: departments,
  designation: designations,
  category: categories,
  position: positions,
  jobNature: jobNatures,
  division: divisions,
  region: regions,
  shift: shifts,
  maritalStatus: maritalStatuses,
} as const;

/** Every active row of the look-ups by lower-cased name and code, read in one statement (ten were ten round trips). */
async function loadRefs(db: Db): Promise<Refs> {
  const parts = Object.entries(REF_TABLES).map(
    ([key, t]) => sql`select ${key}::text as k, ${t.id} as id, ${t.name} as name, ${t.code} as code from ${t} where ${t.isActive}`,
  );
  const rows = await queryRows<{ k: keyof Refs; id: number; name: string; code: string | null }>(db, sql.join(parts, sql` union all `));
  const refs = Object.fromEntries(Object.keys(REF_TABLES).map((k) => [k, new Map()])) as Refs;
  for (const r of rows) {
    const m = refs[r.k];
    m.set(r.name.trim().toLowerCase(), r.id);
    if (r.code) m.set(r.code.trim().toLowerCase(), r.id);
  }
  return refs;
}

/** Unit → the departments / designations its unit-wise maps allow (units without a map are absent: any). */
async function loadUnitMaps(db: Db) {
  const group = (rows: { unitId: number; id: number }[]) => {
    const m = new Map<number, Set<number>>();
    for (const r of rows) {
      if (!m.has(r.unitId)) m.set(r.unitId, new Set());
      m.get(r.unitId)!.add(r.id);
    }
    return m;
  };
  const [dep, des] = await unitMapRows(db);
  return { departments: group(dep), designations: group(des) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell, an Excel serial number, YYYY-MM-DD or DD-MM-YYYY / DD/MM/YYYY → YYYY-MM-DD; undefined when unreadable. */
export function toIsoDate(v: Cell): string | null | undefined {
  if (v == null || v === '') return null;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return undefined;
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  }
  if (typeof v === 'number') {
    if (v < 1 || v > 2958465) return undefined;
    return toIsoDate(new Date(Math.round((v - 25569) * 86400000)));
  }
  const s = String(v).trim();
  let m = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  let y: number;
  let mo: number;
  let d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = s.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/);
    if (!m) return undefined;
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return undefined;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

const cellText = (v: Cell): string | null => {
  if (v == null) return null;
  if (v instanceof Date) return toIsoDate(v) ?? null;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  const s = String(v).trim();
  return s === '' ? null : s;
};

const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  onnotice: 'onNotice',
  notice: 'onNotice',
  exited: 'exited',
  exit: 'exited',
  left: 'exited',
};
const PAY_WORDS: Record<string, number> = { cash: 1, bank: 2, banktransfer: 2, neft: 2, cheque: 3, check: 3 };
const GENDER_WORDS: Record<string, string> = { m: 'Male', male: 'Male', f: 'Female', female: 'Female', o: 'Other', other: 'Other' };
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
const HEADER_OF = new Map(IMPORT_COLUMNS.map((c) => [c.key, c.header]));
// A row's payload starts as a copy of this (every column's key, undefined as a key not given): one shape with fast
// properties. Keys added by computed name to {} made each row a dictionary; the check of 10,000 rows: ~10 % less CPU.
const RAW_SHAPE: Record<string, unknown> = Object.fromEntries(
  IMPORT_COLUMNS.filter((c) => c.kind !== 'managerCode').map((c) => [c.key, undefined]),
);

export interface ValidatedRow {
  rowNo: number;
  values: EmployeeValues;
  managerCode: string | null;
}

/** What every row is checked against: the columns found in the header (with their cell index), references, unit maps. */
interface RowContext {
  auth: AuthContext;
  columns: { c: ImportColumn; i: number | undefined }[];
  colIndex: Map<string, number>;
  refs: Refs;
  unitMaps: Awaited<ReturnType<typeof loadUnitMaps>>;
}

function rowError(into: TImportError[], rowNo: number, key: string, value: Cell, message: string): void {
  into.push({ row: rowNo, column: HEADER_OF.get(key) ?? key, value: cellText(value) ?? '', message });
}

function cellsAt(cells: Cell[], i: number | undefined): Cell {
  return i === undefined ? null : (cells[i] ?? null);
}

/** A cell of a column put into the payload as its value; the error about it when it has none. */
function columnValue(ctx: RowContext, c: ImportColumn, v: Cell, raw: Record<string, unknown>): string | null {
  const text = cellText(v);
  switch (c.kind) {
    case 'date': {
      const d = toIsoDate(v);
      if (d === undefined) return 'Not a date: use YYYY-MM-DD or DD-MM-YYYY';
      raw[c.key] = d;
      return null;
    }
    case 'bool': {
      if (text == null) return null;
      const t = text.toLowerCase();
      if (YES.has(t)) raw[c.key] = true;
      else if (NO.has(t)) raw[c.key] = false;
      else return 'Write Yes or No';
      return null;
    }
    case 'payMode': {
      if (text == null) return null;
      const p = PAY_WORDS[normHeader(text)];
      if (!p) return 'Write Bank, Cash or Cheque';
      raw[c.key] = p;
      return null;
    }
    case 'weeklyOffs': {
      if (text == null) return null;
      const codes = parseWeeklyOffs(text);
      if (typeof codes === 'string') return codes;
      raw[c.key] = codes;
      return null;
    }
    case 'ref': {
      const id = text == null ? null : ctx.refs[c.ref!].get(text.toLowerCase());
      if (id === undefined) return `No ${c.header.toLowerCase()} named or coded '${text}'`;
      raw[c.key] = id;
      return null;
    }
    default:
      raw[c.key] = text;
      return null;
  }
}

/** One row: its payload checked by ZEmployeeInput, the unit within reach, the unit's maps; errors go to `rowErrors`. */
function checkRow(ctx: RowContext, rowNo: number, cells: Cell[], rowErrors: TImportError[]) {
  const raw: Record<string, unknown> = { ...RAW_SHAPE };
  let managerCode: string | null = null;
  for (const { c, i } of ctx.columns) {
    const v = i === undefined ? null : (cells[i] ?? null);
    if (c.kind === 'managerCode') {
      managerCode = cellText(v);
      continue;
    }
    const message = columnValue(ctx, c, v, raw);
    if (message) rowError(rowErrors, rowNo, c.key, v, message);
  }
  if (isTemplateExample((key) => cellText(cellsAt(cells, ctx.colIndex.get(key)))))
    rowError(rowErrors, rowNo, 'employeeCode', raw.employeeCode as Cell, TEMPLATE_EXAMPLE_MESSAGE);
  if (typeof raw.gender === 'string') raw.gender = GENDER_WORDS[raw.gender.toLowerCase()] ?? raw.gender;
  if (typeof raw.status === 'string') {
    const s = STATUS_WORDS[normHeader(raw.status)];
    if (s) raw.status = s;
    else rowError(rowErrors, rowNo, 'status', raw.status as string, 'Write Active, On notice or Exited');
  }
  if (raw.status == null) raw.status = undefined;
  if (typeof raw.pan === 'string') raw.pan = raw.pan.toUpperCase();
  if (typeof raw.ifsc === 'string') raw.ifsc = raw.ifsc.toUpperCase();

  const at = (key: string) => cellsAt(cells, ctx.colIndex.get(key));
  // A row whose every value is certainly accepted skips zod (import-fast.ts); any other goes through ZEmployeeInput,
  // which gives the errors.
  const fast = rowErrors.length ? null : fastEmployeeValues(raw);
  if (fast) return checkMaps(ctx, rowNo, fast, at, rowErrors, managerCode, raw);
  const parsed = ZEmployeeInput.safeParse(raw);
  if (!parsed.success) {
    const seen = new Set(rowErrors.map((e) => e.column));
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const header = HEADER_OF.get(key) ?? key;
      if (seen.has(header)) continue; // the cell already has an error (e.g. an unreadable date)
      seen.add(header);
      rowError(rowErrors, rowNo, key, at(key), issue.message);
    }
    return { raw, parsed: null, managerCode };
  }
  return checkMaps(ctx, rowNo, toValues(parsed.data), at, rowErrors, managerCode, raw);
}

/** The unit within the caller's reach and the unit's department and designation maps. */
function checkMaps(
  ctx: RowContext,
  rowNo: number,
  values: EmployeeValues,
  at: (key: string) => Cell,
  rowErrors: TImportError[],
  managerCode: string | null,
  raw: Record<string, unknown>,
) {
  if (!canReachUnit(ctx.auth, values.unitId)) rowError(rowErrors, rowNo, 'unitId', at('unitId'), 'You are not mapped to this unit');
  const dep = ctx.unitMaps.departments.get(values.unitId);
  const des = ctx.unitMaps.designations.get(values.unitId);
  if (dep && !dep.has(values.departmentId))
    rowError(rowErrors, rowNo, 'departmentId', at('departmentId'), 'This department is not mapped to the unit');
  if (des && !des.has(values.designationId))
    rowError(rowErrors, rowNo, 'designationId', at('designationId'), 'This designation is not mapped to the unit');
  return { raw, parsed: values, managerCode };
}

/** The header's columns: their cell index by key, or an error for each required one missing. */
function headerColumns(sheet: Sheet): { colIndex: Map<string, number>; errors: TImportError[] } {
  const errors: TImportError[] = [];
  const byHeader = new Map(sheet.headers.map((h, i) => [normHeader(h.replace(/\*$/, '')), i]));
  const colIndex = new Map<string, number>();
  for (const c of IMPORT_COLUMNS) {
    const i = byHeader.get(normHeader(c.header));
    if (i !== undefined) colIndex.set(c.key, i);
    else if (c.required)
      errors.push({ row: 1, column: c.header, value: '', message: `The column '${c.header}' is missing from the header row` });
  }
  return { colIndex, errors };
}

/**
 * Checks every row (types, formats, references, duplicate codes in the file and in the database);
 * returns the rows ready to insert, or every error found.
 */
export async function validateSheet(db: Db, auth: AuthContext, sheet: Sheet): Promise<{ rows: ValidatedRow[]; errors: TImportError[] }> {
  const { colIndex, errors } = headerColumns(sheet);
  if (errors.length) return { rows: [], errors };
  if (sheet.rows.length === 0) return { rows: [], errors: [{ row: 2, column: '', value: '', message: 'The file has no data rows' }] };

  const ctx: RowContext = {
    auth,
    columns: IMPORT_COLUMNS.map((c) => ({ c, i: colIndex.get(c.key) })),
    colIndex,
    refs: await loadRefs(db),
    unitMaps: await loadUnitMaps(db),
  };
  const out: ValidatedRow[] = [];
  const codesInFile = new Map<string, number>();
  const pinsInFile = new Map<string, number>();
  for (const { rowNo, cells } of sheet.rows) {
    const rowErrors: TImportError[] = [];
    const { raw, parsed, managerCode } = checkRow(ctx, rowNo, cells, rowErrors);
    const code = typeof raw.employeeCode === 'string' ? raw.employeeCode.toLowerCase() : null;
    if (code) {
      const firstRow = codesInFile.get(code);
      if (firstRow !== undefined)
        rowError(rowErrors, rowNo, 'employeeCode', raw.employeeCode as string, `Duplicate code: also on row ${firstRow} of this file`);
      else codesInFile.set(code, rowNo);
    }
    const pin = parsed?.deviceUserId;
    if (pin) {
      const firstRow = pinsInFile.get(pin);
      if (firstRow !== undefined)
        rowError(rowErrors, rowNo, 'deviceUserId', pin, `Duplicate device PIN: also on row ${firstRow} of this file`);
      else pinsInFile.set(pin, rowNo);
    }
    if (rowErrors.length) for (const e of rowErrors) errors.push(e);
    else if (parsed) out.push({ rowNo, values: parsed, managerCode });
  }
  await checkAgainstDatabase(db, out, codesInFile, pinsInFile, errors);
  errors.sort((a, b) => a.row - b.row);
  return { rows: out, errors };
}

/** Device PINs and codes already used in the database, and reporting managers that are neither there nor in the file. */
async function checkAgainstDatabase(
  db: Db,
  out: ValidatedRow[],
  codesInFile: Map<string, number>,
  pinsInFile: Map<string, number>,
  errors: TImportError[],
): Promise<void> {
  const pins = [...pinsInFile.keys()];
  for (let i = 0; i < pins.length; i += 20_000) {
    const chunk = pins.slice(i, i + 20_000);
    const hits = await db
      .select({ pin: employees.deviceUserId, code: employees.employeeCode })
      .from(employees)
      .where(inList(sql`${employees.deviceUserId}`, chunk));
    for (const h of hits) {
      errors.push({
        row: pinsInFile.get(h.pin!)!,
        column: 'Device PIN',
        value: h.pin!,
        message: `This device PIN is already used by employee ${h.code}`,
      });
    }
  }
  // Codes already in the database (one query with an array parameter).
  const codes = [...codesInFile.keys()];
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += 20_000) {
    const chunk = codes.slice(i, i + 20_000);
    const hits = await db.select({ code: lowerCode }).from(employees).where(inList(lowerCode, chunk));
    for (const h of hits) taken.add(h.code);
  }
  for (const [code, rowNo] of taken.size ? codesInFile : []) {
    if (taken.has(code))
      errors.push({
        row: rowNo,
        column: 'Employee Code',
        value: code.toUpperCase(),
        message: 'This employee code is already used by an employee in the database',
      });
  }
  // Reporting managers: an existing employee or a row of this file.
  const mgrCodes = [...new Set(out.map((r) => r.managerCode?.toLowerCase()).filter((c): c is string => !!c && !codesInFile.has(c)))];
  const existingMgr = new Set<string>();
  if (mgrCodes.length) {
    const hits = await db.select({ code: lowerCode }).from(employees).where(inList(lowerCode, mgrCodes));
    for (const h of hits) existingMgr.add(h.code);
  }
  for (const r of out) {
    const m = r.managerCode?.toLowerCase();
    if (m && !codesInFile.has(m) && !existingMgr.has(m))
      errors.push({
        row: r.rowNo,
        column: 'Reporting Manager Code',
        value: r.managerCode!,
        message: `No employee with code '${r.managerCode}'`,
      });
    if (m && m === String(r.values.employeeCode).toLowerCase())
      errors.push({
        row: r.rowNo,
        column: 'Reporting Manager Code',
        value: r.managerCode!,
        message: 'An employee cannot report to themself',
      });
  }
}
