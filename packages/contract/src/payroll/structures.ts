import { z } from 'zod';
import { zLines } from '../text';
import { ZRupees, ZYearMonth } from './fields';

// Salary structures (an employee's monthly amounts by head from a month) and increments.

export const ZStructureAmounts = z.record(z.string().regex(/^[1-9][0-9]{0,9}$/), ZRupees);

export const ZStructure = z.object({
  id: z.number(),
  employeeId: z.number(),
  effectiveFrom: z.string(),
  source: z.string(),
  remarks: z.string().nullable(),
  /** head id → monthly amount (rupees) */
  amounts: z.record(z.string(), z.number()),
  total: z.number(),
  createdAt: z.string(),
});
export type TStructure = z.infer<typeof ZStructure>;

export const ZSaveStructure = z.object({
  effectiveFrom: ZYearMonth,
  amounts: ZStructureAmounts,
  remarks: zLines().max(300).nullish(),
});
export type TSaveStructure = z.input<typeof ZSaveStructure>;

export const ZIncrement = z
  .object({
    /** One employee, or a filtered batch (unit, and optionally department / designation). */
    employeeId: z.number().int().positive().optional(),
    unitId: z.number().int().positive().optional(),
    departmentId: z.number().int().positive().optional(),
    designationId: z.number().int().positive().optional(),
    effectiveFrom: ZYearMonth,
    headIds: z.array(z.number().int().positive()).min(1, 'Choose the heads the increment raises').max(50),
    by: z.enum(['amount', 'percent']),
    /** Rupees per head (by amount) or a percentage (by percent, up to 200 %). */
    value: z.number().positive('Must be more than 0').max(10_00_000),
    remarks: zLines().max(300).nullish(),
  })
  .refine((v) => v.employeeId !== undefined || v.unitId !== undefined, { message: 'Choose an employee or a unit', path: ['employeeId'] })
  .refine((v) => v.by === 'amount' || v.value <= 200, { message: 'At most 200 %', path: ['value'] });
export type TIncrement = z.input<typeof ZIncrement>;

export const ZIncrementResult = z.object({
  employees: z.number(),
  /** Months already processed that the increment reaches back into: their difference is paid as arrears in the next run. */
  arrearsMonths: z.array(z.string()),
});
