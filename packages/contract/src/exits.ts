import { z } from 'zod';
import { ZApprovalHistoryLine } from './approvals';
import { ZIsoDate } from './dates';
import { ZIdQuery } from './ids';
import { PAYMENT_MODES, ZBankFileQuery } from './payments';
import { ZRupees } from './payroll';
import { zLine, zLines } from './text';

// Exits (issue 27): a separation approved through the approvals module (reporting manager, then HR), and its full
// and final settlement computed by the payroll engine. Amounts travel as rupees with two decimals.

export const SEPARATION_TYPES = ['resignation', 'termination', 'retirement', 'death', 'fixed_term_end', 'absconding'] as const;
export type TSeparationType = (typeof SEPARATION_TYPES)[number];
export const SEPARATION_TYPE_LABEL: Record<TSeparationType, string> = {
  resignation: 'Resignation',
  termination: 'Termination',
  retirement: 'Retirement',
  death: 'Death',
  fixed_term_end: 'End of fixed term',
  absconding: 'Absconding',
};
export const SEPARATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export const SETTLEMENT_STATUSES = ['computed', 'approved', 'cancelled'] as const;

const ZApprovalBlock = z
  .object({ id: z.number(), state: z.string(), level: z.number(), levels: z.number(), history: z.array(ZApprovalHistoryLine) })
  .nullable();

export const ZSaveSeparation = z
  .object({
    /** Omitted: the caller's own employee record (self-service resignation). */
    employeeId: z.number().int().positive().optional(),
    type: z.enum(SEPARATION_TYPES),
    disablement: z.boolean().default(false),
    noticeGivenOn: ZIsoDate(),
    lastDayRequested: ZIsoDate(),
    reason: zLines().min(3, 'Say why (at least 3 characters)').max(1000),
  })
  .refine((b) => b.lastDayRequested >= b.noticeGivenOn, {
    path: ['lastDayRequested'],
    message: 'The last working day cannot be before the notice is given',
  });
export type TSaveSeparation = z.input<typeof ZSaveSeparation>;

export const ZSeparationListQuery = z.object({
  unitId: ZIdQuery.optional(),
  status: z.enum(SEPARATION_STATUSES).optional(),
  /** Only the caller's own (the self-service screen). */
  mine: z.enum(['1', 'true']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSeparation = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  designationName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  dateOfJoining: z.string(),
  type: z.enum(SEPARATION_TYPES),
  disablement: z.boolean(),
  noticeGivenOn: z.string(),
  lastDayRequested: z.string(),
  lastDay: z.string(),
  noticeDays: z.number(),
  /** Days of notice short of the notice period on the agreed last day. */
  noticeShortfall: z.number(),
  reason: z.string(),
  status: z.enum(SEPARATION_STATUSES),
  separatedAt: z.string().nullable(),
  settlementId: z.number().nullable(),
  createdAt: z.string(),
  approval: ZApprovalBlock.optional(),
  /** Whether the caller may decide the approval at its current level. */
  mayDecide: z.boolean().optional(),
});
export type TSeparation = z.infer<typeof ZSeparation>;
export const ZSeparationPage = z.object({ rows: z.array(ZSeparation), total: z.number() });

export const ZSeparationAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish(), lastDay: ZIsoDate().optional() }),
  z.object({ action: z.literal('reject'), remark: zLines().min(1, 'Say why the separation is rejected').max(300) }),
  z.object({ action: z.literal('withdraw'), remark: zLines().max(300).nullish() }),
]);
export type TSeparationAction = z.infer<typeof ZSeparationAction>;

export const ZComputeSettlement = z
  .object({
    noticeWaived: z.boolean().default(false),
    waiverReason: zLines().max(300).nullish(),
  })
  .refine((b) => !b.noticeWaived || (b.waiverReason?.trim().length ?? 0) >= 3, {
    path: ['waiverReason'],
    message: 'Say why the notice is waived',
  });
export type TComputeSettlement = z.input<typeof ZComputeSettlement>;

export const ZSettlementAdjustment = z.object({
  side: z.enum(['earning', 'deduction']),
  label: zLine().min(2).max(150),
  amount: ZRupees.refine((n) => n > 0, 'More than ₹0'),
  reason: zLines().min(3, 'Say why').max(300),
});
export type TSettlementAdjustment = z.infer<typeof ZSettlementAdjustment>;

