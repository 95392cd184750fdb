import { z } from 'zod';
import { zLines } from '../text';
import { clock, isoDate, page } from './fields';

// Regularisation: a missed or wrong punch corrected through an approval.

export const ZRegularise = z
  .object({
    /** Someone else's (a manager entering for their staff); default: self. */
    employeeId: z.number().int().positive().optional(),
    day: isoDate,
    inTime: clock.nullable().optional(),
    outTime: clock.nullable().optional(),
    /** The out time is on the next morning (a night shift). */
    outNextDay: z.boolean().default(false),
    reason: zLines().min(5, 'Say what happened (at least 5 characters)').max(300),
  })
  .refine((r) => r.inTime || r.outTime, { message: 'Give the in time, the out time or both', path: ['inTime'] });

export const REGULARISATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const ZRegularisation = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  day: z.string(),
  inTime: z.string().nullable(),
  outTime: z.string().nullable(),
  outNextDay: z.boolean(),
  reason: z.string(),
  status: z.enum(REGULARISATION_STATUSES),
  approvalId: z.number().nullable(),
  createdAt: z.string(),
  /** The caller may approve or reject it now. */
  canDecide: z.boolean(),
  history: z.array(
    z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
  ),
});
export const ZRegularisationQuery = z.object({
  /** 'mine': the caller's own; 'toDecide': what the caller may act on; default: everything in reach. */
  scope: z.enum(['mine', 'toDecide', 'all']).default('all'),
  status: z.enum(REGULARISATION_STATUSES).optional(),
  ...page,
});
export const ZRegularisationList = z.object({ rows: z.array(ZRegularisation), total: z.number() });
export const ZDecide = z.object({ action: z.enum(['approve', 'reject', 'cancel']), remark: zLines().max(300).optional() });
