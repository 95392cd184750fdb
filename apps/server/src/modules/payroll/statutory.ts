// The statutory side of a month's run, loaded set-based for computeMonth: the dated parameters in force (one
// query), the unit's state (one), and the ESI coverage wages of the earlier months of the contribution period
// (one, over the earlier slips). The rules themselves run inside the engine (computeSlips) on these plain values.
import {
  type EmployeeStatutory,
  type EngineStatutory,
  epsEligibility,
  esiContributionPeriod,
  inForce,
  monthStart,
  PlanError,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { loadStatutoryTables } from '../statutory/parameters';
import { type EmployeeSet, idsIn, type PaidEmployee } from './inputs';
import { isRuleHead } from './plan';

export interface MonthStatutory {
  params: EngineStatutory;
  /** Employee id → ESI coverage wages (paise) of the earlier months of the contribution period. */
  esiEarlier: Map<number, number[]>;
}

/** Undefined when no head of the unit is computed by the rules. */
export async function monthStatutory(
  db: Db | Tx,
  unitId: number,
  year: number,
  month: number,
  heads: readonly RunHead[],
  ids: EmployeeSet,
): Promise<MonthStatutory | undefined> {
  const ruleHeads = heads.filter(isRuleHead);
  if (!ruleHeads.length) return undefined;
  const tables = await loadStatutoryTables(db);
  const on = monthStart(year, month);
  const [unit] = await queryRows<{ code: string | null }>(
    db,
    sql`select upper(s.code) as code from units u left join states s on s.id = u.state_id where u.id = ${unitId}`,
  );
  const state = unit?.code ?? null;
  const stateHead = ruleHeads.find((h) => h.statutory === 'pt' || h.statutory === 'lwf_employee');
  if (stateHead && !state) {
    throw new PlanError([
      {
        kind: 'syntax',
        head: stateHead.code,
        message: `${stateHead.code}: the unit has no state, so its professional tax and labour welfare fund cannot be worked out (set the unit's state)`,
      },
    ]);
  }
  const params: EngineStatutory = {
    month,
    pf: inForce(tables.pf, on),
    esi: inForce(tables.esi, on),
    pt: state ? inForce(tables.pt.get(state) ?? [], on) : undefined,
    lwf: state ? inForce(tables.lwf.get(state) ?? [], on) : undefined,
  };
  const esiEarlier = new Map<number, number[]>();
  if (params.esi && ruleHeads.some((h) => h.statutory === 'esi_employee')) {
    const period = esiContributionPeriod(params.esi, year, month);
    const from = Number(period.start.slice(0, 4)) * 100 + Number(period.start.slice(5, 7));
    const rows = await queryRows<{ employeeId: number; wages: string }>(
      db,
      sql`select s.employee_id as "employeeId", (s.statutory->>'esiCoverageWages')::bigint::text as wages
          from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id in ${idsIn(ids)} and s.statutory ? 'esiCoverageWages'
            and r.year * 100 + r.month >= ${from} and r.year * 100 + r.month < ${year * 100 + month}`,
    );
    for (const r of rows) {
      const list = esiEarlier.get(r.employeeId);
      if (list) list.push(Number(r.wages));
      else esiEarlier.set(r.employeeId, [Number(r.wages)]);
    }
  }
  return { params, esiEarlier };
}

/** An employee's statutory particulars for the month (EPS eligibility by age and the 2014 high-wage rule). */
export function employeeStatutory(e: PaidEmployee, s: MonthStatutory, year: number, month: number): EmployeeStatutory {
  const eps = s.params.pf
    ? epsEligibility(s.params.pf, {
        wageMonthStart: monthStart(year, month),
        dateOfBirth: e.dateOfBirth,
        firstJoinedEpf: e.epfFirstJoined,
        wagesAtJoining: e.epfWagesAtJoining == null ? null : BigInt(e.epfWagesAtJoining),
        priorEpsMember: e.epsPriorMember,
      }).eligible
    : true;
  return {
    pfRestrictToCeiling: e.pfRestrictToCeiling,
    epsEligible: eps,
    disabled: e.isDisabled,
    esiEarlierWages: s.esiEarlier.get(e.id) ?? [],
  };
}
