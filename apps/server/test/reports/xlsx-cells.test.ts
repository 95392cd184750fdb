// Every Excel export, read back: a date is a date cell (shown dd/mm/yyyy), a number or an amount a number cell, through
// the one writer (lib/xlsx.ts) whose typed columns make each cell once. Every register of the registry, the employee
// list, a master list and the requests list; one register is also opened with openpyxl (skipped where python3 has
// no openpyxl).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MONTH_NAMES } from '@hr/calendar';
import type { TReportMeta } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { cellOf, sheetName } from '../../src/lib/xlsx';
import { allReports } from '../../src/modules/reports/define';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let month: { year: number; month: number };
const tmp = mkdtempSync(path.join(tmpdir(), 'xlsx-cells-'));

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [month] = await queryRows<{ year: number; month: number }>(
    t.db,
    sql`select year, month from payroll_runs where status in ('approved', 'locked') order by year desc, month desc limit 1`,
  );
}, 900_000);
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

async function sheetOf(res: { statusCode: number; body: string; rawPayload: Buffer }, what: string): Promise<ExcelJS.Worksheet> {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  return wb.worksheets[0];
}

type Kind = 'date' | 'datetime' | 'number' | 'money' | 'text';

/**
 * The cells under each typed heading (found on `headRow`), from the row after it: dates are Date cells with a
 * dd/mm/yyyy format, numbers and amounts numbers (a subtotal line's label, in the first column, may be text).
 * Returns how many date and number cells were seen.
 */
