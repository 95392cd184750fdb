import {
  BLOOD_GROUPS,
  STATUS_LABEL as EMPLOYEE_STATUS_LABEL,
  GENDERS,
  PAY_MODES,
  type TImportError,
  type TImportResult,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { employees } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { isPglite } from '../../lib/bulk-columns';
import { BadRequest } from '../../lib/errors';
import { holdForCrashTest } from '../../lib/fault-injection';
import { TEXT_FORMAT, xlsxBook, xlsxRows } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { inList, lowerCode, type Sheet, type ValidatedRow, validateSheet } from './import-check';
import { IMPORT_COLUMNS, type ImportColumn } from './import-columns';
import type { EmployeeValues } from './service';

export { type Cell, type Sheet, toIsoDate, validateSheet } from './import-check';

export const MAX_IMPORT_ROWS = 50_000;

// ---------------------------------------------------------------------------------------------
// Reading .xlsx and .csv
// ---------------------------------------------------------------------------------------------

/**
 * The first worksheet of an .xlsx, read straight from its XML (lib/xlsx/rows.ts: a 10,000-row file in a fraction of
 * the time ExcelJS's reader takes, the same values).
 */
export async function readXlsx(buffer: Buffer): Promise<Sheet> {
  const sheet: Sheet = { headers: [], rows: [] };
  try {
    for (const { rowNo, cells } of xlsxRows(buffer)) {
      if (rowNo === 1) {
        sheet.headers = cells.map((v) => (v == null ? '' : String(v).trim()));
        continue;
      }
      if (cells.every((v) => v == null || (typeof v === 'string' && v.trim() === ''))) continue;
      if (sheet.rows.length >= MAX_IMPORT_ROWS)
        throw new BadRequest(`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows`);
      sheet.rows.push({ rowNo, cells });
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
// Import
// ---------------------------------------------------------------------------------------------

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
  // A fault-injection point for the SIGTERM test only: the job is running, the database free, its next step a stop point.
  await holdForCrashTest('importChecked');
  await hooks.progress?.(2, 3, `Saving ${rows.length.toLocaleString('en-IN')} employees`);
  const result: TImportResult = { ok: true, rowsRead, imported: rows.length, errors: [], errorRows: 0 };
  await db.transaction(async (tx) => {
    // The ids are drawn from the sequence first, so the rows go in by one COPY with their reporting managers set
    // (a row of this file or an employee already there), and the foreign keys are checked once: every unit,
    // department, designation… was resolved above.
    const ids = await drawIds(tx, rows.length);
    const idByCode = new Map(rows.map((r, k) => [String(r.values.employeeCode).toLowerCase(), ids[k]]));
    const managerIds = await managersOf(tx, rows, idByCode);
    const values = rows.map((r, k) => {
      const manager = r.managerCode?.toLowerCase();
      // A new object with its own columns first and the row's copied in (adding keys to the row's object afterwards
      // cost 30 µs a row: each addition grows its property store).
      const v: EmployeeValues = {
        id: ids[k],
        reportingManagerId: manager ? (managerIds.get(manager) ?? null) : null,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      } as EmployeeValues;
      const from = r.values as Record<string, unknown>;
      const to = v as Record<string, unknown>;
      for (const key in from) if (key !== 'reportingManagerId') to[key] = from[key];
      return v;
    });
    await bulkInsert(tx, employees, values, { copy: true, foreignKeysOnce: true });
    // One audit entry for the whole import: who, when, which records.
    await writeAudit(tx, {
      entity: 'employees',
      entityId: 'import',
      action: 'import',
      after: { count: idByCode.size, employees: [...idByCode].map(([code, id]) => ({ id, code })) },
      userId: auth.userId,
      requestId,
    });
    // A fault-injection point for the crash test only: hold the transaction open so the process can be killed in it.
    await holdForCrashTest('import');
    await hooks.beforeCommit?.(tx, result);
  });
  return result;
}

/**
 * `n` new ids from employees' sequence. PGlite runs one statement at a time, so one nextval and one setval in a
 * statement take a block of ids no other caller can draw into (10,000 nextval calls cost 0.15-0.3 s of CPU there).
 * On PostgreSQL another session may draw between those two, so each id is a nextval of its own (one statement).
 */
async function drawIds(tx: Tx, n: number): Promise<number[]> {
  const seq = sql`pg_get_serial_sequence('employees', 'id')::regclass`;
  if (isPglite(tx)) {
    const [{ last }] = await queryRows<{ last: string }>(
      tx,
      sql`select setval(s.seq, nextval(s.seq) + ${n - 1}::int)::text as last from (select ${seq} as seq) s`,
    );
    const first = Number(last) - n + 1;
    return Array.from({ length: n }, (_, k) => first + k);
  }
  const [{ list }] = await queryRows<{ list: string }>(
    tx,
    sql`select json_agg(nextval(s.seq))::text as list from (select ${seq} as seq) s, generate_series(1, ${n}::int)`,
  );
  return JSON.parse(list) as number[];
}

/** The ids of the rows' reporting managers by code: rows of this file, or employees already in the database. */
async function managersOf(tx: Tx, rows: ValidatedRow[], idByCode: Map<string, number>): Promise<Map<string, number>> {
  const out = new Map(idByCode);
  const outside = [...new Set(rows.map((r) => r.managerCode?.toLowerCase()).filter((c): c is string => !!c && !idByCode.has(c)))];
  if (outside.length) {
    const hits = await tx.select({ id: employees.id, code: lowerCode }).from(employees).where(inList(lowerCode, outside));
    for (const h of hits) out.set(h.code, h.id);
  }
  return out;
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
