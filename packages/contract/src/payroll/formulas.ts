import { z } from 'zod';
import { zLines } from '../text';
import { ZMonth, ZYear, ZYearMonth } from './fields';

// Salary formulas: a head's formula from a month (per unit or for all), tried out on an employee's month.

export const ZFormula = z.object({
  id: z.number(),
  earningDeductionId: z.number(),
  headCode: z.string(),
  headName: z.string(),
  unitId: z.number().nullable(),
  unitName: z.string().nullable(),
  effectiveFrom: z.string(),
  formula: z.string(),
});
export type TFormula = z.infer<typeof ZFormula>;

export const ZSaveFormula = z.object({
  earningDeductionId: z.number().int().positive(),
  unitId: z.number().int().positive().nullable().default(null),
  effectiveFrom: ZYearMonth,
  formula: zLines().min(1, 'Write the formula').max(2000),
});
export type TSaveFormula = z.input<typeof ZSaveFormula>;

export const ZFormulaPreview = z.object({
  unitId: z.number().int().positive(),
  employeeId: z.number().int().positive(),
  year: ZYear,
  month: ZMonth,
  /** A formula being edited, tried in place of the saved one (not saved). */
  draft: z.object({ earningDeductionId: z.number().int().positive(), formula: z.string().max(2000) }).optional(),
});
export const ZFormulaPreviewResult = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  heads: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      isEarning: z.boolean(),
      formula: z.string().nullable(),
      amount: z.number(),
    }),
  ),
  attendance: z.record(z.string(), z.number()),
  gross: z.number(),
  deductions: z.number(),
  net: z.number(),
});
export type TFormulaPreviewResult = z.infer<typeof ZFormulaPreviewResult>;

/** The names a formula may use (the formula screen lists them). */
export const FORMULA_NAMES = [
  { name: 'MONTH_DAYS', help: 'Days in the month' },
  { name: 'PAYABLE_DAYS', help: 'Days paid: employed days less leave without pay' },
  { name: 'PRESENT_DAYS', help: 'Days present' },
  { name: 'LWOP_DAYS', help: 'Days of leave without pay' },
  { name: 'OT_HOURS', help: 'Overtime hours' },
  { name: 'HOLIDAYS', help: 'Holidays in the month' },
  { name: 'WEEKLY_OFFS', help: 'Weekly offs in the month' },
  { name: 'AGE', help: 'Age in whole years on the last day of the month' },
  { name: 'YEARS_OF_SERVICE', help: 'Whole years since joining' },
  { name: 'GENDER', help: "'M', 'F' or 'O'" },
  { name: 'IS_PF_APPLICABLE', help: '1 or 0' },
  { name: 'IS_ESI_APPLICABLE', help: '1 or 0' },
  { name: 'IS_PT_APPLICABLE', help: '1 or 0' },
  { name: 'GROSS', help: 'Sum of the earnings (not net pay)' },
  { name: 'DEDUCTIONS', help: 'Sum of the deductions' },
  { name: '<CODE>', help: "A head's amount this month, e.g. BASIC" },
  { name: '<CODE>_FIXED', help: "A head's monthly amount in the salary structure, before proration" },
] as const;
