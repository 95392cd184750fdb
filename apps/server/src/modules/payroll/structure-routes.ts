// Salary structures (versions of the monthly fixed amounts per input head) and increments: one employee or a
// filtered batch, by amount or percentage, effective from a month. A month already approved or locked is
// never rewritten: the difference is recomputed with the month's own formulas and attendance and becomes
// arrears, paid month by month in the next run through the ARREARS head.

import { MENU, YEAR_MONTH, ZIdText, ZIncrement, ZIncrementResult, ZRupees, ZSaveStructure, ZStructure } from '@hr/contract';
import { type AttendanceFigures, arrearsOf, toRupees } from '@hr/payroll';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { employees, salaryArrears, salaryStructures } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { fileResponse } from '../../lib/responses';
import { TEXT_FORMAT, type XlsxBookColumn, xlsxBook } from '../../lib/xlsx';
import { cellValue, uploadedSheet } from '../../lib/xlsx-read';
import { type AuthContext, canReachRecord, canReachUnit, unitScope } from '../access/context';
import { computeMonth, isSlip } from './compute';
import { amountsMap } from './inputs';
import { ADVANCE_HEAD_ID, ARREARS_CODE, BONUS_CODE } from './plan';

const toPaise = (rupees: number) => Math.round(rupees * 100);

type StructureRow = typeof salaryStructures.$inferSelect;

function view(r: StructureRow): z.infer<typeof ZStructure> {
  const amounts = Object.fromEntries(Object.entries(r.amounts).map(([k, v]) => [k, toRupees(Number(v))]));
  return {
    id: r.id,
    employeeId: r.employeeId,
    effectiveFrom: r.effectiveFrom,
    source: r.source,
    remarks: r.remarks,
    amounts,
    total: toRupees(Object.values(r.amounts).reduce((s, v) => s + Number(v), 0)),
    createdAt: r.createdAt.toISOString(),
  };
}

async function reachableEmployee(db: Db | Tx, auth: AuthContext, employeeId: number) {
  const [e] = await db.select({ id: employees.id, unitId: employees.unitId }).from(employees).where(eq(employees.id, employeeId));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  return e;
}

/** Input heads only: a structure names heads that take their amount from it (not calculative, active). */
async function assertInputHeads(db: Db | Tx, headIds: number[]) {
  if (headIds.length === 0) return;
  const rows = await queryRows<{ id: number; ok: boolean }>(
    db,
    sql`select id, (is_active and not is_calculative and not is_net_pay_head and upper(code) not in (${ARREARS_CODE}, ${BONUS_CODE}) and id <> ${ADVANCE_HEAD_ID}) as ok
        from earning_deductions where id in (select jsonb_array_elements_text(${JSON.stringify(headIds)}::jsonb)::int)`,
  );
  const ok = new Set(rows.filter((r) => r.ok).map((r) => r.id));
  const bad = headIds.filter((id) => !ok.has(id));
  if (bad.length) {
    throw new BadRequest('Some heads cannot be in a salary structure', {
      amounts: [`Heads ${bad.join(', ')} are calculated, filled by the system, inactive or unknown`],
    });
  }
}

/**
 * Writes new structure versions (one per employee, effective from `ym`) and the arrears they cause for months
 * already approved or locked. Set-based: a query per affected month, not per employee.
 */
