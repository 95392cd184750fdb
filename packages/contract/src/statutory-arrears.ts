import { z } from 'zod';
import { ZIdText } from './ids';
import { zLines } from './text';

// Statutory arrears (issue 25): the PF differences of approved or locked months that a later parameter row
// reaches, one record per run, listed for approval and paid in the unit's next open month with an arrear ECR.
// Amounts are rupees.

export const STATUTORY_ARREAR_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * Who pays the member's share of the difference. EPF Scheme 1952 para 32: a member's share may be recovered only
 * from the wages of the period it is for (save a false declaration at joining, or an accidental or clerical error
 * with the Inspector's written consent), so by default the employer bears it; 'member' recovers it from the next
 * pay as a deduction (through the PF head, outside gross, ESI wages and taxable pay) where the organisation decides so.
 */
export const MEMBER_SHARE_PAYERS = ['employer', 'member'] as const;

export const ZStatutoryArrearQuery = z
  .object({
    unitId: ZIdText.optional(),
    status: z.enum(STATUTORY_ARREAR_STATUSES).optional(),
  })
  .strict();

const figures = {
  epfWages: z.number(),
  epsWages: z.number(),
  edliWages: z.number(),
  /** The member's share (EPF A/c 1), remitted by the employer with the arrear ECR whoever bears it. */
  employeeShare: z.number(),
  /** Employer's pension share (A/c 10). */
  eps: z.number(),
  /** Employer's EPF share (A/c 1, the EPF–EPS difference). */
  epf: z.number(),
  /** EDLI (A/c 21). */
  edli: z.number(),
};

export const ZStatutoryArrear = z.object({
  id: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  /** 'YYYY-MM' of the approved or locked month the difference is for, and of the open month that pays it. */
  forMonth: z.string(),
  payMonth: z.string(),
  kind: z.literal('pf'),
  basis: z.string(),
  members: z.number(),
  ...figures,
  /** Administration charges (A/c 2) on the new EPF wages less those charged. */
  adminCharges: z.number(),
  /** Everything the employer remits: both shares, EDLI and the charges. */
  total: z.number(),
  status: z.enum(STATUTORY_ARREAR_STATUSES),
  /** Who bears the member's share: the employer (default) or the member (recovered from the next pay). */
  memberShareBy: z.enum(MEMBER_SHARE_PAYERS),
  /** The employer's extra cost: the member's share it bears (0 when recovered from the members). */
  employerBears: z.number(),
  approvalId: z.number().nullable(),
  createdAt: z.string(),
});
export type TStatutoryArrear = z.infer<typeof ZStatutoryArrear>;

export const ZStatutoryArrearDetail = ZStatutoryArrear.extend({
  lines: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      uan: z.string().nullable(),
      ...figures,
      /**
       * Once approved with the share recovered from the member: the recovery in the next open month's pay (negative,
       * a deduction through the PF head), the month of the run that carries it and that run's status (null until a
       * run carries it). Null when the employer bears the share.
       */
      payAdjustment: z.object({ amount: z.number(), paidIn: z.string().nullable(), runStatus: z.string().nullable() }).nullable(),
    }),
  ),
});
export type TStatutoryArrearDetail = z.infer<typeof ZStatutoryArrearDetail>;

export const ZStatutoryArrearsRaised = z.object({ raised: z.array(z.number()) });

/**
 * An approver's decision (a remark is needed to reject). Approving says who bears the members' share
 * (`memberShareBy`, default 'employer'); it cannot come with a rejection.
 */
export const ZStatutoryArrearDecide = z
  .object({
    action: z.enum(['approve', 'reject']),
    remark: zLines().max(300).optional(),
    memberShareBy: z.enum(MEMBER_SHARE_PAYERS).optional(),
  })
  .strict()
  .refine((b) => b.action === 'approve' || b.memberShareBy === undefined, {
    path: ['memberShareBy'],
    message: 'Who bears the member’s share is chosen when approving, not when rejecting',
  });
