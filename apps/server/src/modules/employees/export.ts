import type { PassThrough } from 'node:stream';
import { STATUS_LABEL, type TEmployee, type ZEmployeeListQuery } from '@hr/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, departments, designations, employees, units } from '../../db/schema';
import { streamXlsx, type XlsxColumnType } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { listConditions } from './list';

const PAGE = 5000;

type ExportRow = {
  employeeCode: string;
  name: string;
  unitName: string;
  departmentName: string;
  designationName: string;
  categoryName: string | null;
  mobile: string;
  email: string | null;
  dateOfJoining: string;
  status: string;
  exitDate: string | null;
  pan: string | null;
  uan: string | null;
  pfNumber: string | null;
  esiNumber: string | null;
  pfApplicable: boolean;
  esiApplicable: boolean;
  ptApplicable: boolean;
  pfRestrictToCeiling: boolean;
  epfFirstJoined: string | null;
  epfWagesAtJoining: number | null;
  epsPriorMember: boolean;
  isDisabled: boolean;
};

const COLUMNS: { header: string; key: keyof ExportRow; width: number; type?: XlsxColumnType }[] = [
  { header: 'Employee Code', key: 'employeeCode', width: 16 },
  { header: 'Name', key: 'name', width: 28 },
  { header: 'Unit', key: 'unitName', width: 24 },
  { header: 'Department', key: 'departmentName', width: 22 },
  { header: 'Designation', key: 'designationName', width: 22 },
  { header: 'Category', key: 'categoryName', width: 16 },
  { header: 'Mobile', key: 'mobile', width: 14 },
  { header: 'E-mail', key: 'email', width: 28 },
  { header: 'Date of Joining', key: 'dateOfJoining', width: 14, type: 'date' },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Exit Date', key: 'exitDate', width: 14, type: 'date' },
  // The statutory particulars, under the import template's headers (import-columns.ts) so the file imports back.
  { header: 'PAN', key: 'pan', width: 13 },
  { header: 'UAN', key: 'uan', width: 14 },
  { header: 'PF Number', key: 'pfNumber', width: 26 },
  { header: 'ESI Number', key: 'esiNumber', width: 19 },
  { header: 'PF Applicable', key: 'pfApplicable', width: 9 },
  { header: 'ESI Applicable', key: 'esiApplicable', width: 9 },
  { header: 'PT Applicable', key: 'ptApplicable', width: 9 },
  { header: 'PF Restrict to Ceiling', key: 'pfRestrictToCeiling', width: 9 },
  { header: 'EPF First Joined', key: 'epfFirstJoined', width: 14, type: 'date' },
  { header: 'EPF Wages at Joining', key: 'epfWagesAtJoining', width: 12, type: 'money' },
  { header: 'Prior EPS Member', key: 'epsPriorMember', width: 9 },
  { header: 'Person with Disability', key: 'isDisabled', width: 9 },
];

/** A cell of the export: Yes / No as the import reads them, the status's label; the writer makes dates date cells and paise rupees. */
function cellOf(r: ExportRow, key: keyof ExportRow): string | number | null {
  const v = r[key];
  if (key === 'status') return STATUS_LABEL[v as TEmployee['status']] ?? (v as string);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return v;
}

/**
 * The filtered list as an .xlsx stream through the one streaming writer (lib/xlsx.ts): read from the database
 * a page at a time, each row committed as written, so memory holds one page whatever the list's size. The
 * query is validated by the route (the list's own schema, the same 400) and the first page is read before
 * anything is sent, so a query the database refuses answers with a proper error instead of a download that
 * breaks off.
 */
export async function exportEmployees(db: Db, auth: AuthContext, q: z.output<typeof ZEmployeeListQuery>): Promise<PassThrough> {
  const where = listConditions(auth, q);
  const page = (offset: number): Promise<ExportRow[]> =>
    db
      .select({
        employeeCode: employees.employeeCode,
        name: employees.name,
        unitName: units.name,
        departmentName: departments.name,
        designationName: designations.name,
        categoryName: categories.name,
        mobile: employees.mobile,
        email: employees.email,
        dateOfJoining: employees.dateOfJoining,
        status: employees.status,
        exitDate: employees.exitDate,
        pan: employees.pan,
        uan: employees.uan,
        pfNumber: employees.pfNumber,
        esiNumber: employees.esiNumber,
        pfApplicable: employees.pfApplicable,
        esiApplicable: employees.esiApplicable,
        ptApplicable: employees.ptApplicable,
        pfRestrictToCeiling: employees.pfRestrictToCeiling,
        epfFirstJoined: employees.epfFirstJoined,
        epfWagesAtJoining: employees.epfWagesAtJoining,
        epsPriorMember: employees.epsPriorMember,
        isDisabled: employees.isDisabled,
      })
      .from(employees)
      .innerJoin(units, eq(units.id, employees.unitId))
      .innerJoin(departments, eq(departments.id, employees.departmentId))
      .innerJoin(designations, eq(designations.id, employees.designationId))
      .leftJoin(categories, eq(categories.id, employees.categoryId))
      .where(where)
      .orderBy(asc(employees.employeeCode), asc(employees.id))
      .limit(PAGE)
      .offset(offset);
  const first = await page(0);
  async function* rows() {
    let batch = first;
    for (let offset = 0; ; ) {
      yield batch.map((r) => ({
        values: COLUMNS.map((c) => cellOf(r, c.key)),
      }));
      if (batch.length < PAGE) return;
      offset += PAGE;
      batch = await page(offset);
    }
  }
  return streamXlsx({
    sheet: 'Employees',
    columns: COLUMNS.map((c) => ({ header: c.header, width: c.width, type: c.type })),
    rows: rows(),
  });
}
