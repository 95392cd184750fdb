import { z } from 'zod';
import { ZIdQuery, ZSearchText } from './ids';
import { ZRupees, ZYearMonth } from './payroll';
import { ZFinancialYearText } from './statutory';

// Going live mid-year (issue 26): each employee's salary of the financial year before the product paid it — from
// this employer, per month or as a year-to-date total with the months it covers, and from a previous employer
// (Form 12B). Rupees with two decimals; the server keeps paise.

/** An exempt allowance's section other than HRA and LTA, as the Act names it: '10(14)', '10(10CC)'… */
export const EXEMPT_SECTION = /^10\([0-9A-Za-z]{1,6}\)(\([ivx]{1,4}\))?$/;

/** The figures of a row (what the Excel template's columns hold). */
export const ZEarlierSalaryFigures = z.object({
  gross: ZRupees,
  hraExempt: ZRupees,
  ltaExempt: ZRupees,
  otherExempt: ZRupees,
  otherExemptSection: z.string().trim().regex(EXEMPT_SECTION, "A section of the Act like '10(14)'").nullable(),
  pf: ZRupees,
  pt: ZRupees,
  tds: ZRupees,
  prevIncome: ZRupees,
  prevPf: ZRupees,
  prevPt: ZRupees,
  prevTds: ZRupees,
});

/** A row as saved: the months it covers (both null: previous-employer figures only) and its figures. */
export const ZEarlierSalaryInput = ZEarlierSalaryFigures.extend({
  fromMonth: ZYearMonth.nullable(),
  toMonth: ZYearMonth.nullable(),
});
export type TEarlierSalaryInput = z.infer<typeof ZEarlierSalaryInput>;

export const ZEarlierSalary = ZEarlierSalaryInput.extend({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  financialYear: z.string(),
  /** Whether the year is closed for the unit (its March run approved or locked): no change then. */
  closed: z.boolean(),
});
export type TEarlierSalary = z.infer<typeof ZEarlierSalary>;

export const ZEarlierSalaryQuery = z.object({
  financialYear: ZFinancialYearText,
  unitId: ZIdQuery.optional(),
  search: ZSearchText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZEarlierSalaryPage = z.object({ rows: z.array(ZEarlierSalary), total: z.number() });

export const ZEarlierSalaryTemplateQuery = z.object({ financialYear: ZFinancialYearText, unitId: ZIdQuery });
export const ZEarlierSalaryImportQuery = z.object({ financialYear: ZFinancialYearText });
export const ZEarlierSalaryImported = z.object({ saved: z.number(), employees: z.number() });
export type TEarlierSalaryImported = z.infer<typeof ZEarlierSalaryImported>;
