// Writing salary structure versions: one per employee effective from a month, and the arrears they cause for months
// already approved or locked (recomputed with the month's own formulas and attendance, paid by the next run through
// the ARREARS head). Set-based: a query per affected month, not per employee.
import { type AttendanceFigures, arrearsOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { salaryArrears, salaryStructures } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { Conflict } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import type { AuthContext } from '../access/context';
import { computeMonth, isSlip } from './compute';
import { amountsMap } from './inputs';
import { ARREARS_CODE, BONUS_CODE } from './plan';

type Version = { employeeId: number; amounts: Record<string, number> };
type ArrearsRow = { employeeId: number; forMonth: string; amount: number; structureId: number };
/** A month already final (approved / locked) from the version's month on, with what was paid then. */
type PaidMonth = {
  employeeId: number;
  unitId: number;
  year: number;
  month: number;
  amounts: Record<string, number>;
  attendance: AttendanceFigures;
  earlier: string;
};

/** The employees as a JSON array, for `in (select jsonb_array_elements_text(…))`. */
const idsOf = (versions: Version[]) => JSON.stringify(versions.map((v) => v.employeeId));

/**
 * Replaces the versions from `ym` of these employees (refused when a later version exists, or when the one of `ym`
 * already paid arrears); answers the versions replaced and the new version's id by employee.
 */
async function replaceVersions(
  tx: Tx,
  auth: AuthContext,
  versions: Version[],
  ym: string,
  source: 'structure' | 'increment',
  remarks: string | null,
) {
  const ids = idsOf(versions);
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
  return { before, structureOf: new Map(written.map((w) => [w.employeeId, w.id])) };
}

/** Months already final (approved / locked) from `ym` on, with what was paid then and the arrears already paid for them. */
function paidMonths(tx: Tx, versions: Version[], ym: string) {
  return queryRows<PaidMonth>(
    tx,
    sql`select s.employee_id as "employeeId", r.unit_id as "unitId", r.year, r.month, s.amounts, s.attendance,
          coalesce((select sum(a.amount) from salary_arrears a
                    where a.employee_id = s.employee_id and a.kind = 'structure' and a.for_month = to_char(make_date(r.year, r.month, 1), 'YYYY-MM')
                      and a.paid_run_id is not null), 0)::text as earlier
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where ${FINAL_RUN} and to_char(make_date(r.year, r.month, 1), 'YYYY-MM') >= ${ym}
          and s.employee_id in (select jsonb_array_elements_text(${idsOf(versions)}::jsonb)::int)`,
  );
}

/** The difference each final month owes under the new amounts, less the arrears already paid for it. */
async function arrearsOfMonths(tx: Tx, versions: Version[], paid: PaidMonth[], structureOf: Map<number, number>): Promise<ArrearsRow[]> {
  const groups = new Map<string, PaidMonth[]>();
  for (const p of paid) {
    const key = `${p.unitId}|${p.year}|${p.month}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const newAmounts = new Map(versions.map((v) => [v.employeeId, amountsMap(v.amounts)]));
  const arrearsRows: ArrearsRow[] = [];
  for (const list of groups.values()) {
    const { unitId, year, month } = list[0];
    const m = await computeMonth(tx, unitId, year, month, {
      only: list.map((p) => p.employeeId),
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
  return arrearsRows;
}

/**
 * Writes new structure versions (one per employee, effective from `ym`) and the arrears they cause for months
 * already approved or locked. Set-based: a query per affected month, not per employee. Answers the months with arrears.
 */
export async function writeStructures(
  tx: Tx,
  auth: AuthContext,
  versions: Version[],
  ym: string,
  source: 'structure' | 'increment',
  remarks: string | null,
  requestId?: string,
): Promise<string[]> {
  if (versions.length === 0) return [];
  const { before, structureOf } = await replaceVersions(tx, auth, versions, ym, source, remarks);
  const arrearsRows = await arrearsOfMonths(tx, versions, await paidMonths(tx, versions, ym), structureOf);
  // What an earlier increment left unpaid for these months is replaced by the difference computed now.
  await tx.execute(
    sql`delete from salary_arrears where kind = 'structure' and paid_run_id is null and for_month >= ${ym}
        and employee_id in (select jsonb_array_elements_text(${idsOf(versions)}::jsonb)::int)`,
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