export async function writeStructures(
  tx: Tx,
  auth: AuthContext,
  versions: { employeeId: number; amounts: Record<string, number> }[],
  ym: string,
  source: 'structure' | 'increment',
  remarks: string | null,
  requestId?: string,
): Promise<string[]> {
  if (versions.length === 0) return [];
  const ids = JSON.stringify(versions.map((v) => v.employeeId));
  const later = await queryRows<{ employeeId: number; effectiveFrom: string }>(
    tx,
    sql`select employee_id as "employeeId", effective_from as "effectiveFrom" from salary_structures
        where is_active and effective_from > ${ym} and employee_id in (select jsonb_array_elements_text(${ids}::jsonb)::int) limit 1`,
  );
  if (later.length)
    throw new Conflict(`A later salary structure (from ${later[0].effectiveFrom}) exists; change that one`, 'effectiveFrom');
  const before = await tx
    .select()
    .from(salaryStructures)
    .where(
      sql`${salaryStructures.effectiveFrom} = ${ym} and ${salaryStructures.employeeId} in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
    );
  await tx.execute(
    sql`delete from salary_structures where effective_from = ${ym} and employee_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)
        and not exists (select 1 from salary_arrears a where a.structure_id = salary_structures.id)`,
  );
  const written = await bulkInsert(
    tx,
    salaryStructures,
    versions.map((v) => ({
      employeeId: v.employeeId,
      effectiveFrom: ym,
      amounts: v.amounts,
      source,
      remarks,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })),
    { returning: ['id', 'employeeId'], onConflictDoNothing: true },
  );
  if (written.length < versions.length)
    throw new Conflict(`A structure from ${ym} already paid arrears; add a version from a later month`, 'effectiveFrom');
  const structureOf = new Map(written.map((w) => [w.employeeId, w.id]));

  // Months already final (approved / locked) from `ym` on, with what was paid then.
  const paid = await queryRows<{
    employeeId: number;
    unitId: number;
    year: number;
    month: number;
    amounts: Record<string, number>;
    attendance: AttendanceFigures;
    earlier: string;
  }>(
    tx,
    sql`select s.employee_id as "employeeId", r.unit_id as "unitId", r.year, r.month, s.amounts, s.attendance,
          coalesce((select sum(a.amount) from salary_arrears a
                    where a.employee_id = s.employee_id and a.kind = 'structure' and a.for_month = to_char(make_date(r.year, r.month, 1), 'YYYY-MM')
                      and a.paid_run_id is not null), 0)::text as earlier
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where ${FINAL_RUN} and to_char(make_date(r.year, r.month, 1), 'YYYY-MM') >= ${ym}
          and s.employee_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
  );
  const groups = new Map<string, typeof paid>();
  for (const p of paid) {
    const key = `${p.unitId}|${p.year}|${p.month}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const newAmounts = new Map(versions.map((v) => [v.employeeId, amountsMap(v.amounts)]));
  const arrearsRows: { employeeId: number; forMonth: string; amount: number; structureId: number }[] = [];
  for (const list of groups.values()) {
    const { unitId, year, month } = list[0];
    const only = list.map((p) => p.employeeId);
    const m = await computeMonth(tx, unitId, year, month, {
      only,
      structures: newAmounts,
      attendance: new Map(list.map((p) => [p.employeeId, p.attendance])),
      withoutSystemAmounts: true,
    });
    const earning = new Set(
      m.heads
        .filter((h) => h.isEarning && !h.isNetPayHead && !h.isTotalLWOPHead && h.code !== ARREARS_CODE && h.code !== BONUS_CODE)
        .map((h) => h.id),
    );
    const forMonth = `${year}-${String(month).padStart(2, '0')}`;
    for (const r of m.results) {
      if (!isSlip(r)) throw new Conflict(`The arrears for ${forMonth} cannot be computed: ${r.error}`);
      const p = list.find((x) => x.employeeId === r.employeeId)!;
      const { totalPaise } = arrearsOf([{ year, month, paidNetOrHeads: amountsMap(p.amounts), dueHeads: r.amounts }], earning);
      const amount = totalPaise - Number(p.earlier);
      if (amount !== 0) arrearsRows.push({ employeeId: r.employeeId, forMonth, amount, structureId: structureOf.get(r.employeeId)! });
    }
  }
  // What an earlier increment left unpaid for these months is replaced by the difference computed now.
  await tx.execute(
    sql`delete from salary_arrears where kind = 'structure' and paid_run_id is null and for_month >= ${ym}
        and employee_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
  );
  if (arrearsRows.length) await bulkInsert(tx, salaryArrears, arrearsRows);
  await writeAudit(tx, {
    entity: 'salary_structures',
    entityId: versions.length === 1 ? (structureOf.get(versions[0].employeeId) ?? 0) : `${versions.length} employees`,
    action: source === 'increment' ? 'increment' : before.length ? 'update' : 'create',
    before: before.length === 1 ? before[0] : before.length ? { versions: before.length } : undefined,
    after:
      versions.length === 1
        ? { ...versions[0], effectiveFrom: ym, arrears: arrearsRows }
        : { employees: versions.length, effectiveFrom: ym, arrears: arrearsRows.length },
    userId: auth.userId,
    requestId,
  });
  return [...new Set(arrearsRows.map((a) => a.forMonth))].sort();
}

