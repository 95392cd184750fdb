// The statutory side of a month's run, loaded set-based for computeMonth: the dated parameters in force (one
// query), the unit's state (one), and the ESI coverage wages of the earlier months of the contribution period
// (one, over the earlier slips), in a half-yearly PT state's due month the half-year's earlier slips (one); for
// a TDS head the financial year's income-tax parameters, the employees'
// declarations (one query) and their earlier slips of the year (one). The rules themselves run inside the engine
// (computeSlips) on these plain values.
import {
  codeWagesRuleFor,
  type EmployeeStatutory,
  type EmployeeTds,
  type EngineStatutory,
  epsEligibility,
  esiContributionPeriod,
  esiParametersForMonth,
  financialYearOf,
  incomeTaxParametersFor,
  inForce,
  lwfParametersForMonth,
  monthStart,
  type PfParameters,
  PlanError,
  pfParametersForMonth,
  ptParametersForMonth,
  ptPeriodOf,
  taxAgeInYear,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';
import { selectJsonColumns } from '../../lib/bulk';
import { type EmployeeSet, idsIn } from '../../lib/sql';
import { loadStatutoryTables } from '../statutory/parameters';
import { defaultDeclaration, type EffectiveDeclaration, effectiveDeclarations } from '../tax/declarations';
import { type EarlierSalaryTotals, earlierSalaryTotals, previousEmployerOf } from '../tax/earlier-salary';
import type { PaidEmployee } from './inputs';
import { ARREARS_CODE, BONUS_CODE, isRuleHead } from './plan';

export interface MonthStatutory {
  params: EngineStatutory;
  /** Every PF row, for the ceiling in force when a member first joined (the 2014 EPS rule). */
  pfRows: readonly PfParameters[];
  /** Employee id → ESI coverage wages (paise) of the earlier months of the contribution period. */
  esiEarlier: Map<number, number[]>;
  /** With a TDS head: each employee's declaration as it counts this month, and the year's earlier slips' figures. */
  declarations?: Map<number, EffectiveDeclaration>;
  tdsEarlier?: Map<number, TdsEarlier>;
  /** With a TDS head: the year's salary paid before the product (imported), months before this one only. */
  imported?: Map<number, EarlierSalaryTotals>;
  financialYear: string;
  /**
   * In a due month of a state whose PT slabs are of a half-year's salary: the half-year (year * 100 + month) and
   * each employee's earlier slips in it (gross summed, paise, and the months they cover).
   */
  ptHalfYear?: { from: number; to: number; earlier: Map<number, { gross: number; months: number }> };
}

/** The earlier slips of the financial year with this employer, summed (paise). */
export type TdsEarlier = Pick<
  EmployeeTds,
  'earlierRegular' | 'earlierOneOff' | 'earlierHraExempt' | 'earlierPt' | 'tdsSoFar' | 'earlierBasicPlusDa'
>;

const NO_EARLIER: TdsEarlier = {
  earlierRegular: 0,
  earlierOneOff: 0,
  earlierHraExempt: 0,
  earlierPt: 0,
  tdsSoFar: 0,
  earlierBasicPlusDa: 0,
};

/**
 * The earlier slips of the financial year (before `year`/`month`) of the employees, summed per employee in one
 * query. Slips processed before TDS was computed keep no split: their bonus and arrears heads count as one-off,
 * their TDS and PT heads' amounts as deducted.
 */
export async function tdsEarlierSlips(
  db: Db | Tx,
  ids: EmployeeSet,
  year: number,
  month: number,
  heads: readonly RunHead[],
): Promise<Map<number, TdsEarlier>> {
  const fyStart = (month >= 4 ? year : year - 1) * 100 + 4;
  const headId = (pick: (h: RunHead) => boolean) => String(heads.find(pick)?.id ?? 0);
  const tds = headId((h) => h.statutory === 'tds');
  const pt = headId((h) => h.statutory === 'pt');
  const arrears = headId((h) => h.code === ARREARS_CODE);
  const bonus = headId((h) => h.code === BONUS_CODE);
  // Basic + DA (the PF-wage heads, as the run's HRA rule reads them): 80CCD(2)'s cap is a share of the year's.
  const basicHeads = heads.filter((h) => h.isPfWage).map((h) => sql`coalesce((a->>${String(h.id)})::bigint, 0)`);
  const basic = basicHeads.length ? sql.join(basicHeads, sql` + `) : sql`0`;
  // One JSON document, not rows: a whole unit's earlier slips are a row an employee (on PGlite the row-by-row
  // conversion of 1,00,000 rows cost seconds in the next month's run).
  const rows = await selectJsonColumns<{
    employeeId: number;
    regular: string;
    oneOff: string;
    hra: string;
    pt: string;
    tds: string;
    basic: string;
  }>(
    db,
    ['employeeId', 'regular', 'oneOff', 'hra', 'pt', 'tds', 'basic'],
    sql`with e as (
          select s.employee_id, s.gross, s.statutory st, s.amounts a from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id in ${idsIn(ids)} and r.year * 100 + r.month >= ${fyStart} and r.year * 100 + r.month < ${year * 100 + month}
        ), t as (
          select employee_id,
            coalesce((st->>'taxableOneOff')::bigint, coalesce((a->>${arrears})::bigint, 0) + coalesce((a->>${bonus})::bigint, 0)) as one_off,
            gross, coalesce((st->>'hraExempt')::bigint, 0) as hra,
            coalesce((st->>'pt')::bigint, (a->>${pt})::bigint, 0) as pt, coalesce((st->>'tds')::bigint, (a->>${tds})::bigint, 0) as tds,
            ${basic} as basic
          from e
        )
        select employee_id as "employeeId", sum(gross - one_off)::text as regular, sum(one_off)::text as "oneOff",
          sum(hra)::text as hra, sum(pt)::text as pt, sum(tds)::text as tds, sum(basic)::text as basic
        from t group by employee_id`,
  );
  const out = new Map<number, TdsEarlier>();
  for (const r of rows)
    out.set(r.employeeId, {
      earlierRegular: Number(r.regular),
      earlierOneOff: Number(r.oneOff),
      earlierHraExempt: Number(r.hra),
      earlierPt: Number(r.pt),
      tdsSoFar: Number(r.tds),
      earlierBasicPlusDa: Number(r.basic),
    });
  return out;
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
  const financialYear = financialYearOf(year, month);
  const withTds = ruleHeads.some((h) => h.statutory === 'tds');
  const params: EngineStatutory = {
    month,
    pf: pfParametersForMonth(tables.pf, year, month),
    // A row taking effect within the month applies as its authority says (month-rules.ts: ESI and LWF to that month,
    // PT from the next), or as the row's own rule.
    esi: esiParametersForMonth(tables.esi, year, month),
    pt: state ? ptParametersForMonth(tables.pt.get(state) ?? [], year, month) : undefined,
    lwf: state ? lwfParametersForMonth(tables.lwf.get(state) ?? [], year, month) : undefined,
    // The Labour Codes' wages (from 21 Nov 2025): PF on basic + DA and the excluded payments above half (wages.ts).
    wages: codeWagesRuleFor(tables.codeWages, year, month),
    tds: withTds
      ? { new: incomeTaxParametersFor(tables, financialYear, 'new'), old: incomeTaxParametersFor(tables, financialYear, 'old') }
      : undefined,
  };
  const esiEarlier = new Map<number, number[]>();
  if (params.esi && ruleHeads.some((h) => h.statutory === 'esi_employee')) {
    const period = esiContributionPeriod(params.esi, year, month);
    const from = Number(period.start.slice(0, 4)) * 100 + Number(period.start.slice(5, 7));
    const rows = await selectJsonColumns<{ employeeId: number; wages: string }>(
      db,
      ['employeeId', 'wages'],
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
  const ptHalfYear = await ptHalfYearEarlier(db, params, ruleHeads, ids, year, month);
  if (!withTds) return { params, pfRows: tables.pf, esiEarlier, financialYear, ptHalfYear };
  const declarations = await effectiveDeclarations(db, ids, financialYear, on);
  const tdsEarlier = await tdsEarlierSlips(db, ids, year, month, heads);
  const imported = await earlierSalaryTotals(db, ids, financialYear, { year, month });
  return { params, pfRows: tables.pf, esiEarlier, declarations, tdsEarlier, imported, financialYear, ptHalfYear };
}

/**
 * A half-yearly PT state's due month (Kerala in August and February, Tamil Nadu in September and March): the
 * half-year's earlier slips of the employees, gross summed per employee in one query.
 */
async function ptHalfYearEarlier(
  db: Db | Tx,
  params: EngineStatutory,
  ruleHeads: readonly RunHead[],
  ids: EmployeeSet,
  year: number,
  month: number,
): Promise<MonthStatutory['ptHalfYear']> {
  const pt = params.pt;
  if (pt?.basis !== 'half-yearly' || !ruleHeads.some((h) => h.statutory === 'pt')) return undefined;
  if (pt.frequency !== 'monthly' && !(pt.dueMonths ?? []).includes(month)) return undefined;
  const period = ptPeriodOf(pt, year, month)!;
  const rows = await queryRows<{ employeeId: number; gross: string; months: number }>(
    db,
    sql`select s.employee_id as "employeeId", sum(s.gross)::text as gross, count(distinct r.year * 100 + r.month)::int as months
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where s.employee_id in ${idsIn(ids)} and r.year * 100 + r.month >= ${period.from} and r.year * 100 + r.month < ${year * 100 + month}
        group by s.employee_id`,
  );
  return { ...period, earlier: new Map(rows.map((r) => [r.employeeId, { gross: Number(r.gross), months: r.months }])) };
}

const ymOf = (day: string) => Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));

/** The months of [from, to] (year * 100 + month) other than `ym` in which the employee is employed. */
function employedMonthsBesides(e: Pick<PaidEmployee, 'dateOfJoining' | 'exitDate'>, from: number, to: number, ym: number): number {
  const joined = ymOf(e.dateOfJoining);
  const left = e.exitDate ? ymOf(e.exitDate) : Number.POSITIVE_INFINITY;
  let count = 0;
  for (let m = from; m <= to; m = m % 100 === 12 ? m + 89 : m + 1) if (m !== ym && m >= joined && m <= left) count++;
  return count;
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
        ceilingAtJoining: e.epfFirstJoined ? inForce(s.pfRows, e.epfFirstJoined)?.wageCeiling : null,
      }).eligible
    : true;
  const half = s.ptHalfYear;
  const earlierPt = half?.earlier.get(e.id);
  const joinedThisMonth = e.dateOfJoining > monthStart(year, month) && ymOf(e.dateOfJoining) === year * 100 + month;
  return {
    pfRestrictToCeiling: e.pfRestrictToCeiling,
    epsEligible: eps,
    disabled: e.isDisabled,
    esiEarlierWages: s.esiEarlier.get(e.id) ?? [],
    tds:
      s.declarations &&
      tdsOf(
        s.declarations.get(e.id) ?? defaultDeclaration(e.id, s.financialYear),
        s.tdsEarlier?.get(e.id),
        joinedThisMonth,
        e.dateOfBirth,
        s.imported?.get(e.id),
      ),
    ptPeriod: half && {
      earlierGross: earlierPt?.gross ?? 0,
      otherMonths: employedMonthsBesides(e, half.from, half.to, year * 100 + month) - (earlierPt?.months ?? 0),
    },
  };
}

