/**
 * The employees' statutory particulars in the Excel import and export: UAN, PF and ESI numbers, the PF ceiling
 * choice, EPF first joining and the wages then (EPS eligibility), a prior EPS membership and disability are read
 * and checked like the employee form (ZEmployeeInput), and come back out of the export under the same headers.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { type ImportRefs, importRow, importWorkbook, multipart } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
const refs: ImportRefs = { units: ['HO-BLR'], departments: ['ADM'], designations: ['Administrative Executive'] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

type Result = { ok: boolean; imported: number; errors: { row: number; column: string; message: string }[] };
async function upload(data: Buffer): Promise<Result> {
  const res = await admin.post('/api/employees/import', undefined, multipart({ name: 'staff.xlsx', type: XLSX, data }));
  if (res.statusCode === 200) return res.json();
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const job = (await admin.get(`/api/jobs/${res.json().jobId}`)).json();
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
  return job.result as Result;
}

/** The export's rows for a search, as header → cell value. */
async function exported(search: string): Promise<Record<string, unknown>[]> {
  const res = await admin.get(`/api/employees/export?search=${encodeURIComponent(search)}`);
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const out: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return out;
}

type Row = Record<string, string | number | Date | null>;
const STATUTORY = {
  UAN: '100200300400',
  'PF Number': 'KN/BNG/0012345/000/0000123',
  'ESI Number': '3100123456',
  'PF Applicable': 'Yes',
  'ESI Applicable': 'Yes',
  'PT Applicable': 'No',
  'PF Restrict to Ceiling': 'No',
  'EPF First Joined': '2015-06-01',
  'EPF Wages at Joining': 16000.5,
  'Prior EPS Member': 'Yes',
  'Person with Disability': 'Yes',
};

describe('statutory particulars in the employee import and export', () => {
  it('imports them, stores them as the form would, and exports them under the import’s headers', async () => {
    const a: Row = { ...importRow(1, refs, 'STI'), ...STATUTORY };
    // Blank cells take the form's defaults: PF on wages up to the ceiling, no prior EPS, not disabled.
    const b: Row = { ...importRow(2, refs, 'STI'), UAN: null, 'PF Restrict to Ceiling': null, 'Prior EPS Member': null };
    const result = await upload(await importWorkbook([a, b]));
    expect(result, JSON.stringify(result.errors)).toMatchObject({ ok: true, imported: 2 });

    const [row] = await t.db
      .select()
      .from(employees)
      .where(eq(employees.employeeCode, String(a['Employee Code'])));
    expect(row).toMatchObject({
      uan: '100200300400',
      pfNumber: 'KN/BNG/0012345/000/0000123',
      esiNumber: '3100123456',
      pfApplicable: true,
      esiApplicable: true,
      ptApplicable: false,
      pfRestrictToCeiling: false,
      epfFirstJoined: '2015-06-01',
      epfWagesAtJoining: 1_600_050, // paise
      epsPriorMember: true,
      isDisabled: true,
    });

    const rows = await exported('STI');
    const byCode = new Map(rows.map((r) => [r['Employee Code'], r]));
    const outA = byCode.get(a['Employee Code'])!;
    // Dates come back as date cells (issue 28): the same day the import took as text.
    expect(outA['EPF First Joined']).toBeInstanceOf(Date);
    const cell = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
    for (const [header, value] of Object.entries(STATUTORY)) expect(cell(outA[header]), header).toBe(value);
    const outB = byCode.get(b['Employee Code'])!;
    expect(outB).toMatchObject({
      UAN: null,
      'PF Restrict to Ceiling': 'Yes',
      'EPF First Joined': null,
      'EPF Wages at Joining': null,
      'Prior EPS Member': 'No',
      'Person with Disability': 'No',
    });
    expect(outA.PAN).toBe(a.PAN);

    // The exported particulars read back through the import unchanged (the rest of the row from the template).
    const again: Row = { ...importRow(3, refs, 'STJ'), ...Object.fromEntries(Object.keys(STATUTORY).map((h) => [h, outA[h] as string])) };
    expect(await upload(await importWorkbook([again]))).toMatchObject({ ok: true, imported: 1 });
    const back = (await exported('STJ')).find((r) => r['Employee Code'] === again['Employee Code'])!;
    for (const header of Object.keys(STATUTORY)) expect(cell(back[header]), header).toBe(cell(outA[header]));
  });

  it('refuses what the form refuses, naming the row and the column', async () => {
    const rows = [
      { ...importRow(1, refs, 'STB'), UAN: '12345' },
      { ...importRow(2, refs, 'STB'), 'EPF Wages at Joining': -100, 'EPF First Joined': '2015-06-01' },
      { ...importRow(3, refs, 'STB'), 'EPF Wages at Joining': 15000 }, // no first-joined date
      { ...importRow(4, refs, 'STB'), 'EPF First Joined': '1950-01-01' }, // before the date of birth
      { ...importRow(5, refs, 'STB'), 'Person with Disability': 'maybe', 'PF Restrict to Ceiling': 'sometimes' },
      { ...importRow(6, refs, 'STB'), 'EPF First Joined': '2015-02-30' },
      { ...importRow(7, refs, 'STB'), 'ESI Number': '12AB' },
    ];
    const result = await upload(await importWorkbook(rows));
    expect(result.ok).toBe(false);
    expect(result.imported).toBe(0);
    const at = (row: number) =>
      result.errors
        .filter((e) => e.row === row)
        .map((e) => e.column)
        .sort();
    expect(at(2)).toEqual(['UAN']);
    expect(at(3)).toEqual(['EPF Wages at Joining']);
    expect(at(4)).toEqual(['EPF First Joined']);
    expect(at(5)).toEqual(['EPF First Joined']);
    expect(at(6)).toEqual(['PF Restrict to Ceiling', 'Person with Disability']);
    expect(at(7)).toEqual(['EPF First Joined']);
    expect(at(8)).toEqual(['ESI Number']);
    expect(result.errors.find((e) => e.row === 6)?.message).toBe('Write Yes or No');
  });

  it('explains the new columns in the template', async () => {
    const res = await admin.get('/api/employees/import/template');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    for (const h of ['PF Restrict to Ceiling', 'EPF First Joined', 'EPF Wages at Joining', 'Prior EPS Member', 'Person with Disability'])
      expect(headers).toContain(h);
  });
});