export const structureRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const params = z.object({ employeeId: ZIdText });

  app.get(
    '/api/payroll/structures/:employeeId',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'view' } },
      schema: { tags, summary: "An employee's salary structure versions, newest first", params, response: { 200: z.array(ZStructure) } },
    },
    async (request) => {
      await reachableEmployee(app.db, request.auth, request.params.employeeId);
      const rows = await app.db
        .select()
        .from(salaryStructures)
        .where(and(eq(salaryStructures.employeeId, request.params.employeeId), eq(salaryStructures.isActive, true)))
        .orderBy(desc(salaryStructures.effectiveFrom));
      return rows.map(view);
    },
  );

  app.post(
    '/api/payroll/structures/:employeeId',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'edit' } },
      schema: {
        tags,
        summary: 'Saves the structure version effective from a month (a back-dated month produces arrears)',
        params,
        body: ZSaveStructure,
        response: { 200: ZIncrementResult },
      },
    },
    async (request) => {
      const e = await reachableEmployee(app.db, request.auth, request.params.employeeId);
      const b = request.body;
      const amounts = Object.fromEntries(Object.entries(b.amounts).map(([k, v]) => [k, toPaise(v)]));
      await assertInputHeads(app.db, Object.keys(amounts).map(Number));
      const arrearsMonths = await app.db.transaction((tx) =>
        writeStructures(tx, request.auth, [{ employeeId: e.id, amounts }], b.effectiveFrom, 'structure', b.remarks ?? null, request.id),
      );
      return { employees: 1, arrearsMonths };
    },
  );

  app.post(
    '/api/payroll/increments',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'add' } },
      schema: {
        tags,
        summary: 'An increment for one employee or a filtered batch, by amount or percentage on chosen heads',
        body: ZIncrement,
        response: { 200: ZIncrementResult },
      },
    },
    async (request) => {
      const b = request.body;
      await assertInputHeads(app.db, b.headIds);
      const targets = await app.db
        .select({ id: employees.id, unitId: employees.unitId })
        .from(employees)
        .where(
          and(
            unitScope(request.auth, employees.unitId),
            b.employeeId ? eq(employees.id, b.employeeId) : undefined,
            b.unitId ? eq(employees.unitId, b.unitId) : undefined,
            b.departmentId ? eq(employees.departmentId, b.departmentId) : undefined,
            b.designationId ? eq(employees.designationId, b.designationId) : undefined,
            b.employeeId ? undefined : sql`${employees.status} <> 'exited'`,
          ),
        );
      if (targets.length === 0) throw new BadRequest('No employee matches', { employeeId: ['No employee of your units matches'] });
      const ids = JSON.stringify(targets.map((t) => t.id));
      const current = await queryRows<{ employeeId: number; amounts: Record<string, number> }>(
        app.db,
        sql`select distinct on (employee_id) employee_id as "employeeId", amounts from salary_structures
            where is_active and employee_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)
            order by employee_id, effective_from desc`,
      );
      if (b.employeeId && current.length === 0)
        throw new Conflict('The employee has no salary structure to raise; enter one first', 'employeeId');
      const versions = current.map((c) => {
        const amounts = { ...c.amounts };
        for (const h of b.headIds) {
          const old = Number(amounts[String(h)] ?? 0);
          amounts[String(h)] = b.by === 'amount' ? old + toPaise(b.value) : Math.round((old * (100 + b.value)) / 100);
        }
        return { employeeId: c.employeeId, amounts };
      });
      const arrearsMonths = await app.db.transaction((tx) =>
        writeStructures(tx, request.auth, versions, b.effectiveFrom, 'increment', b.remarks ?? null, request.id),
      );
      return { employees: versions.length, arrearsMonths };
    },
  );
};

const TEMPLATE_FIXED = ['Employee Code', 'Name', 'Effective From (YYYY-MM)'];

/** The input heads of a structure, in print order: the columns of the structure template. */
async function inputHeads(db: Db | Tx) {
  return queryRows<{ id: number; code: string; printName: string }>(
    db,
    sql`select id, upper(code) as code, print_name as "printName" from earning_deductions
        where is_active and not is_calculative and not is_net_pay_head and upper(code) not in (${ARREARS_CODE}, ${BONUS_CODE}) and id <> ${ADVANCE_HEAD_ID}
        order by print_order, id`,
  );
}

