// One month of one unit computed in memory: inputs loaded set-based, the plan compiled once, the engine run
// over every employee. Used by the salary run (then persisted in bulk), the formula preview and arrears.
import { yearMonth } from '@hr/calendar';
import {
  type AttendanceFigures,
  compileFormulas,
  computeSlips,
  type EngineEmployee,
  type EngineFailure,
  type EngineSlip,
} from '@hr/payroll';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { isNodePg } from '../../lib/bulk-columns';
import { BadRequest } from '../../lib/errors';
import type { EmployeeSet } from '../../lib/sql';
import { type ArrearsDue, factsOf, monthInputs, type PaidEmployee, paidEmployees, paidScope, structuresFor, systemAmounts } from './inputs';
import { ADVANCE_HEAD_ID, ARREARS_CODE, BONUS_CODE, engineHeads, isRuleHead, unitHeads } from './plan';
import { employeeStatutory, monthStatutory } from './statutory';

export interface MonthComputation {
  heads: RunHead[];
  employees: PaidEmployee[];
  attendance: Map<number, AttendanceFigures>;
  results: (EngineSlip | EngineFailure)[];
  /** Advance instalments (ids) and arrears lines each employee's slip includes. */
  advances: Map<number, { total: number; ids: number[] }>;
  arrears: Map<number, { total: number; lines: ArrearsDue[] }>;
  bonuses: Map<number, { total: number; ids: number[] }>;
}

export interface ComputeOptions {
  runId?: number | null;
  only?: number[];
  /** A formula tried in place of the saved one (the formula screen's preview). */
  draft?: { earningDeductionId: number; formula: string };
  /** Structures to use instead of the stored ones (arrears: the new version). */
  structures?: Map<number, Map<number, number>>;
  /** Attendance to use instead of loading it (arrears: the figures the month was paid on). */
  attendance?: Map<number, AttendanceFigures>;
  /** Leave out advances and arrears (arrears recomputing a past month). */
  withoutSystemAmounts?: boolean;
  /** Progress of the load phase. */
  step?: (message: string) => Promise<void>;
}

export async function computeMonth(
  db: Db | Tx,
  unitId: number,
  year: number,
  month: number,
  opts: ComputeOptions = {},
): Promise<MonthComputation> {
  const ym = yearMonth(year, month);
  const step = opts.step ?? (async () => {});
  await step('Reading heads and formulas');
  let heads = await unitHeads(db, unitId, ym);
  if (opts.draft) {
    const d = opts.draft;
    if (heads.some((h) => h.id === d.earningDeductionId && isRuleHead(h)))
      throw new BadRequest('This head is computed by the statutory rules', {
        'draft.earningDeductionId': ['PF, ESI, professional tax and labour welfare fund follow the statutory parameters, not a formula'],
      });
    heads = heads.map((h) => (h.id === d.earningDeductionId ? { ...h, formula: d.formula, isCalculative: true } : h));
  }
  const plan = compileFormulas(engineHeads(heads));
  await step('Reading employees, structures and attendance');
  const { employees, structures, attendance, system, statutory } = await loadInputs(db, unitId, year, month, heads, opts);
  const arrearsHead = heads.find((h) => h.code === ARREARS_CODE);
  const pfHead = heads.find((h) => h.statutory === 'pf_employee');
  const arrears = payableArrears(system.arrears, !!arrearsHead, !!pfHead);
  const bonusHead = heads.find((h) => h.code === BONUS_CODE);
  const hasAdvanceHead = heads.some((h) => h.id === ADVANCE_HEAD_ID && !h.isEarning);
  const input: EngineEmployee[] = [];
  for (const e of employees) {
    const att = attendance.get(e.id);
    if (!att) continue;
    const extra = new Map<number, number>();
    const adv = system.advances.get(e.id);
    if (adv && hasAdvanceHead) extra.set(ADVANCE_HEAD_ID, adv.total);
    const arr = arrears.get(e.id);
    if (arr && arrearsHead && arr.earning !== 0) extra.set(arrearsHead.id, arr.earning);
    if (arr && pfHead && arr.pfShare !== 0) extra.set(pfHead.id, arr.pfShare);
    const bon = system.bonuses.get(e.id);
    if (bon && bonusHead) extra.set(bonusHead.id, bon.total);
    input.push({
      employeeId: e.id,
      fixed: structures.get(e.id) ?? new Map(),
      extra,
      attendance: att,
      facts: factsOf(e, year, month),
      statutory: statutory && employeeStatutory(e, statutory, year, month),
    });
  }
  await step(`Computing ${input.length} salaries`);
  const results = computeSlips(plan, input, statutory?.params);
  return {
    heads,
    employees,
    attendance,
    results,
    advances: hasAdvanceHead ? system.advances : new Map(),
    arrears,
    bonuses: bonusHead ? system.bonuses : new Map(),
  };
}

