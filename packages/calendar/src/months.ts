// Calendar months: names as the documents print them, and months written 'YYYY-MM'.
import { daysInMonth, type IsoDate, isoDate, parseIsoDate } from './dates';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type MonthName = (typeof MONTH_NAMES)[number];

/** A calendar month 'YYYY-MM'. */
export type YearMonth = string;

/** 1 → 'January' … 12 → 'December'; anything else is refused. */
export function monthName(month: number): MonthName {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be a whole number from 1 to 12, got ${month}`);
  }
  return MONTH_NAMES[month - 1];
}

const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** Reads 'YYYY-MM' (month 01–12, year 0001–9999); anything else is refused. */
export function parseYearMonth(value: string): { year: number; month: number } {
  const m = typeof value === 'string' ? YEAR_MONTH.exec(value) : null;
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  if (!m || year < 1 || month < 1 || month > 12) throw new RangeError(`Not a month 'YYYY-MM': '${String(value)}'`);
  return { year, month };
}

/** True for a month written 'YYYY-MM'. */
export function isYearMonth(value: unknown): value is YearMonth {
  if (typeof value !== 'string') return false;
  try {
    parseYearMonth(value);
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM' of a year and month (1–12). */
export function yearMonth(year: number, month: number): YearMonth {
  return isoDate(year, month, 1).slice(0, 7);
}

/** The month `count` months after `month` (before when negative). */
export function addMonths(month: YearMonth, count: number): YearMonth {
  if (!Number.isInteger(count)) throw new RangeError(`Months must be a whole number, got ${count}`);
  const { year, month: m } = parseYearMonth(month);
  const index = year * 12 + (m - 1) + count;
  return yearMonth(Math.floor(index / 12), (index % 12) + 1);
}

export const nextMonth = (month: YearMonth): YearMonth => addMonths(month, 1);
export const previousMonth = (month: YearMonth): YearMonth => addMonths(month, -1);

/** Number of days in a 'YYYY-MM' month. */
export function daysInYearMonth(month: YearMonth): number {
  const { year, month: m } = parseYearMonth(month);
  return daysInMonth(year, m);
}

export interface MonthRange {
  /** 'YYYY-MM' */
  month: YearMonth;
  /** Its first day. */
  startDate: IsoDate;
  /** Its last day. */
  endDate: IsoDate;
  /** The first day of the next month (an exclusive upper bound for queries). */
  nextStartDate: IsoDate;
}

/** First and last day of a 'YYYY-MM' month, and the first day of the next one. */
export function monthRange(month: YearMonth): MonthRange {
  const { year, month: m } = parseYearMonth(month);
  const next = parseYearMonth(nextMonth(month));
  return {
    month: yearMonth(year, m),
    startDate: isoDate(year, m, 1),
    endDate: isoDate(year, m, daysInMonth(year, m)),
    nextStartDate: isoDate(next.year, next.month, 1),
  };
}

/** The calendar month containing a date. */
export function monthOf(date: IsoDate): MonthRange {
  const { year, month } = parseIsoDate(date);
  return monthRange(yearMonth(year, month));
}

/** '2026-04' → 'April 2026'. */
export function monthLabel(month: YearMonth): string {
  const { year, month: m } = parseYearMonth(month);
  return `${monthName(m)} ${year}`;
}
