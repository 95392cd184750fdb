import { Readable } from 'node:stream';
import { parseWeeklyOffs } from '@hr/attendance';
import {
  BLOOD_GROUPS,
  STATUS_LABEL as EMPLOYEE_STATUS_LABEL,
  GENDERS,
  PAY_MODES,
  type TImportError,
  type TImportResult,
  ZEmployeeInput,
} from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../../db/client';
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
import { writeAudit } from '../../lib/audit';
import { bulkInsert, bulkUpdate } from '../../lib/bulk';
import { BadRequest } from '../../lib/errors';
import { TEXT_FORMAT, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachUnit } from '../access/context';
import { IMPORT_COLUMNS, type ImportColumn, normHeader } from './import-columns';
import { isTemplateExample, TEMPLATE_EXAMPLE_MESSAGE } from './import-example';
import { toValues, unitMapRows } from './service';

export type Cell = string | number | boolean | Date | null;
export interface Sheet {
  headers: string[];
  /** Data rows (the header row excluded), each with its spreadsheet row number. */
  rows: { rowNo: number; cells: Cell[] }[];
}

export const MAX_IMPORT_ROWS = 50_000;

const lowerCode = sql<string>`lower(${employees.employeeCode})`;

// ---------------------------------------------------------------------------------------------
// Reading .xlsx and .csv
// ---------------------------------------------------------------------------------------------

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v == null) return null;
  if (v instanceof Date || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

/** First worksheet of an .xlsx, streamed (a 10,000-row file never sits in memory as a workbook model). */
export async function readXlsx(buffer: Buffer): Promise<Sheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const sheet: Sheet = { headers: [], rows: [] };
  let first = true;
  try {
    for await (const ws of reader) {
      if (!first) break;
      first = false;
      for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
        if (row.number === 1) {
          sheet.headers = values.map((v) => (v == null ? '' : String(v).trim()));
          continue;
        }
        if (values.every((v) => v == null || (typeof v === 'string' && v.trim() === ''))) continue;
        if (sheet.rows.length >= MAX_IMPORT_ROWS)
          throw new BadRequest(`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows`);
        sheet.rows.push({ rowNo: row.number, cells: values });
      }
    }
  } catch (err) {
    if (err instanceof BadRequest) throw err;
    throw new BadRequest('The file could not be read as an Excel workbook (.xlsx)');
  }
  return sheet;
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), UTF-8 with or without BOM. */
export function readCsv(text: string): Sheet {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let field = '';
  let rec: string[] = [];
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      rec.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      rec.push(field);
      records.push(rec);
      rec = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || rec.length) {
    rec.push(field);
    records.push(rec);
  }
  const sheet: Sheet = { headers: (records[0] ?? []).map((h) => h.trim()), rows: [] };
  for (let r = 1; r < records.length; r++) {
    const cells = records[r];
    if (cells.every((c) => c.trim() === '')) continue;
    if (sheet.rows.length >= MAX_IMPORT_ROWS)
      throw new BadRequest(`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows`);
    sheet.rows.push({ rowNo: r + 1, cells: cells.map((c) => (c.trim() === '' ? null : c)) });
  }
  return sheet;
}

