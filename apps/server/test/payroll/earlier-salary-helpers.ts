// The earlier-salary tests' sheet and upload: the template's headings and rows written with ExcelJS, sent as the
// screen sends them (multipart/form-data).
import ExcelJS from 'exceljs';
import type { TestApp } from '../helpers';

export const EARLIER_HEADERS = [
  'Employee Code',
  'Name',
  'From Month (YYYY-MM)',
  'To Month (YYYY-MM)',
  'Gross Salary',
  'HRA Exempt 10(13A)',
  'LTA Exempt 10(5)',
  'Other Exempt',
  'Other Exempt Section',
  'PF (Employee)',
  'Professional Tax',
  'TDS Deducted',
  'Previous Employer Salary',
  'Previous Employer PF',
  'Previous Employer PT',
  'Previous Employer TDS',
];

export type SheetRow = (string | number | null)[];

export async function earlierSheet(rows: SheetRow[], headers = EARLIER_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Earlier salary');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function uploadEarlier(t: Pick<TestApp, 'app'>, token: string | null, financialYear: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'earlier.xlsx');
  const body = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/tax/earlier-salary/import?financialYear=${financialYear}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}