export const structureImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const ZUnitQuery = z.object({ unitId: ZIdText });

  app.get(
    '/api/payroll/structures/template',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'view' } },
      schema: {
        tags,
        summary:
          "An .xlsx of the unit's staff with their current structure (a column per input head); fill the effective month of the rows to load",
        querystring: ZUnitQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const { unitId } = request.query;
      if (!canReachUnit(request.auth, unitId)) throw new NotFound('Unit not found');
      const heads = await inputHeads(app.db);
      const staff = await queryRows<{ code: string; name: string; amounts: Record<string, number> | null }>(
        app.db,
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
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="Salary_Structures.xlsx"')
        .send(await xlsxBook([{ sheet: 'Salary structures', frozenColumns: 2, columns, rows }]));
    },
  );

  app.post(
    '/api/payroll/structures/import',
    {
      config: { access: { menu: MENU.salaryIncrement, action: 'edit' } },
      schema: {
        tags,
        summary: 'Uploads salary structures (.xlsx: employee code, effective month, an amount per head column): all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: ZIncrementResult.extend({ saved: z.number() }) },
      },
    },
    async (request) => {
      const ws = await uploadedSheet(request, 20 * 1024 * 1024, 'a structure sheet');
      const heads = await inputHeads(app.db);
      const byCode = new Map(heads.map((h) => [h.code, h.id]));
      const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) =>
        String(v ?? '')
          .trim()
          .toUpperCase(),
      );
      const headCols = header.map((h, i) => ({ i: i + 1, id: byCode.get(h) })).filter((c) => c.i > 3);
      const unknownCols = headCols
        .filter((c) => c.id === undefined)
        .map((c) => header[c.i - 1])
        .filter(Boolean);
      if (unknownCols.length) throw new BadRequest('Unknown columns', { columns: [`Not input heads: ${unknownCols.join(', ')}`] });
      const codes = new Map(
        (
          await queryRows<{ id: number; code: string; unitId: number }>(
            app.db,
            sql`select id, lower(employee_code) as code, unit_id as "unitId" from employees`,
          )
        ).map((e) => [e.code, e]),
      );
      const errors: Record<string, string[]> = {};
      const byMonth = new Map<string, { employeeId: number; amounts: Record<string, number> }[]>();
      const seen = new Set<number>();
      const cellText = (v: unknown) => String(cellValue(v) ?? '').trim();
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const code = cellText(row.getCell(1).value);
        // A row without an effective month is left as it is (the template lists everyone; fill only who changes).
        if (!code || !cellText(row.getCell(3).value)) return;
        const problems: string[] = [];
        const emp = codes.get(code.toLowerCase());
        if (!emp || !canReachRecord(request.auth, { employeeId: emp.id, unitId: emp.unitId }))
          problems.push(`${code}: no such employee in your units`);
        else if (seen.has(emp.id)) problems.push(`${code}: appears twice`);
        const ym = cellText(row.getCell(3).value);
        if (!YEAR_MONTH.test(ym)) problems.push(`Effective From must be a month as YYYY-MM, not '${ym}'`);
        const amounts: Record<string, number> = {};
        for (const c of headCols) {
          const raw = cellText(row.getCell(c.i).value);
          if (raw === '') continue;
          const parsed = ZRupees.safeParse(Number(raw.replace(/,/g, '')));
          if (!parsed.success || Number.isNaN(Number(raw.replace(/,/g, ''))))
            problems.push(`${header[c.i - 1]}: '${raw}' is not an amount in rupees and paise`);
          else if (parsed.data > 0) amounts[String(c.id)] = toPaise(parsed.data);
        }
        if (problems.length) {
          errors[`row ${n}`] = problems;
          return;
        }
        seen.add(emp!.id);
        byMonth.set(ym, [...(byMonth.get(ym) ?? []), { employeeId: emp!.id, amounts }]);
      });
      if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
      if (seen.size === 0) throw new BadRequest('The sheet has no rows');
      const months = new Set<string>();
      await app.db.transaction(async (tx) => {
        for (const [ym, versions] of byMonth) {
          for (const m of await writeStructures(tx, request.auth, versions, ym, 'structure', 'Imported from Excel', request.id))
            months.add(m);
        }
      });
      return { saved: seen.size, employees: seen.size, arrearsMonths: [...months].sort() };
    },
  );
};
