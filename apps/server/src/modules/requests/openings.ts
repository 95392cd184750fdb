// Opening leave balances from Excel: the template (one row per active employee in reach and active leave type, Days
// left empty) and the import (rows with errors reported, the rest posted as opening lines in one transaction).

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { leaveLedger } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, NotFound } from '../../lib/errors';
import { readSheet, streamXlsx, cellText as text, type UploadedSheet } from '../../lib/xlsx';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { leavePolicies } from './leave-terms';
import { reworkYearEnds } from './ledger-year-end';

/** The opening balances template of the caller's units (or one unit: 404 out of reach). */
export async function openingsTemplate(db: Db, auth: AuthContext, unitId: number | null) {
  if (unitId !== null && !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const scope = unitScope(auth, sql`e.unit_id`) ?? sql`true`;
  const rows = await queryRows<{ code: string; leave: string }>(
    db,
    sql`select e.employee_code as code, lt.code as leave from employees e cross join leave_types lt
        where e.status = 'active' and lt.is_active and ${scope} ${unitId ? sql`and e.unit_id = ${unitId}` : sql``}
        order by e.employee_code, lt.code`,
  );
  return streamXlsx({
    sheet: 'Opening balances',
    columns: [
      { header: 'Employee Code', width: 16 },
      { header: 'Leave Code', width: 12 },
      { header: 'Days', width: 8 },
      { header: 'Reason', width: 40 },
    ],
    rows: (async function* () {
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map((r) => ({ values: [r.code, r.leave, null, null] }));
    })(),
  });
}

/** Reads the sheet's opening lines for year `fy`: the lines to post and each refused row with its reason. */
async function openingLines(db: Db, auth: AuthContext, fy: number, sheet: UploadedSheet) {
  const header = sheet.header.map((v) => text(v).toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const cCode = col('employee code');
  const cLeave = col('leave code');
  const cDays = col('days');
  const cReason = col('reason');
  if (cCode < 0 || cLeave < 0 || cDays < 0) throw new BadRequest('The first row must name the columns Employee Code, Leave Code and Days');
  const types = new Map((await leavePolicies(db)).map((p) => [p.code.toLowerCase(), p]));
  const staff = new Map(
    (
      await queryRows<{ id: number; code: string; unitId: number }>(
        db,
        sql`select id, employee_code as code, unit_id as "unitId" from employees`,
      )
    ).map((e) => [e.code.toLowerCase(), e]),
  );
  const errors: { row: number; message: string }[] = [];
  const lines: (typeof leaveLedger.$inferInsert)[] = [];
  for (const { rowNo: n, cells: v } of sheet.rows) {
    const code = text(v[cCode]);
    const leave = text(v[cLeave]);
    const daysText = text(v[cDays]);
    if (!code && !leave && !daysText) continue;
    const e = staff.get(code.toLowerCase());
    const t = types.get(leave.toLowerCase());
    const days = Number(daysText);
    if (!e || !canReachUnit(auth, e.unitId)) errors.push({ row: n, message: `No employee with the code '${code}'` });
    else if (!t) errors.push({ row: n, message: `No leave type with the code '${leave}'` });
    else if (!Number.isFinite(days) || days < 0 || !Number.isInteger(days * 2) || days > 999) {
      errors.push({ row: n, message: `Days must be whole or half days (not '${daysText}')` });
    } else if (days > 0) {
      lines.push({
        employeeId: e.id,
        leaveTypeId: t.id,
        financialYear: fy,
        kind: 'opening',
        days: String(days),
        reason: (cReason >= 0 ? text(v[cReason]) : '') || 'Opening balance (import)',
        createdBy: auth.userId,
      });
    }
  }
  return { lines, errors };
}

/** Posts the workbook's opening balances for year `fy` (audited); the rows refused are reported, not posted. */
export async function importOpenings(db: Db, auth: AuthContext, fy: number, buffer: Buffer, requestId?: string) {
  const { lines, errors } = await openingLines(db, auth, fy, await readSheet(buffer, 'The file is not an Excel workbook (.xlsx)'));
  if (lines.length) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < lines.length; i += 500) await tx.insert(leaveLedger).values(lines.slice(i, i + 500));
      await reworkYearEnds(tx, lines);
      await writeAudit(tx, {
        entity: 'leave_ledger',
        entityId: 0,
        action: 'import openings',
        after: { financialYear: fy, lines: lines.length },
        userId: auth.userId,
        requestId,
      });
    });
  }
  return { posted: lines.length, errors };
}
