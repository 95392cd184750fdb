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
import type { Db, Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { BadRequest } from '../../lib/errors';
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
  const employees = await paidEmployees(db, unitId, year, month, opts.only);
  // A few employees travel as a list; the whole unit as a subquery the database joins.
  const ids = opts.only ? employees.map((e) => e.id) : paidScope(unitId, year, month);
  const structures = opts.structures ?? (await structuresFor(db, ids, ym));
  const attendance = opts.attendance ?? (await monthInputs(db, unitId, year, month, employees, ids));
  const none = { advances: new Map(), arrears: new Map(), bonuses: new Map() };
  const system = opts.withoutSystemAmounts ? none : await systemAmounts(db, ids, year, month, opts.runId ?? 0);
  const arrearsHead = heads.find((h) => h.code === ARREARS_CODE);
  const bonusHead = heads.find((h) => h.code === BONUS_CODE);
  const hasAdvanceHead = heads.some((h) => h.id === ADVANCE_HEAD_ID && !h.isEarning);
  const statutory = await monthStatutory(db, unitId, year, month, heads, ids);
  const input: EngineEmployee[] = [];
  for (const e of employees) {
    const att = attendance.get(e.id);
    if (!att) continue;
    const extra = new Map<number, number>();
    const adv = system.advances.get(e.id);
    if (adv && hasAdvanceHead) extra.set(ADVANCE_HEAD_ID, adv.total);
    const arr = system.arrears.get(e.id);
    if (arr && arrearsHead) extra.set(arrearsHead.id, arr.total);
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
    arrears: arrearsHead ? system.arrears : new Map(),
    bonuses: bonusHead ? system.bonuses : new Map(),
  };
}

export const isSlip = (r: EngineSlip | EngineFailure): r is EngineSlip => (r as EngineFailure).error == null;
