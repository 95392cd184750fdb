import type { TProfileChangeRequest } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';

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

/** Approvers (the approve action on the employee screen, within their units) apply or reject bank and statutory change requests. */
export function ChangeRequestsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['employees', 'change-requests'],
    queryFn: ({ signal }) => api.get<TProfileChangeRequest[]>('/api/employee-change-requests', undefined, { signal }),
    enabled: open,
  });
  // Rejecting asks for a remark first: the employee reads why.
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const decide = async (id: number, approve: boolean, note?: string) => {
    try {
      await api.post(`/api/employee-change-requests/${id}/decide`, { approve, ...(note ? { note } : {}) });
      toast({ variant: 'success', title: approve ? 'Approved and applied' : 'Rejected' });
      setRejecting(null);
      setRemark('');
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
    } catch {
      // toast shown
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Bank and statutory change requests</DialogTitle>
          <DialogDescription>Employees ask for these changes on My profile; approving applies them to the record.</DialogDescription>
        </DialogHeader>
        {(list.data ?? []).length === 0 ? (
          <EmptyState title="Nothing waiting" description="No change request is pending." />
        ) : (
          <div className="max-h-[60vh] space-y-3 overflow-auto">
            {list.data?.map((r) => (
              <div key={r.id} className="rounded-lg border p-4">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <div className="font-medium">
                      {r.employeeName} <span className="font-mono text-xs text-muted-foreground">{r.employeeCode}</span>
                    </div>
                    <div className="text-xs text-muted-foreground">{formatDateTime(r.requestedAt)}</div>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => setRejecting(rejecting === r.id ? null : r.id)}>
                      <X /> Reject
                    </Button>
                    <Button size="sm" onClick={() => void decide(r.id, true)}>
                      <Check /> Approve
                    </Button>
                  </div>
                </div>
                <ul className="mt-2 text-sm">
                  {Object.entries(r.changes).map(([k, v]) => (
                    <li key={k}>
                      {CHANGE_LABELS[k] ?? k}: <span className="font-medium">{changeValue(k, v)}</span>
                    </li>
                  ))}
                </ul>
                {r.reason && <p className="mt-1 text-sm text-muted-foreground">“{r.reason}”</p>}
                <ApprovalHistory lines={r.history} />
                {rejecting === r.id && (
                  <div className="mt-3 space-y-2">
                    <Textarea
                      aria-label="Why is it rejected?"
                      placeholder="Why is it rejected? The employee reads this."
                      value={remark}
                      maxLength={300}
                      onChange={(e) => setRemark(e.target.value)}
                    />
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={remark.trim() === ''}
                      onClick={() => void decide(r.id, false, remark.trim())}
                    >
                      Reject with this remark
                    </Button>
                  </div>
                )}
              </div>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
