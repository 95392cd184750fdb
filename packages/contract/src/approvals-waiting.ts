import { z } from 'zod';

/** `GET /api/approvals/waiting?page=&pageSize=`: the approvals the caller may decide now, newest first (issue 29). */
export const ZWaitingApprovalsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type TWaitingApprovalsQuery = z.infer<typeof ZWaitingApprovalsQuery>;

/** One approval waiting for the caller: how it reads and the screen where it is decided. */
export const ZWaitingApproval = z.object({
  id: z.number(),
  /** The approval kind: 'request.leave', 'payroll.run', 'exits.settlement'… */
  kind: z.string(),
  /** The domain record decided (a request's id for the 'request.*' kinds). */
  subjectId: z.number(),
  /** e.g. "Salary run · Head Office, Oct 2026" */
  title: z.string(),
  detail: z.string().nullable(),
  employeeName: z.string().nullable(),
  employeeCode: z.string().nullable(),
  unitName: z.string().nullable(),
  /** The level waiting (1-based) of `levels`. */
  level: z.number(),
  levels: z.number(),
  submittedAt: z.string(),
  /** The web path of the screen where it is decided (a MENU path). */
  path: z.string(),
});
export type TWaitingApproval = z.infer<typeof ZWaitingApproval>;

export const ZWaitingApprovals = z.object({
  rows: z.array(ZWaitingApproval),
  page: z.number(),
  pageSize: z.number(),
  /** Whether a further page has more. */
  hasMore: z.boolean(),
});
export type TWaitingApprovals = z.infer<typeof ZWaitingApprovals>;
