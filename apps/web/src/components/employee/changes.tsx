// Profile change requests (bank and statutory details), shown to the approver and to the employee who asked.
import type { TProfileChangeRequest } from '@hr/contract';
import { formatDateTime } from '@/lib/format';

/** The fields a change request may carry, as the screens name them. */
export const CHANGE_LABELS: Record<string, string> = {
  pan: 'PAN',
  aadhaar: 'Aadhaar',
  uan: 'UAN',
  pfNumber: 'PF number',
  esiNumber: 'ESI number',
  payModeId: 'Pay mode',
  bankAccountNo: 'Account number',
  ifsc: 'IFSC',
  bankName: 'Bank',
  bankBranch: 'Branch',
};
export const changeValue = (k: string, v: unknown) =>
  k === 'payModeId' ? ({ 1: 'Cash', 2: 'Bank', 3: 'Cheque' } as Record<string, string>)[String(v)] : String(v ?? '—');

/** One request's steps: submitted, approved / rejected, with who, when and the remark. */
export function ApprovalHistory({ lines }: { lines: TProfileChangeRequest['history'] }) {
  if (lines.length === 0) return null;
  const verb = {
    submitted: 'Asked',
    resubmitted: 'Asked again',
    approved: 'Approved',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
  } as const;
  return (
    <ol className="mt-2 space-y-0.5 border-l pl-3 text-xs text-muted-foreground" data-testid="approval-history">
      {lines.map((h, i) => (
        <li key={`${h.at}-${i}`}>
          {verb[h.action]} by <span className="text-foreground">{h.actorName}</span>, {formatDateTime(h.at)}
          {h.remark ? `: “${h.remark}”` : ''}
        </li>
      ))}
    </ol>
  );
}