export const ZSettlementAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('reject'), remark: zLines().min(1, 'Say why the settlement is rejected').max(300) }),
]);

export const ZSettlementListQuery = z.object({
  unitId: ZIdQuery.optional(),
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSettlementLine = z.object({
  kind: z.string(),
  side: z.enum(['earning', 'deduction']),
  label: z.string(),
  amount: z.number(),
  basis: z.string(),
  exempt: z.number(),
});
export type TSettlementLine = z.infer<typeof ZSettlementLine>;

export const ZSettlement = z.object({
  id: z.number(),
  separationId: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  designationName: z.string(),
  departmentName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  dateOfJoining: z.string(),
  type: z.enum(SEPARATION_TYPES),
  status: z.enum(SETTLEMENT_STATUSES),
  lastDay: z.string(),
  dueDate: z.string(),
  /** Not approved by the due date (Code on Wages s.17(2): two working days after the last day). */
  overdue: z.boolean(),
  salaryMonth: z.string().nullable(),
  noticeWaived: z.boolean(),
  waiverReason: z.string().nullable(),
  earnings: z.number(),
  deductions: z.number(),
  /** Negative: the amount the employee owes. */
  net: z.number(),
  computedAt: z.string(),
  approvedAt: z.string().nullable(),
  lines: z.array(ZSettlementLine).optional(),
  facts: z.record(z.string(), z.unknown()).optional(),
  adjustments: z
    .array(z.object({ id: z.number(), side: z.enum(['earning', 'deduction']), label: z.string(), amount: z.number(), reason: z.string() }))
    .optional(),
  approval: ZApprovalBlock.optional(),
  mayDecide: z.boolean().optional(),
  /** 'paid' | 'pending' once approved with a net to pay; null while computed, cancelled, or when the employee owes. */
  paymentStatus: z.enum(['paid', 'pending']).nullable(),
  payMode: z.enum(PAYMENT_MODES),
  /** The value date of the payment. */
  paidOn: z.string().nullable(),
  /** The bank's UTR or the cheque number. */
  paymentReference: z.string().nullable(),
  /** The bank's reason when it returned the transfer (pending again). */
  paymentFailure: z.string().nullable(),
});
export type TSettlement = z.infer<typeof ZSettlement>;

/** Marks an approved settlement paid: the value date and the bank's UTR, or a cheque's number and date. */
export const ZSettlementMarkPaid = z
  .object({
    valueDate: ZIsoDate(),
    reference: zLine().min(4).max(40).optional(),
    chequeNo: zLine()
      .regex(/^[0-9]{6}$/, 'A cheque number is six digits')
      .optional(),
    chequeDate: ZIsoDate().optional(),
  })
  .refine((v) => v.reference || v.chequeNo, { path: ['reference'], message: "Give the bank's reference (UTR) or the cheque number" });
export type TSettlementMarkPaid = z.input<typeof ZSettlementMarkPaid>;

/** A settlement's bank file (or the pending approved settlements of a unit, `unitId`, in one file). */
export const ZSettlementBankFileQuery = ZBankFileQuery.pick({ layout: true, valueDate: true, narration: true }).extend({
  unitId: ZIdQuery.optional(),
});

/** The separation and settlement of an employee, for the employee's record. */
export const ZEmployeeExit = z.object({
  separation: z
    .object({
      id: z.number(),
      type: z.enum(SEPARATION_TYPES),
      status: z.enum(SEPARATION_STATUSES),
      noticeGivenOn: z.string(),
      lastDayRequested: z.string(),
      lastDay: z.string(),
      noticeDays: z.number(),
      reason: z.string(),
      separatedAt: z.string().nullable(),
    })
    .nullable(),
  settlement: z
    .object({
      id: z.number(),
      status: z.enum(SETTLEMENT_STATUSES),
      net: z.number(),
      dueDate: z.string(),
      overdue: z.boolean(),
      paymentStatus: z.enum(['paid', 'pending']).nullable(),
      paidOn: z.string().nullable(),
    })
    .nullable(),
  /** Whether the caller may open the separations and settlements screens. */
  links: z.object({ separation: z.boolean(), settlement: z.boolean() }),
});
export type TEmployeeExit = z.infer<typeof ZEmployeeExit>;
export const ZSettlementPage = z.object({ rows: z.array(ZSettlement), total: z.number() });