export async function readSheet(buffer: Buffer, kind: 'xlsx' | 'csv'): Promise<Sheet> {
  return kind === 'xlsx' ? readXlsx(buffer) : readCsv(buffer.toString('utf8'));
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

type RefMap = Map<string, number>;
type Refs = Record<NonNullable<ImportColumn['ref']>, RefMap>;

async function loadRefs(db: Db): Promise<Refs> {
  const load = async (table: typeof units | typeof categories | typeof shifts, hasCode = true) => {
    const rows = (await db.select().from(table as typeof units)) as { id: number; name: string; code?: string | null; isActive: boolean }[];
    const m: RefMap = new Map();
    for (const r of rows) {
      if (!r.isActive) continue;
      m.set(r.name.trim().toLowerCase(), r.id);
      if (hasCode && r.code) m.set(r.code.trim().toLowerCase(), r.id);
    }
    return m;
  };
  const [unit, department, designation, category, position, jobNature, division, region, shift, maritalStatus] = await Promise.all([
    load(units),
    load(departments as unknown as typeof units),
    load(designations as unknown as typeof units),
    load(categories),
    load(positions),
    load(jobNatures),
    load(divisions),
    load(regions),
    load(shifts),
    load(maritalStatuses),
  ]);
  return { unit, department, designation, category, position, jobNature, division, region, shift, maritalStatus };
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

export interface ValidatedRow {
  rowNo: number;
  values: ReturnType<typeof toValues>;
  managerCode: string | null;
}

/**
 * Checks every row (types, formats, references, duplicate codes in the file and in the database);
 * returns the rows ready to insert, or every error found.
 */
export async function validateSheet(db: Db, auth: AuthContext, sheet: Sheet): Promise<{ rows: ValidatedRow[]; errors: TImportError[] }> {
  const errors: TImportError[] = [];
  const byHeader = new Map(sheet.headers.map((h, i) => [normHeader(h.replace(/\*$/, '')), i]));
  const colIndex = new Map<string, number>();
  for (const c of IMPORT_COLUMNS) {
    const i = byHeader.get(normHeader(c.header));
    if (i !== undefined) colIndex.set(c.key, i);
    else if (c.required)
      errors.push({ row: 1, column: c.header, value: '', message: `The column '${c.header}' is missing from the header row` });
  }
  if (errors.length) return { rows: [], errors };
  if (sheet.rows.length === 0) return { rows: [], errors: [{ row: 2, column: '', value: '', message: 'The file has no data rows' }] };

  const refs = await loadRefs(db);
  const unitMaps = await loadUnitMaps(db);
  const headerOf = new Map(IMPORT_COLUMNS.map((c) => [c.key, c.header]));
  const out: ValidatedRow[] = [];
  const codesInFile = new Map<string, number>();
  const pinsInFile = new Map<string, number>();

  for (const { rowNo, cells } of sheet.rows) {
    const rowErrors: TImportError[] = [];
    const err = (key: string, value: Cell, message: string) =>
      rowErrors.push({ row: rowNo, column: headerOf.get(key) ?? key, value: cellText(value) ?? '', message });
    const raw: Record<string, unknown> = {};
    let managerCode: string | null = null;
    for (const c of IMPORT_COLUMNS) {
      const i = colIndex.get(c.key);
      const v = i === undefined ? null : (cells[i] ?? null);
      const text = cellText(v);
      switch (c.kind) {
        case 'text':
          raw[c.key] = text;
          break;
        case 'date': {
          const d = toIsoDate(v);
          if (d === undefined) err(c.key, v, 'Not a date: use YYYY-MM-DD or DD-MM-YYYY');
          else raw[c.key] = d;
          break;
        }
        case 'bool': {
          if (text == null) break;
          const t = text.toLowerCase();
          if (['yes', 'y', 'true', '1'].includes(t)) raw[c.key] = true;
          else if (['no', 'n', 'false', '0'].includes(t)) raw[c.key] = false;
          else err(c.key, v, 'Write Yes or No');
          break;
        }
        case 'payMode': {
          if (text == null) break;
          const p = PAY_WORDS[normHeader(text)];
          if (p) raw[c.key] = p;
          else err(c.key, v, 'Write Bank, Cash or Cheque');
          break;
        }
        case 'weeklyOffs': {
          if (text == null) break;
          const codes = parseWeeklyOffs(text);
          if (typeof codes === 'string') err(c.key, v, codes);
          else raw[c.key] = codes;
          break;
        }
        case 'managerCode':
          managerCode = text;
          break;
        case 'ref': {
          if (text == null) {
            raw[c.key] = null;
            break;
          }
          const id = refs[c.ref!].get(text.toLowerCase());
          if (id === undefined) err(c.key, v, `No ${c.header.toLowerCase()} named or coded '${text}'`);
          else raw[c.key] = id;
          break;
        }
      }
    }
    if (isTemplateExample((key) => cellText(cellsAt(cells, colIndex.get(key)))))
      err('employeeCode', raw.employeeCode as Cell, TEMPLATE_EXAMPLE_MESSAGE);
    if (typeof raw.gender === 'string') raw.gender = GENDER_WORDS[raw.gender.toLowerCase()] ?? raw.gender;
    if (typeof raw.status === 'string') {
      const s = STATUS_WORDS[normHeader(raw.status)];
      if (s) raw.status = s;
      else err('status', raw.status as string, 'Write Active, On notice or Exited');
    }
    if (raw.status == null) delete raw.status;
    if (typeof raw.pan === 'string') raw.pan = raw.pan.toUpperCase();
    if (typeof raw.ifsc === 'string') raw.ifsc = raw.ifsc.toUpperCase();

    const parsed = ZEmployeeInput.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set(rowErrors.map((e) => e.column));
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const header = headerOf.get(key) ?? key;
        if (seen.has(header)) continue; // the cell already has an error (e.g. an unreadable date)
        seen.add(header);
        err(key, cellsAt(cells, colIndex.get(key)), issue.message);
      }
    }
    if (parsed.success && !canReachUnit(auth, parsed.data.unitId))
      err('unitId', cellsAt(cells, colIndex.get('unitId')), 'You are not mapped to this unit');
    if (parsed.success) {
      const dep = unitMaps.departments.get(parsed.data.unitId);
      const des = unitMaps.designations.get(parsed.data.unitId);
      if (dep && !dep.has(parsed.data.departmentId))
        err('departmentId', cellsAt(cells, colIndex.get('departmentId')), 'This department is not mapped to the unit');
      if (des && !des.has(parsed.data.designationId))
        err('designationId', cellsAt(cells, colIndex.get('designationId')), 'This designation is not mapped to the unit');
    }

    const code = typeof raw.employeeCode === 'string' ? raw.employeeCode.toLowerCase() : null;
    if (code) {
      const firstRow = codesInFile.get(code);
      if (firstRow !== undefined) err('employeeCode', raw.employeeCode as string, `Duplicate code: also on row ${firstRow} of this file`);
      else codesInFile.set(code, rowNo);
    }
    const pin = parsed.success ? parsed.data.deviceUserId : null;
    if (pin) {
      const firstRow = pinsInFile.get(pin);
      if (firstRow !== undefined) err('deviceUserId', pin, `Duplicate device PIN: also on row ${firstRow} of this file`);
      else pinsInFile.set(pin, rowNo);
    }
    if (rowErrors.length) errors.push(...rowErrors);
    else if (parsed.success) out.push({ rowNo, values: toValues(parsed.data), managerCode });
  }

  // Device PINs already given to employees in the database.
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
  if (taken.size) {
    for (const [code, rowNo] of codesInFile) {
      if (taken.has(code))
        errors.push({
          row: rowNo,
          column: 'Employee Code',
          value: code.toUpperCase(),
          message: 'This employee code is already used by an employee in the database',
        });
    }
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
  errors.sort((a, b) => a.row - b.row);
  return { rows: out, errors };
}

function cellsAt(cells: Cell[], i: number | undefined): Cell {
  return i === undefined ? null : (cells[i] ?? null);
}

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

const BATCH = 2000;

/** `expr in (the given texts)` with one JSON parameter however long the list. */
const inList = (expr: SQL, values: string[]) => sql`${expr} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Validates every row; when all pass, inserts them all in one transaction (batched). */
export interface ImportHooks {
  /** Progress of the phases (read, checked, saving); the jobs runner persists it. */
  progress?: (done: number, total: number, message: string) => Promise<void>;
  /** Runs in the import's transaction just before it commits (the job marks itself done there). */
  beforeCommit?: (tx: Tx, result: TImportResult) => Promise<void>;
}

export async function importEmployees(
  db: Db,
  auth: AuthContext,
  buffer: Buffer,
  kind: 'xlsx' | 'csv',
  requestId?: string,
  hooks: ImportHooks = {},
): Promise<TImportResult> {
  await hooks.progress?.(0, 3, 'Reading the file');
  const sheet = await readSheet(buffer, kind);
  const rowsRead = sheet.rows.length;
  await hooks.progress?.(1, 3, `Checking ${rowsRead.toLocaleString('en-IN')} rows`);
  const { rows, errors } = await validateSheet(db, auth, sheet);
  if (errors.length) {
    return { ok: false, rowsRead, imported: 0, errors, errorRows: new Set(errors.map((e) => e.row)).size };
  }
  await hooks.progress?.(2, 3, `Saving ${rows.length.toLocaleString('en-IN')} employees`);
  const result: TImportResult = { ok: true, rowsRead, imported: rows.length, errors: [], errorRows: 0 };
  await db.transaction(async (tx) => {
    const idByCode = new Map<string, number>();
    for (let i = 0; i < rows.length; i += BATCH) {
      const inserted = await bulkInsert(
        tx,
        employees,
        rows.slice(i, i + BATCH).map((r) => ({ ...r.values, createdBy: auth.userId, updatedBy: auth.userId })),
        { returning: ['id', 'employeeCode'] },
      );
      for (const r of inserted) idByCode.set(r.employeeCode.toLowerCase(), r.id);
    }
    // Reporting managers, resolved once every row has its id.
    const withMgr = rows.filter((r) => r.managerCode);
    if (withMgr.length) {
      const missing = [...new Set(withMgr.map((r) => r.managerCode!.toLowerCase()).filter((c) => !idByCode.has(c)))];
      if (missing.length) {
        const hits = await tx.select({ id: employees.id, code: lowerCode }).from(employees).where(inList(lowerCode, missing));
        for (const h of hits) idByCode.set(h.code, h.id);
      }
      const pairs = withMgr.map((r) => ({
        id: idByCode.get(String(r.values.employeeCode).toLowerCase())!,
        reportingManagerId: idByCode.get(r.managerCode!.toLowerCase())!,
      }));
      await bulkUpdate(tx, employees, pairs, { key: 'id', set: ['reportingManagerId'] });
    }
    // One audit entry for the whole import: who, when, which records.
    await writeAudit(tx, {
      entity: 'employees',
      entityId: 'import',
      action: 'import',
      after: { count: idByCode.size, employees: [...idByCode].map(([code, id]) => ({ id, code })) },
      userId: auth.userId,
      requestId,
    });
    await hooks.beforeCommit?.(tx, result);
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Template and error report
// ---------------------------------------------------------------------------------------------

/** Codes, mobiles, PIN codes and account numbers are text, so Excel keeps leading zeros and long digits. */
const TEXT_KEYS = new Set([
  'employeeCode',
  'mobile',
  'alternateMobile',
  'emergencyContactMobile',
  'aadhaar',
  'uan',
  'esiNumber',
  'bankAccountNo',
  'deviceUserId',
  'presentPincode',
  'permanentPincode',
]);

/** The values a column's drop-down offers (the importer reads other spellings too, so they are a warning only). */
function listOf(c: ImportColumn): readonly string[] | undefined {
  if (c.kind === 'bool') return ['Yes', 'No'];
  if (c.kind === 'payMode') return PAY_MODES.map((m) => m.name);
  if (c.key === 'gender') return GENDERS;
  if (c.key === 'bloodGroup') return BLOOD_GROUPS;
  if (c.key === 'status') return Object.values(EMPLOYEE_STATUS_LABEL);
  return undefined;
}

/** An example as the Explanations sheet prints it: a date as the cells show it (dd/mm/yyyy). */
const exampleText = (c: ImportColumn) =>
  c.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(c.example) ? c.example.split('-').reverse().join('/') : c.example;

export async function buildTemplate(): Promise<Buffer> {
  return xlsxBook([
    {
      sheet: 'Employees',
      header: { strong: true },
      columns: IMPORT_COLUMNS.map((c) => ({
        header: c.required ? `${c.header}*` : c.header,
        width: Math.max(14, c.header.length + 4),
        type: c.kind === 'date' ? ('date' as const) : ('text' as const),
        numFmt: TEXT_KEYS.has(c.key) ? TEXT_FORMAT : undefined,
        note: `${c.required ? 'Required. ' : ''}${c.help}`,
        list: listOf(c),
      })),
      rows: [{ values: IMPORT_COLUMNS.map((c) => c.example || null), example: true }],
    },
    {
      sheet: 'Explanations',
      columns: [
        { header: 'Column', width: 28 },
        { header: 'Required', width: 10 },
        { header: 'What to write', width: 70 },
        { header: 'Example', width: 32 },
      ],
      rows: [
        ...IMPORT_COLUMNS.map((c) => ({ values: [c.header, c.required ? 'Yes' : '', c.help, exampleText(c)] })),
        { values: [] },
        { values: ['Notes', null, 'Keep the header row as it is. Row 2 of the Employees sheet is an example: replace it.'] },
        { values: [null, null, 'Every row is checked first; if any row has an error nothing is imported and you get the list of errors.'] },
      ],
    },
  ]);
}

export async function buildErrorReport(errors: TImportError[]): Promise<Buffer> {
  // The value is what the uploaded file held: it may look like a formula (xlsxBook quotes it).
  return xlsxBook([
    {
      sheet: 'Errors',
      columns: [
        { header: 'Row', width: 8, type: 'number' },
        { header: 'Column', width: 28 },
        { header: 'Value', width: 30 },
        { header: 'Error', width: 80 },
      ],
      rows: errors.map((e) => ({ values: [e.row, e.column, e.value ?? null, e.message] })),
    },
  ]);
}