/**
 * The TDS head's figures of an employee. The salary imported for the months before the product (going live mid-year)
 * counts as earlier months of this employer — its gross as regular salary, its exempt allowances (where the regime
 * allows them), PT and TDS deducted — and an imported Form 12B replaces the declaration's previous employer.
 */
function tdsOf(
  d: EffectiveDeclaration,
  earlier: TdsEarlier = NO_EARLIER,
  joinedThisMonth = false,
  dateOfBirth?: string,
  imported?: EarlierSalaryTotals,
): EmployeeTds {
  const previous = previousEmployerOf(d, imported);
  return {
    joinedThisMonth,
    age: dateOfBirth ? taxAgeInYear(dateOfBirth, d.financialYear) : undefined,
    regime: d.regime,
    rentPerMonth: d.rentPerMonth,
    metro: d.metro,
    deductions: d.deductions,
    previousEmployerIncome: previous.income,
    previousEmployerTds: previous.tds,
    otherIncome: d.otherIncome,
    relief89: d.relief89,
    ...earlier,
    earlierRegular: earlier.earlierRegular + (imported?.gross ?? 0),
    earlierHraExempt: earlier.earlierHraExempt + (imported?.exempt ?? 0),
    earlierPt: earlier.earlierPt + (imported?.pt ?? 0) + previous.pt,
    tdsSoFar: earlier.tdsSoFar + (imported?.tds ?? 0),
  };
}
