import { z } from 'zod';

// Fields several payroll payloads share: a year and month of a query or body, rupee amounts, a 'YYYY-MM' month.

export const ZYear = z.coerce.number().int().min(2000).max(2100);
export const ZMonth = z.coerce.number().int().min(1).max(12);
/** A rupee amount with at most two decimals, 0 to ₹99,99,99,999.99. */
export const ZRupees = z
  .number()
  .min(0, 'Must not be negative')
  .max(99_99_99_999.99, 'Too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals (paise)');

export const YEAR_MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;
export const ZYearMonth = z.string().regex(YEAR_MONTH, "A month as 'YYYY-MM'");
