// The Indian financial year: 1 April to 31 March, named '2026-27'.
import { type IsoDate, parseIsoDate } from './dates';
import { addMonths, type YearMonth, yearMonth } from './months';

/** The financial year begins in this month (April). */
export const FINANCIAL_YEAR_START_MONTH = 4;

export interface FinancialYearSpan {
  /** e.g. '2026-27' */
  name: string;
  startDate: IsoDate;
  endDate: IsoDate;
  startYear: number;
}

/** The April–March financial year starting in `startYear`. */
export function financialYearStarting(startYear: number): FinancialYearSpan {
  if (!Number.isInteger(startYear) || startYear < 1 || startYear > 9998) throw new RangeError(`Not a financial year start: ${startYear}`);
  const next = String((startYear + 1) % 100).padStart(2, '0');
  return {
    name: `${String(startYear).padStart(4, '0')}-${next}`,
    startDate: `${yearMonth(startYear, FINANCIAL_YEAR_START_MONTH)}-01`,
    endDate: `${yearMonth(startYear + 1, FINANCIAL_YEAR_START_MONTH - 1)}-31`,
    startYear,
  };
}

/** The financial year that contains a date: 2026-03-31 → '2025-26', 2026-04-01 → '2026-27'. */
export function financialYearOf(date: IsoDate): FinancialYearSpan {
  const { year, month } = parseIsoDate(date);
  return financialYearStarting(month >= FINANCIAL_YEAR_START_MONTH ? year : year - 1);
}

/** The financial year named '2026-27' (the second part must be the next year's last two digits). */
export function financialYearNamed(name: string): FinancialYearSpan {
  const m = /^(\d{4})-(\d{2})$/.exec(name);
  const fy = m ? financialYearStarting(Number(m[1])) : null;
  if (!fy || fy.name !== name) throw new RangeError(`Not a financial year name like '2026-27': '${name}'`);
  return fy;
}

/** The twelve months of a financial year, April to March: 2026 → ['2026-04', …, '2027-03']. */
export function financialYearMonths(fy: number | FinancialYearSpan): YearMonth[] {
  const { startYear } = typeof fy === 'number' ? financialYearStarting(fy) : fy;
  const first = yearMonth(startYear, FINANCIAL_YEAR_START_MONTH);
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
}
