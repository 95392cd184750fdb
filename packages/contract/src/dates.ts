import { z } from 'zod';

/**
 * True for a calendar day written YYYY-MM-DD that exists (2025-02-29 and 2015-13-01 do not): the month's days
 * worked out (Gregorian leap years), no Date made — an import checks two or more dates a row.
 */
export function isRealIsoDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const day = Number(d.slice(8, 10));
  if (m < 1 || m > 12 || day < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return day <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

/**
 * The one schema for a day in a payload or query: the format YYYY-MM-DD (with the caller's message) and a day
 * that exists, so an impossible date is a 400 on its field, never a database or Date error later.
 */
export function ZIsoDate(formatMessage = 'Use the date format YYYY-MM-DD') {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, formatMessage)
    .refine((d) => isRealIsoDate(d), 'Not a date that exists');
}
