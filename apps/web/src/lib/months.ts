/**
 * The year and month pickers' options (spec). Month names come from @hr/calendar, the same ones the payroll
 * documents print; "today" is the organisation's (todayIso, lib/format.ts).
 */
import { MONTH_NAMES, type MonthName, monthName, parseIsoDate, parseYearMonth, yearMonth } from '@hr/calendar';
import { orgTimeZone, todayIso } from './format';

export { MONTH_NAMES, monthName } from '@hr/calendar';

export type MonthId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/** The month picker's options: ids 1–12 with English full month names. */
export const MONTHS: readonly { id: MonthId; name: MonthName }[] = MONTH_NAMES.map((name, i) => ({ id: (i + 1) as MonthId, name }));

/** The year picker's options: the current year and the previous one (spec), current first. */
export function yearOptions(now: Date = new Date(), timeZone = orgTimeZone()): number[] {
  const { year } = parseIsoDate(todayIso(timeZone, now));
  return [year, year - 1];
}

/** The current month (1–12) in the organisation's time zone. */
export function currentMonth(now: Date = new Date(), timeZone = orgTimeZone()): MonthId {
  return parseIsoDate(todayIso(timeZone, now)).month as MonthId;
}

/** 'YYYY-MM' of a year and month. */
export const toYearMonth = (year: number, month: number): string => yearMonth(year, month);

/** 'YYYY-MM' (or 'YYYY-MM-DD') → { year, month }; null when unreadable. */
export function splitYearMonth(value: string | null | undefined): { year: number; month: number } | null {
  if (!value) return null;
  try {
    return parseYearMonth(value.slice(0, 7));
  } catch {
    return null;
  }
}

/** 'YYYY-MM' → 'April 2026' (the text itself when unreadable). */
export function formatYearMonth(value: string | null | undefined): string {
  const ym = splitYearMonth(value);
  return ym ? `${monthName(ym.month)} ${ym.year}` : (value ?? '');
}

/** 4, 2026 → 'April 2026'. */
export const formatMonth = (year: number, month: number): string => `${monthName(month)} ${year}`;
