import { z } from 'zod';

/** True for a calendar day written YYYY-MM-DD that exists (2025-02-29 and 2015-13-01 do not). */
export function isRealIsoDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
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
