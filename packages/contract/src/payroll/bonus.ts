import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { zLines } from '../text';
import { ZRupees } from './fields';

// Employee bonus: statutory (a rate of the year's wages) or ad hoc amounts, paid with a salary month or separately.

export const BONUS_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;

export const ZBonusListQuery = z.object({
  unitId: ZIdQuery.optional(),
  financialYear: z.coerce.number().int().min(2000).max(2100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSaveBonus = z
  .object({
    unitId: z.number().int().positive(),
    /** The financial year's first calendar year (2025 = FY 2025-26). */
    financialYear: z.number().int().min(2000).max(2100),
    kind: z.enum(['statutory', 'adhoc']),
    /** Statutory: 8.33 % to 20 %. */
    ratePercent: z.number().min(0).max(100).optional(),
    payWith: z.enum(['salary', 'separate']),
    payYear: z.number().int().min(2000).max(2100).optional(),
    payMonth: z.number().int().min(1).max(12).optional(),
    /** Ad hoc: an amount per employee. */
    lines: z
      .array(z.object({ employeeId: z.number().int().positive(), amount: ZRupees.refine((n) => n > 0, 'More than 0') }))
      .max(100_000)
      .optional(),
    remarks: zLines().max(300).nullish(),
  })
  .refine((b) => b.kind !== 'statutory' || b.ratePercent !== undefined, {
    message: 'Choose the rate (8.33 % to 20 %)',
    path: ['ratePercent'],
  })
  .refine((b) => b.kind !== 'adhoc' || (b.lines?.length ?? 0) > 0, { message: 'Add at least one employee and amount', path: ['lines'] })
  .refine((b) => b.payWith !== 'salary' || (b.payYear !== undefined && b.payMonth !== undefined), {
    message: 'Choose the salary month that pays the bonus',
    path: ['payMonth'],
  });
export type TSaveBonus = z.input<typeof ZSaveBonus>;

export const ZBonusLine = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  basis: z.number(),
  monthsWorked: z.number(),
  daysWorked: z.number(),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  amount: z.number(),
  paid: z.boolean(),
});

export const ZBonus = z.object({
  id: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  financialYear: z.number(),
  kind: z.enum(['statutory', 'adhoc']),
  ratePercent: z.number().nullable(),
  payWith: z.enum(['salary', 'separate']),
  payYear: z.number().nullable(),
  payMonth: z.number().nullable(),
  status: z.enum(BONUS_STATUSES),
  total: z.number(),
  employees: z.number(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(ZBonusLine).optional(),
  approval: z
    .object({
      state: z.string(),
      history: z.array(
        z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
      ),
    })
    .nullable()
    .optional(),
});
export type TBonus = z.infer<typeof ZBonus>;
export const ZBonusPage = z.object({ rows: z.array(ZBonus), total: z.number() });

export const ZBonusAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('reject'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('paid') }),
  z.object({ action: z.literal('cancel') }),
]);
