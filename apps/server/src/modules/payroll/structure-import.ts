// Salary structures by Excel: the template (the unit's staff with their current structure, a column per input head)
// and its upload (employee code, effective month, an amount per head column), all rows or none.
import { YEAR_MONTH, ZRupees } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { BadRequest, NotFound } from '../../lib/errors';
import { type SheetCell, TEXT_FORMAT, type UploadedSheet, type XlsxBookColumn, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachRecord, canReachUnit } from '../access/context';
import { writeStructures } from './structure-write';
import { inputHeads } from './structures';

const TEMPLATE_FIXED = ['Employee Code', 'Name', 'Effective From (YYYY-MM)'];

type Versions = Map<string, { employeeId: number; amounts: Record<string, number> }[]>;

/** An .xlsx of the unit's staff with their current structure (a column per input head) to fill and upload. */
export async function structureTemplate(db: Db, auth: AuthContext, unitId: number): Promise<Buffer> {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const heads = await inputHeads(db);
  const staff = await queryRows<{ code: string; name: string; amounts: Record<string, number> | null }>(
    db,
    sql`select e.employee_code as code, e.name,
          (select s.amounts from salary_structures s where s.employee_id = e.id and s.is_active order by s.effective_from desc limit 1) as amounts
        from employees e where e.unit_id = ${unitId} and e.status <> 'exited' order by e.employee_code`,
  );
  // Amounts are rupees (money cells in the Indian format); the effective month stays text ('2026-04' is no date).
  const columns: XlsxBookColumn[] = [
    { header: TEMPLATE_FIXED[0], width: 14, numFmt: TEXT_FORMAT },
    { header: TEMPLATE_FIXED[1], width: 28 },
    { header: TEMPLATE_FIXED[2], width: 22, numFmt: TEXT_FORMAT, note: 'The month the amounts take effect, as YYYY-MM' },
    ...heads.map((h) => ({ header: h.code, width: 14, type: 'money' as const, note: h.printName })),
  ];
  const rows = staff.map((e) => ({ values: [e.code, e.name, null, ...heads.map((h) => Number(e.amounts?.[String(h.id)] ?? 0))] }));
  return xlsxBook([{ sheet: 'Salary structures', frozenColumns: 2, columns, rows }]);
}

/** The sheet's head columns (after the fixed three) with their head ids; 400 naming columns that are not input heads. */
async function headColumns(db: Db, sheet: UploadedSheet) {
  const heads = await inputHeads(db);
  const byCode = new Map(heads.map((h) => [h.code, h.id]));
  const header = sheet.header.map((v) =>
    String(v ?? '')
      .trim()
      .toUpperCase(),
  );
  // A column without a heading is no head's (ExcelJS left an empty cell out of the row's values).
  const headCols = header.map((h, i) => ({ i: i + 1, id: byCode.get(h) })).filter((c) => c.i > 3 && header[c.i - 1] !== '');
  const unknownCols = headCols
    .filter((c) => c.id === undefined)
    .map((c) => header[c.i - 1])
    .filter(Boolean);
  if (unknownCols.length) throw new BadRequest('Unknown columns', { columns: [`Not input heads: ${unknownCols.join(', ')}`] });
  return { header, headCols };
}

/** The filled rows as versions by effective month, checked (400 naming every row's problems, nothing saved). */
async function readVersions(db: Db, auth: AuthContext, sheet: UploadedSheet): Promise<{ byMonth: Versions; employees: number }> {
  const { header, headCols } = await headColumns(db, sheet);
  const codes = new Map(
    (
      await queryRows<{ id: number; code: string; unitId: number }>(
        db,
        sql`select id, lower(employee_code) as code, unit_id as "unitId" from employees`,
      )
    ).map((e) => [e.code, e]),
  );
  const errors: Record<string, string[]> = {};
  const byMonth: Versions = new Map();
  const seen = new Set<number>();
  const cellText = (v: SheetCell | undefined) => String(v ?? '').trim();
  for (const { rowNo: n, cells } of sheet.rows) {
    const code = cellText(cells[0]);
    // A row without an effective month is left as it is (the template lists everyone; fill only who changes).
    if (!code || !cellText(cells[2])) continue;
    const problems: string[] = [];
    const emp = codes.get(code.toLowerCase());
    if (!emp || !canReachRecord(auth, { employeeId: emp.id, unitId: emp.unitId })) problems.push(`${code}: no such employee in your units`);
    else if (seen.has(emp.id)) problems.push(`${code}: appears twice`);
    const ym = cellText(cells[2]);
    if (!YEAR_MONTH.test(ym)) problems.push(`Effective From must be a month as YYYY-MM, not '${ym}'`);
    const amounts: Record<string, number> = {};
    for (const c of headCols) {
      const raw = cellText(cells[c.i - 1]);
      if (raw === '') continue;
      const parsed = ZRupees.safeParse(Number(raw.replace(/,/g, '')));
      if (!parsed.success || Number.isNaN(Number(raw.replace(/,/g, ''))))
        problems.push(`${header[c.i - 1]}: '${raw}' is not an amount in rupees and paise`);
      else if (parsed.data > 0) amounts[String(c.id)] = Number(toPaise(parsed.data));
    }
    if (problems.length) {
      errors[`row ${n}`] = problems;
      continue;
    }
    seen.add(emp!.id);
    byMonth.set(ym, [...(byMonth.get(ym) ?? []), { employeeId: emp!.id, amounts }]);
  }
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  if (seen.size === 0) throw new BadRequest('The sheet has no rows');
  return { byMonth, employees: seen.size };
}

/** Saves the uploaded structures (all rows or none) with the arrears of months already final. */
export async function importStructures(db: Db, auth: AuthContext, sheet: UploadedSheet, requestId: string) {
  const { byMonth, employees } = await readVersions(db, auth, sheet);
  const months = new Set<string>();
  await db.transaction(async (tx) => {
    for (const [ym, versions] of byMonth) {
      for (const m of await writeStructures(tx, auth, versions, ym, 'structure', 'Imported from Excel', requestId)) months.add(m);
    }
  });
  return { saved: employees, employees, arrearsMonths: [...months].sort() };
}
