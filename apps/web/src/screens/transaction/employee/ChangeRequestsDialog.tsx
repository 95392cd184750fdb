import type { TProfileChangeRequest } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { ApprovalHistory, CHANGE_LABELS, changeValue } from '@/components/employee/changes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';

/** Approvers (the approve action on the employee screen, within their units) apply or reject bank and statutory change requests. */
export function ChangeRequestsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['employees', 'change-requests'],
    queryFn: ({ signal }) => api.get<TProfileChangeRequest[]>(apiPath('/api/employee-change-requests'), undefined, { signal }),
    enabled: open,
  });
  // Rejecting asks for a remark first: the employee reads why.
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const decide = async (id: number, approve: boolean, note?: string) => {
    try {
      await api.post(apiPath('/api/employee-change-requests/:id/decide', { id }), { approve, ...(note ? { note } : {}) });
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
