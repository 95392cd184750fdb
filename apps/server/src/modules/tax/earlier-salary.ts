// Going live mid-year (issue 26): the salary of the financial year paid before the product took over, as imported
// (earlier_salaries), read for the run's TDS, the regime comparison, Form 16 / 130 and the tax registers. Set-based:
// one query for any number of employees. Months are 'YYYY-MM'; money is paise.
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { type EmployeeSet, idsIn } from '../../lib/sql';
import type { EffectiveDeclaration } from './declarations';

/** One imported row as the readers use it. */
export interface EarlierSalaryRow {
  employeeId: number;
  fromMonth: string | null;
  toMonth: string | null;
  gross: number;
  hraExempt: number;
  ltaExempt: number;
  otherExempt: number;
  otherExemptSection: string | null;
  pf: number;
  pt: number;
  tds: number;
  prevIncome: number;
  prevPf: number;
  prevPt: number;
  prevTds: number;
}

/** An employee's imported figures summed: this employer's months before the product, and the previous employer's. */
export interface EarlierSalaryTotals {
  gross: number;
  /** HRA, leave travel and other exempt allowances together (each counts only where the regime allows exemptions). */
  exempt: number;
  pf: number;
  pt: number;
  tds: number;
  prevIncome: number;
  prevPf: number;
  prevPt: number;
  prevTds: number;
  /** Whether any row carries previous-employer figures (they then replace the declaration's). */
  hasPrevious: boolean;
}

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The employees' imported rows of a financial year, by employee. `before` (year, month): only rows of months wholly
 * before that month count (a month-less row of previous-employer figures always counts).
 */
export async function earlierSalaryRows(
  db: Db | Tx,
  ids: EmployeeSet,
  financialYear: string,
  before?: { year: number; month: number },
): Promise<Map<number, EarlierSalaryRow[]>> {
  const cut = before ? sql`and (x.to_month is null or x.to_month < ${ym(before.year, before.month)})` : sql``;
  const rows = await queryRows<Record<keyof EarlierSalaryRow, unknown>>(
    db,
    sql`select x.employee_id as "employeeId", x.from_month as "fromMonth", x.to_month as "toMonth", x.gross::text as gross,
          x.hra_exempt::text as "hraExempt", x.lta_exempt::text as "ltaExempt", x.other_exempt::text as "otherExempt",
          x.other_exempt_section as "otherExemptSection", x.pf::text as pf, x.pt::text as pt, x.tds::text as tds,
          x.prev_income::text as "prevIncome", x.prev_pf::text as "prevPf", x.prev_pt::text as "prevPt", x.prev_tds::text as "prevTds"
        from earlier_salaries x
        where x.is_active and x.financial_year = ${financialYear} and x.employee_id in ${idsIn(ids)} ${cut}
        order by x.employee_id, x.from_month nulls first`,
  );
  const out = new Map<number, EarlierSalaryRow[]>();
  for (const r of rows) {
    const row: EarlierSalaryRow = {
      employeeId: Number(r.employeeId),
      fromMonth: (r.fromMonth as string | null) ?? null,
      toMonth: (r.toMonth as string | null) ?? null,
      otherExemptSection: (r.otherExemptSection as string | null) ?? null,
      gross: Number(r.gross),
      hraExempt: Number(r.hraExempt),
      ltaExempt: Number(r.ltaExempt),
      otherExempt: Number(r.otherExempt),
      pf: Number(r.pf),
      pt: Number(r.pt),
      tds: Number(r.tds),
      prevIncome: Number(r.prevIncome),
      prevPf: Number(r.prevPf),
      prevPt: Number(r.prevPt),
      prevTds: Number(r.prevTds),
    };
    const list = out.get(row.employeeId);
    if (list) list.push(row);
    else out.set(row.employeeId, [row]);
  }
  return out;
}

export function totalsOf(rows: readonly EarlierSalaryRow[]): EarlierSalaryTotals {
  const t: EarlierSalaryTotals = {
    gross: 0,
    exempt: 0,
    pf: 0,
    pt: 0,
    tds: 0,
    prevIncome: 0,
    prevPf: 0,
    prevPt: 0,
    prevTds: 0,
    hasPrevious: false,
  };
  for (const r of rows) {
    t.gross += r.gross;
    t.exempt += r.hraExempt + r.ltaExempt + r.otherExempt;
    t.pf += r.pf;
    t.pt += r.pt;
    t.tds += r.tds;
    t.prevIncome += r.prevIncome;
    t.prevPf += r.prevPf;
    t.prevPt += r.prevPt;
    t.prevTds += r.prevTds;
    if (r.prevIncome || r.prevTds || r.prevPf || r.prevPt) t.hasPrevious = true;
  }
  return t;
}

/** The employees' imported totals of the year (months before `before` only, when given). */
export async function earlierSalaryTotals(
  db: Db | Tx,
  ids: EmployeeSet,
  financialYear: string,
  before?: { year: number; month: number },
): Promise<Map<number, EarlierSalaryTotals>> {
  const rows = await earlierSalaryRows(db, ids, financialYear, before);
  return new Map([...rows].map(([id, list]) => [id, totalsOf(list)]));
}

/**
 * The previous employer's salary and tax as they count: the imported Form 12B figures where the import has them,
 * else the declaration's (never both: the import is the office's record of the same Form 12B).
 */
export function previousEmployerOf(
  d: Pick<EffectiveDeclaration, 'previousEmployerIncome' | 'previousEmployerTds'>,
  t?: EarlierSalaryTotals,
) {
  return t?.hasPrevious
    ? { income: t.prevIncome, tds: t.prevTds, pt: t.prevPt }
    : { income: d.previousEmployerIncome, tds: d.previousEmployerTds, pt: 0 };
}
