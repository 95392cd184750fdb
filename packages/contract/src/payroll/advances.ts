import { z } from 'zod';
import { ZIsoDate } from '../dates';
import { ZIdQuery } from '../ids';
import { zLine, zLines } from '../text';
import { ZRupees } from './fields';

// Salary advances: requested, approved, paid with a voucher, recovered in instalments by the salary runs.

export const ADVANCE_STATUSES = ['requested', 'approved', 'paid', 'recovering', 'closed', 'rejected', 'cancelled'] as const;
export type TAdvanceStatus = (typeof ADVANCE_STATUSES)[number];

export const ZAdvanceListQuery = z.object({
  unitId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  status: z.enum(ADVANCE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSaveAdvance = z.object({
  employeeId: z.number().int().positive(),
  advanceAmount: ZRupees.refine((n) => n >= 1, 'At least ₹1'),
  noOfEMIs: z.number().int().min(1, 'At least 1 instalment').max(120, 'At most 120 instalments'),
  effectiveMonth: z.number().int().min(1).max(12),
  effectiveYear: z.number().int().min(2000).max(2100),
  remarks: zLines().max(300).nullish(),
  payModeId: z.number().int().min(1).max(9).default(2),
});
export type TSaveAdvance = z.input<typeof ZSaveAdvance>;

export const ZInstalment = z.object({
  id: z.number(),
  seq: z.number(),
  dueMonth: z.string(),
  amount: z.number(),
  status: z.enum(['due', 'recovered', 'skipped']),
  note: z.string().nullable(),
  /** Outstanding after this instalment, as scheduled. */
  outstandingAfter: z.number(),
});

export const ZAdvance = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  advanceAmount: z.number(),
  noOfEMIs: z.number(),
  monthlyEMI: z.number(),
  effectiveMonth: z.number(),
  effectiveYear: z.number(),
  remarks: z.string().nullable(),
  payModeId: z.number(),
  status: z.enum(ADVANCE_STATUSES),
  recovered: z.number(),
  outstanding: z.number(),
  createdAt: z.string(),
  instalments: z.array(ZInstalment).optional(),
  /** The voucher, numbered in the unit's series for the year when the advance is paid; null before. */
  voucher: z
    .object({ voucherNo: z.string(), voucherDate: z.string(), chequeNo: z.string().nullable(), chequeDate: z.string().nullable() })
    .nullable()
    .optional(),
  approval: z
    .object({
      id: z.number(),
      state: z.string(),
      history: z.array(
        z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
      ),
    })
    .nullable()
    .optional(),
});
export type TAdvance = z.infer<typeof ZAdvance>;
/** A change to an advance not yet paid (the specification's "modify salary advance"); after approval it goes back for approval. */
export const ZUpdateAdvance = ZSaveAdvance.omit({ employeeId: true });
export type TUpdateAdvance = z.input<typeof ZUpdateAdvance>;
export const ZAdvancePage = z.object({ rows: z.array(ZAdvance), total: z.number() });

export const ZAdvanceAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('reject'), remark: zLines().max(300).nullish() }),
  z.object({
    action: z.literal('pay'),
    payModeId: z.number().int().min(1).max(9).optional(),
    /** The cheque or DD the advance was paid with (printed on the voucher); none for a bank transfer or cash. */
    chequeNo: zLine().max(20).nullish(),
    chequeDate: ZIsoDate().nullish(),
  }),
  z.object({ action: z.literal('cancel'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('preclose'), year: z.number().int().min(2000).max(2100), month: z.number().int().min(1).max(12) }),
  z.object({
    action: z.literal('skip'),
    instalmentId: z.number().int().positive(),
    reason: zLines().min(3, 'Say why the instalment is skipped').max(300),
  }),
]);
export type TAdvanceAction = z.infer<typeof ZAdvanceAction>;
