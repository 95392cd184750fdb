import { z } from 'zod';
import { ZApprovalHistoryLine } from '../approvals';
import { zLines } from '../text';
import { BANK_STATUTORY_FIELDS } from './input';

// My profile change requests: the bank and statutory fields a self-service employee asks an administrator to change.

export const ZProfileChangeRequestInput = z.object({
  changes: z.partialRecord(z.enum(BANK_STATUTORY_FIELDS), z.union([z.string(), z.number(), z.null()])),
  reason: zLines().max(300).optional(),
});
export type TProfileChangeRequestInput = z.infer<typeof ZProfileChangeRequestInput>;

export const ZProfileChangeRequest = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  /** Aadhaar appears only masked (the request keeps its last four digits, never the full number). */
  changes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Every step (submitted, approved / rejected) with who, when and the remark. */
  history: z.array(ZApprovalHistoryLine),
});
export type TProfileChangeRequest = z.infer<typeof ZProfileChangeRequest>;

export const ZDecideChangeRequest = z
  .object({
    approve: z.boolean(),
    /** Required to reject: the employee reads why. */
    note: zLines().max(300).optional(),
  })
  .refine((d) => d.approve || (d.note ?? '').length > 0, { message: 'Say why the request is rejected', path: ['note'] });
