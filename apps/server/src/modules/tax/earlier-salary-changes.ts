// Earlier salary of the financial year (issue 26) as payroll users change it: the upload (every row checked first; an
// employee in the file has the year's rows replaced by the file's; all rows or none) and the change or removal of one
// row until the year is closed for the unit. Every change is audited.
import type { TEarlierSalary, ZEarlierSalaryInput } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { earlierSalaries } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest } from '../../lib/errors';
import type { UploadedSheet } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { earlierSalaryView, MONEY, reachableRow, sheetEmployees, valuesOf } from './earlier-salary-office';
import { checkMonths, checkRow, type EarlierFigures, readSheet, TEMPLATE_HEADERS } from './earlier-salary-sheet';

/** Saves an uploaded sheet of the year: all rows or none (400 naming the rows that cannot be used). */
export async function importEarlierSalary(
  db: Db,
  auth: AuthContext,
  fy: string,
  sheet: UploadedSheet,
  requestId: string,
): Promise<{ saved: number; employees: number }> {
  const header = TEMPLATE_HEADERS.map((_, i) => String(sheet.header[i] ?? '').trim());
  if (header.join('|').toLowerCase() !== TEMPLATE_HEADERS.join('|').toLowerCase())
    throw new BadRequest('The columns are not the template’s', { columns: [`Expected: ${TEMPLATE_HEADERS.join(', ')}`] });
  const staff = await sheetEmployees(db, auth, fy);
  const { rows, errors } = readSheet(sheet, { financialYear: fy, employees: new Map(staff.map((s) => [s.code, s.e])) });
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  if (!rows.length) throw new BadRequest('The sheet has no filled rows', { file: ['Fill at least one row of the template'] });
  const ids = [...new Set(rows.map((r) => r.employeeId))];
  await db.transaction(async (tx) => {
    const before = await tx.select().from(earlierSalaries).where(inArray(earlierSalaries.employeeId, ids));
    await tx.delete(earlierSalaries).where(sql`${earlierSalaries.financialYear} = ${fy} and ${inArray(earlierSalaries.employeeId, ids)}`);
    await tx.insert(earlierSalaries).values(
      rows.map((r) => ({
        employeeId: r.employeeId,
        financialYear: fy,
        fromMonth: r.fromMonth,
        toMonth: r.toMonth,
        ...valuesOf(r),
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })),
    );
    for (const id of ids)
      await writeAudit(tx, {
        entity: 'earlier_salaries',
        entityId: id,
        action: 'import',
        before: before.filter((b) => b.employeeId === id && b.financialYear === fy),
        after: rows.filter((r) => r.employeeId === id),
        userId: auth.userId,
        requestId,
      });
  });
  return { saved: rows.length, employees: ids.length };
}

/** Changes one row (400 for its figures or months, 404 out of reach, 409 once the year is closed); answers it. */
export async function changeEarlierSalary(
  db: Db,
  auth: AuthContext,
  id: number,
  input: z.output<typeof ZEarlierSalaryInput>,
  requestId: string,
): Promise<TEarlierSalary> {
  await db.transaction(async (tx) => {
    const { row, e } = await reachableRow(tx, auth, id);
    const f = { otherExemptSection: input.otherExemptSection } as EarlierFigures;
    for (const k of MONEY) f[k] = Number(toPaise(input[k]));
    const problems: string[] = [];
    checkRow(f, input.fromMonth, input.toMonth, row.financialYear, problems);
    if (!problems.length) {
      const others = await tx.select().from(earlierSalaries).where(eq(earlierSalaries.employeeId, row.employeeId));
      const taken = new Map<number, Set<string>>();
      const scratch: string[] = [];
      for (const o of others)
        if (o.id !== id && o.isActive && o.financialYear === row.financialYear) checkMonths(e, o.fromMonth, o.toMonth, taken, scratch);
      checkMonths({ ...e, paidMonths: e.paidMonths }, input.fromMonth, input.toMonth, taken, problems);
    }
    if (problems.length) throw new BadRequest(problems[0], { row: problems });
    await tx
      .update(earlierSalaries)
      .set({
        fromMonth: input.fromMonth,
        toMonth: input.toMonth,
        ...valuesOf(f),
        updatedAt: new Date(),
        updatedBy: auth.userId,
      })
      .where(eq(earlierSalaries.id, id));
    await writeAudit(tx, {
      entity: 'earlier_salaries',
      entityId: id,
      action: 'update',
      before: row,
      after: { ...input },
      userId: auth.userId,
      requestId,
    });
  });
  return earlierSalaryView(db, auth, id);
}

/** Removes one row (404 out of reach, 409 once the year is closed). */
export async function removeEarlierSalary(db: Db, auth: AuthContext, id: number, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await reachableRow(tx, auth, id);
    await tx.delete(earlierSalaries).where(eq(earlierSalaries.id, id));
    await writeAudit(tx, {
      entity: 'earlier_salaries',
      entityId: id,
      action: 'delete',
      before: row,
      userId: auth.userId,
      requestId,
    });
  });
}
