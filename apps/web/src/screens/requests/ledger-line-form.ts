// The leave ledger's "post a line" form (LeaveLedgerScreen): its fields checked as POST /api/leave/ledger checks them
// (ZPostLedgerLine), the employee and the financial year being the screen's, added when it is sent.
import { ZPostLedgerLine } from '@hr/contract';
import { z } from 'zod';
import { contractResolver } from '@/lib/form';
import { into, pickedId } from '@/lib/form-fields';

export type TPostKind = z.output<typeof ZPostLedgerLine>['kind'];
export type TLedgerLineForm = { leaveTypeId: number | null; kind: TPostKind; days: string; reason: string };
export type TLedgerLine = Omit<z.output<typeof ZPostLedgerLine>, 'employeeId' | 'financialYear'>;

const DAYS_MESSAGE = 'Whole or half days, not zero';

/** Typed days ('1.5', '-2'): blank, zero or not a number in the form's words; then the contract's (whole or half days). */
const typedDays = into(
  z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s !== '' && Number.isFinite(Number(s)) && Number(s) !== 0, DAYS_MESSAGE)
    .transform(Number),
  ZPostLedgerLine.shape.days,
);

export const ZLedgerLineForm = z.object({
  leaveTypeId: pickedId(ZPostLedgerLine.shape.leaveTypeId, 'Choose a leave type'),
  kind: ZPostLedgerLine.shape.kind,
  days: typedDays,
  reason: ZPostLedgerLine.shape.reason,
});
export const LEDGER_LINE_RESOLVER = contractResolver<TLedgerLineForm, TLedgerLine>(ZLedgerLineForm);

export const blankLedgerLine = (leaveTypeId: number | null): TLedgerLineForm => ({ leaveTypeId, kind: 'adjust', days: '', reason: '' });
