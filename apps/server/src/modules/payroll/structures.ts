// Salary structures and increments: an employee's versions, saving one (a back-dated month writes arrears), and an
// increment for one employee or a filtered batch, by amount or percentage on chosen heads. The input heads a
// structure may name (not calculated, not filled by the system, active) are checked here.
import type { ZIncrement, ZSaveStructure, ZStructure } from '@hr/contract';
import { toPaise, toRupees } from '@hr/payroll';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { employees, salaryStructures } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { type AuthContext, canReachRecord, unitScope } from '../access/context';
import { ADVANCE_HEAD_ID, ARREARS_CODE, BONUS_CODE } from './plan';
import { writeStructures } from './structure-write';

/**
 * An increment by amount in paise: its rupees may carry more than two decimals (ZIncrement), rounded as they always
 * were (`toPaise` would round 1.005 up where this rounds its binary 100.4999… down).
 */
const incrementPaise = (rupees: number) => Math.round(rupees * 100);

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

/** The input heads of a structure, in print order: the columns of the structure template. */
export async function inputHeads(db: Db | Tx) {
  return queryRows<{ id: number; code: string; printName: string }>(
    db,
    sql`select id, upper(code) as code, print_name as "printName" from earning_deductions
        where is_active and not is_calculative and not is_net_pay_head and upper(code) not in (${ARREARS_CODE}, ${BONUS_CODE}) and id <> ${ADVANCE_HEAD_ID}
        order by print_order, id`,
  );
}

/** An employee's salary structure versions, newest first (404 outside the caller's reach). */
export async function structureVersions(db: Db, auth: AuthContext, employeeId: number) {
  await reachableEmployee(db, auth, employeeId);
  const rows = await db
    .select()
    .from(salaryStructures)
    .where(and(eq(salaryStructures.employeeId, employeeId), eq(salaryStructures.isActive, true)))
    .orderBy(desc(salaryStructures.effectiveFrom));
  return rows.map(view);
}

/** Saves the structure version effective from a month (a back-dated month produces arrears). */
export async function saveStructure(db: Db, auth: AuthContext, employeeId: number, b: z.output<typeof ZSaveStructure>, requestId: string) {
  const e = await reachableEmployee(db, auth, employeeId);
  const amounts = Object.fromEntries(Object.entries(b.amounts).map(([k, v]) => [k, Number(toPaise(v))]));
  await assertInputHeads(db, Object.keys(amounts).map(Number));
  const arrearsMonths = await db.transaction((tx) =>
    writeStructures(tx, auth, [{ employeeId: e.id, amounts }], b.effectiveFrom, 'structure', b.remarks ?? null, requestId),
  );
  return { employees: 1, arrearsMonths };
}

/** An increment for one employee or a filtered batch of the caller's units, by amount or percentage on chosen heads. */
export async function increment(db: Db, auth: AuthContext, b: z.output<typeof ZIncrement>, requestId: string) {
  await assertInputHeads(db, b.headIds);
  const targets = await db
    .select({ id: employees.id, unitId: employees.unitId })
    .from(employees)
    .where(
      and(
        unitScope(auth, employees.unitId),
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
    db,
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
      amounts[String(h)] = b.by === 'amount' ? old + incrementPaise(b.value) : Math.round((old * (100 + b.value)) / 100);
    }
    return { employeeId: c.employeeId, amounts };
  });
  const arrearsMonths = await db.transaction((tx) =>
    writeStructures(tx, auth, versions, b.effectiveFrom, 'increment', b.remarks ?? null, requestId),
  );
  return { employees: versions.length, arrearsMonths };
}