function checkCells(ws: ExcelJS.Worksheet, headRow: number, kinds: Record<string, Kind>, what: string) {
  const seen = { date: 0, number: 0 };
  const heads = (ws.getRow(headRow).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  for (let r = headRow + 1; r <= ws.actualRowCount; r++) {
    const row = ws.getRow(r);
    heads.forEach((h, i) => {
      const kind = kinds[h];
      const cell = row.getCell(i + 1);
      if (!kind || kind === 'text' || cell.value === null || cell.value === undefined || cell.value === '') return;
      if (i === 0 && typeof cell.value === 'string' && /Total|:/.test(cell.value)) return;
      const where = `${what}: ${h} row ${r} (${JSON.stringify(cell.value)})`;
      if (kind === 'date' || kind === 'datetime') {
        expect(cell.type, where).toBe(ExcelJS.ValueType.Date);
        expect(cell.value, where).toBeInstanceOf(Date);
        expect(cell.numFmt, where).toMatch(/^dd[/-]mm?m?[/-]yyyy/);
        seen.date++;
      } else {
        expect(cell.type, where).toBe(ExcelJS.ValueType.Number);
        seen.number++;
      }
    });
  }
  return seen;
}

describe('the writer', () => {
  it('cuts a sheet name at 31 characters on a word', () => {
    expect(sheetName('Employees')).toBe('Employees');
    expect(sheetName('Register of Wages and Deductions (Form B) of the month')).toBe('Register of Wages and');
    expect(sheetName('Earning / Deduction Head')).toBe('Earning - Deduction Head');
    expect(sheetName('Abcdefghijklmnopqrstuvwxyzabcdefghij')).toBe('Abcdefghijklmnopqrstuvwxyzabcde');
    expect(sheetName('  ')).toBe('Sheet1');
  });

  it('makes each cell its column type’s once', () => {
    // 01/04/2026 is Excel's day 46113.
    expect(cellOf('date', '2026-04-01')).toBe(46113);
    expect(cellOf('date', new Date(Date.UTC(2026, 3, 1)))).toBe(46113);
    expect(cellOf('date', 'not a date')).toBe('not a date');
    expect(cellOf('date', '')).toBeNull();
    // A moment at the organisation's (India's) wall clock: 04:30 UTC is 10:00 IST.
    expect(cellOf('datetime', '2026-04-01T04:30:00.000Z')).toBeCloseTo(46113 + 10 / 24, 9);
    expect(cellOf('money', 1234567)).toBe(12345.67);
    expect(cellOf('money', '250050')).toBe(2500.5);
    expect(cellOf('number', '8.50')).toBe(8.5);
    expect(cellOf('number', 'Grand Total')).toBe('Grand Total');
    expect(cellOf('text', '0042')).toBe('0042');
  });
});

describe('every export reads back with date and number cells', () => {
  it('every register of the registry', async () => {
    const fy = month.month >= 4 ? month.year : month.year - 1;
    let dates = 0;
    let numbers = 0;
    for (const def of allReports()) {
      const meta = (await admin.get(`/api/reports/${def.id}`)).json() as TReportMeta;
      const kinds = new Set(meta.filters.map((f) => f.kind));
      const q: Record<string, string | number> = { format: 'xlsx' };
      if (kinds.has('month')) Object.assign(q, month);
      else if (kinds.has('dateRange')) {
        q.from = `${month.year}-${String(month.month).padStart(2, '0')}-01`;
        q.to = `${month.year}-${String(month.month).padStart(2, '0')}-14`;
      }
      if (kinds.has('financialYear')) q.financialYear = fy;
      if (kinds.has('quarter')) q.quarter = month.month >= 4 ? Math.ceil((month.month - 3) / 3) : 4;
      const ws = await sheetOf(await admin.get(`/api/reports/${def.id}/export`, q), def.id);
      expect(ws.name.length, def.id).toBeLessThanOrEqual(31);
      const seen = checkCells(ws, 3, Object.fromEntries(def.columns.map((c) => [c.label, c.type])), def.id);
      dates += seen.date;
      numbers += seen.number;
    }
    expect(dates).toBeGreaterThan(50);
    expect(numbers).toBeGreaterThan(500);
  }, 900_000);

  it('the employee list, a master list and the requests list', async () => {
    const employees = await sheetOf(await admin.get('/api/employees/export'), 'employees');
    const e = checkCells(
      employees,
      1,
      { 'Date of Joining': 'date', 'Exit Date': 'date', 'EPF First Joined': 'date', 'EPF Wages at Joining': 'money' },
      'employees',
    );
    expect(e.date).toBeGreaterThan(10);

    const holidays = await sheetOf(await admin.get('/api/resources/holiday/export.xlsx'), 'holidays');
    const heads = (holidays.getRow(1).values as unknown[]).slice(1).map(String);
    const h = checkCells(
      holidays,
      1,
      Object.fromEntries(heads.filter((x) => /date/i.test(x)).map((x) => [x, 'date' as const])),
      'holidays',
    );
    expect(h.date).toBeGreaterThan(0);

    const requests = await sheetOf(await admin.get('/api/requests/export'), 'requests');
    const r = checkCells(
      requests,
      1,
      { From: 'date', To: 'date', Days: 'number', 'LWOP Days': 'number', 'Raised At': 'datetime', 'Decided At': 'datetime' },
      'requests',
    );
    expect(r.date).toBeGreaterThan(0);
    expect(r.number).toBeGreaterThan(0);
  });

  it('the ESI file’s sheet has a real name and its figures are numbers', async () => {
    const [run] = await queryRows<{ id: number; year: number; month: number }>(
      t.db,
      sql`select r.id, r.year, r.month from payroll_runs r join salary_slips s on s.run_id = r.id
          where r.status <> 'draft' and (s.statutory->>'esiCovered')::boolean
          group by r.id order by count(*) desc limit 1`,
    );
    expect(run, 'the seed holds a processed run with ESI').toBeDefined();
    await t.db.execute(sql`update employees set esi_number = lpad((3000000000 + id)::text, 10, '0')
      where id in (select employee_id from salary_slips where run_id = ${run.id})`);
    const ws = await sheetOf(await admin.get(`/api/payroll/runs/${run.id}/esi`), 'esi');
    const mon = MONTH_NAMES[run.month - 1].slice(0, 3);
    expect(ws.name).toBe(`ESI contributions ${mon} ${run.year}`);
    expect(ws.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      for (const col of [3, 4, 5]) expect(row.getCell(col).type, `row ${r} column ${col}`).toBe(ExcelJS.ValueType.Number);
      // The IP number stays text (10 digits, leading zeros kept).
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    }
  });
});

/** A python3 with openpyxl (the one on the PATH, else Debian's python3-openpyxl under /usr/bin), or none. */
const python = ['python3', '/usr/bin/python3'].find((bin) => {
  try {
    execFileSync(bin, ['-c', 'import openpyxl'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

describe.skipIf(!python)('openpyxl', () => {
  it('reads a register’s dates as dates and its amounts as numbers', async () => {
    const res = await admin.get('/api/reports/form-a/export', { format: 'xlsx' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = path.join(tmp, 'register.xlsx');
    writeFileSync(file, res.rawPayload);
    const script = `
import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
heads = [c.value for c in ws[3]]
out = {'name': ws.title, 'dates': 0, 'numbers': 0, 'bad': []}
for row in ws.iter_rows(min_row=4):
    for h, c in zip(heads, row):
        if c.value is None: continue
        if h and 'Date' in h:
            if c.is_date and c.number_format.startswith('dd'): out['dates'] += 1
            else: out['bad'].append([h, str(c.value)])
        elif isinstance(c.value, (int, float)): out['numbers'] += 1
print(json.dumps(out))
`;
    const out = JSON.parse(execFileSync(python as string, ['-c', script, file], { encoding: 'utf8' })) as {
      name: string;
      dates: number;
      numbers: number;
      bad: unknown[];
    };
    expect(out.bad).toEqual([]);
    expect(out.dates).toBeGreaterThan(10);
    expect(out.name.length).toBeLessThanOrEqual(31);
  });
});
