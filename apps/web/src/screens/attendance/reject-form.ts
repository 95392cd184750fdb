// The reject dialog of a correction (Regularisations' PendingCorrections): its remark, checked as
// POST /api/attendance/regularisations/:id/decide checks it (ZDecide's remark), required to reject.
import { ZDecide } from '@hr/contract';
import { z } from 'zod';
import { contractResolver } from '@/lib/form';
import { into } from '@/lib/form-fields';

export type TRejectForm = { remark: string };

/** The remark the employee reads: not blank (the dialog's words), then the contract's rule (trimmed, ≤ 300). */
export const ZRejectForm = z.object({
  remark: into(
    z.string().refine((s) => s.trim() !== '', 'Say why the correction is rejected'),
    ZDecide.shape.remark.unwrap(),
  ),
});
export const REJECT_RESOLVER = contractResolver<TRejectForm, z.output<typeof ZRejectForm>>(ZRejectForm);
