import { PassThrough } from 'node:stream';
import { STATUS_LABEL, type TEmployee, type ZEmployeeListQuery } from '@hr/contract';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, departments, designations, employees, units } from '../../db/schema';
import type { AuthContext } from '../access/context';
import { listConditions } from './service';

const PAGE = 5000;

/**
 * The filtered list as an .xlsx stream (written row by row, read from the database in pages). The first
 * page is read before anything is sent, so a query the database refuses answers with a proper error
 * instead of a download that breaks off.
 */
export async function exportEmployees(db: Db, auth: AuthContext, q: z.output<typeof ZEmployeeListQuery>): Promise<PassThrough> {
  const where = listConditions(auth, q);
  const page = (offset: number) =>
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
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Employee Code', key: 'employeeCode', width: 16 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Unit', key: 'unitName', width: 24 },
    { header: 'Department', key: 'departmentName', width: 22 },
    { header: 'Designation', key: 'designationName', width: 22 },
    { header: 'Category', key: 'categoryName', width: 16 },
    { header: 'Mobile', key: 'mobile', width: 14 },
    { header: 'E-mail', key: 'email', width: 28 },
    { header: 'Date of Joining', key: 'dateOfJoining', width: 14 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Exit Date', key: 'exitDate', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  (async () => {
    let rows = first;
    for (let offset = 0; ; ) {
      for (const r of rows) ws.addRow({ ...r, status: STATUS_LABEL[r.status as TEmployee['status']] ?? r.status }).commit();
      if (rows.length < PAGE) break;
      offset += PAGE;
      rows = await page(offset);
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
