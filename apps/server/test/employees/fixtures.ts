import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { IMPORT_COLUMNS } from '../../src/modules/employees/import-columns';

/** A multipart/form-data body with one file part (plus optional fields). */
export function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----hr${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a Windows executable (MZ header + PE signature), as a disguised upload. */
export function fakeExe(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
}

export interface ImportRefs {
  units: string[];
  departments: string[];
  designations: string[];
}

/** One template row (by header) for the i-th generated employee. */
export function importRow(i: number, refs: ImportRefs, prefix = 'IMP'): Record<string, string | number | Date | null> {
  const e = demoEmployee(i, { unitIds: [0], departmentIds: [0], designationIds: [0] }, prefix, 3);
  return {
    'Employee Code': e.employeeCode,
    Name: e.name as string,
    'Father Name': e.fatherName ?? null,
    Gender: e.gender as string,
    'Date of Birth': e.dateOfBirth as string,
    'Blood Group': e.bloodGroup ?? null,
    Mobile: e.mobile as string,
    'E-mail': e.email ?? null,
    'Present Address': e.presentAddress ?? null,
    'Present PIN Code': e.presentPincode ?? null,
    'Emergency Contact Name': e.emergencyContactName ?? null,
    'Emergency Contact Relation': e.emergencyContactRelation ?? null,
    'Emergency Contact Mobile': e.emergencyContactMobile ?? null,
    Unit: refs.units[i % refs.units.length],
    Department: refs.departments[i % refs.departments.length],
    Designation: refs.designations[i % refs.designations.length],
    'Date of Joining': e.dateOfJoining as string,
    'Weekly Offs': 'Sun',
    Status: 'Active',
    PAN: e.pan ?? null,
    Aadhaar: e.aadhaarFull,
    UAN: e.uan ?? null,
    'PF Applicable': 'Yes',
    'ESI Applicable': 'No',
    'PT Applicable': 'Yes',
    'Pay Mode': 'Bank',
    'Bank Account No': e.bankAccountNo ?? null,
    IFSC: e.ifsc ?? null,
    'Bank Name': e.bankName ?? null,
    'Bank Branch': e.bankBranch ?? null,
  };
}

/** An .xlsx in the template's layout with the given rows (spreadsheet row = index + 2). */
export async function importWorkbook(rows: Record<string, string | number | Date | null>[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c) => chunks.push(c));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = writer.addWorksheet('Employees');
  ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.header }));
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await writer.commit();
  return Buffer.concat(chunks);
}

export function importCsv(rows: Record<string, string | number | Date | null>[]): Buffer {
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  const esc = (v: unknown) => {
    const s = v == null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from([headers.join(','), ...rows.map((r) => headers.map((h) => esc(r[h])).join(','))].join('\r\n'));
}
