import { z } from 'zod';

/** One step of a request's approval: submitted, approved (at a level), rejected, cancelled. */
export const ZApprovalHistoryLine = z.object({
  level: z.number(),
  action: z.enum(['submitted', 'resubmitted', 'approved', 'rejected', 'cancelled']),
  actorName: z.string(),
  remark: z.string().nullable(),
  at: z.string(),
});
export type TApprovalHistoryLine = z.infer<typeof ZApprovalHistoryLine>;