/**
 * The month's inputs of the employees paid: particulars, structures, attendance, advances, arrears and bonuses due, and
 * the statutory side. For the whole unit the employees are a subquery the other loads join, so on PostgreSQL outside
 * a transaction (the salary run's job) the loads go to the pool's connections at once, and the employees' document is
 * parsed while the database works out the rest; on a transaction's one connection, or on PGlite's, one after another.
 */
async function loadInputs(db: Db | Tx, unitId: number, year: number, month: number, heads: RunHead[], opts: ComputeOptions) {
  const ym = yearMonth(year, month);
  const none = { advances: new Map(), arrears: new Map(), bonuses: new Map() };
  const load = async (ids: EmployeeSet, employees: Promise<PaidEmployee[]>) => {
    const parts = [
      async () => opts.structures ?? (await structuresFor(db, ids, ym)),
      async () => opts.attendance ?? (await monthInputs(db, unitId, year, month, await employees, ids)),
      async () => (opts.withoutSystemAmounts ? none : await systemAmounts(db, ids, year, month, opts.runId ?? 0)),
      async () => monthStatutory(db, unitId, year, month, heads, ids),
    ] as const;
    const [structures, attendance, system, statutory] = pooled(db)
      ? await Promise.all([parts[0](), parts[1](), parts[2](), parts[3]()])
      : [await parts[0](), await parts[1](), await parts[2](), await parts[3]()];
    return { employees: await employees, structures, attendance, system, statutory };
  };
  // A few employees travel as a list; the whole unit as a subquery the database joins.
  if (opts.only) {
    const employees = await paidEmployees(db, unitId, year, month, opts.only);
    return load(
      employees.map((e) => e.id),
      Promise.resolve(employees),
    );
  }
  const employees = pooled(db) ? paidEmployees(db, unitId, year, month) : Promise.resolve(await paidEmployees(db, unitId, year, month));
  // Not left unhandled while the other loads run: a failure is thrown where the employees are awaited.
  employees.catch(() => {});
  return load(paidScope(unitId, year, month), employees);
}

/** A pool of PostgreSQL connections (not a transaction, not PGlite's one connection): queries may run side by side. */
const pooled = (db: Db | Tx): boolean => !is(db, PgTransaction) && isNodePg(db);

type DueArrears = { total: number; lines: ArrearsDue[] };

/**
 * The arrears lines a run can pay, split by where they go. A revised salary's difference and a loss-of-pay adjustment
 * are earnings (the ARREARS head: in gross, ESI wages and the month's one-off taxable pay). The member's own PF share
 * of statutory arrears ('pf', recovered from the member where the approver so chose: statutory-arrears.ts) is not pay:
 * it goes to the PF head as a deduction (a refund as a negative one), outside gross, ESI wages and TDS, while the
 * month's own contribution (the slip's `pfEmployee`, the month's ECR) stays as it was; the arrear ECR carries it.
 * `pfShare` is the deduction (the lines' amounts are negative for a recovery). A line whose head the unit lacks is
 * left for a later run.
 */
function payableArrears(
  due: Map<number, DueArrears>,
  hasArrearsHead: boolean,
  hasPfHead: boolean,
): Map<number, DueArrears & { earning: number; pfShare: number }> {
  const out = new Map<number, DueArrears & { earning: number; pfShare: number }>();
  for (const [employeeId, a] of due) {
    const lines = a.lines.filter((l) => (l.kind === 'pf' ? hasPfHead : hasArrearsHead));
    if (!lines.length) continue;
    let earning = 0;
    let pfShare = 0;
    for (const l of lines) {
      if (l.kind === 'pf') pfShare -= l.amount;
      else earning += l.amount;
    }
    out.set(employeeId, { total: earning - pfShare, lines, earning, pfShare });
  }
  return out;
}

export const isSlip = (r: EngineSlip | EngineFailure): r is EngineSlip => (r as EngineFailure).error == null;
