// The requests waiting for the signed-in approver (leave, work from home, visitors: GET /api/requests?toDecide=true),
// each with Approve / Reject and a remark (a rejection needs one) — the phone home's list for managers. The server
// decides who may decide (the approvals module); the full screens are at All Requests.
import type { TRequest, TRequestKind, TRequestList } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatDate } from '@/lib/format';
import { useAction } from '@/lib/useAction';

const KIND: Record<TRequestKind, string> = { leave: 'Leave', wfh: 'Work from home', visitor: 'Visitor' };

export const waitingApprovalsKey = ['requests', 'to-decide'] as const;

function when(r: TRequest): string {
  return r.toDate && r.toDate !== r.fromDate ? `${formatDate(r.fromDate)} – ${formatDate(r.toDate)}` : formatDate(r.fromDate);
}

function DecideDialog({ request, action, onClose }: { request: TRequest; action: 'approve' | 'reject'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const decide = useAction(
    () =>
      api.post<TRequest>(
        apiPath(`/api/requests/:id/${action}`, { id: request.id }),
        action === 'approve' ? { remark: remark.trim() || undefined } : { remark },
      ),
    {
      success: action === 'approve' ? 'Approved' : 'Rejected',
      onDone: async () => {
        onClose();
        await queryClient.invalidateQueries({ queryKey: ['requests'] });
      },
      onError: (e) => setError(e instanceof Error ? e.message : null),
    },
  );
  const needsRemark = action === 'reject' && remark.trim() === '';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {action === 'approve' ? 'Approve' : 'Reject'} {KIND[request.kind].toLowerCase()} of {request.employeeName}
          </DialogTitle>
          <DialogDescription>
            {when(request)}
            {request.kind === 'leave' && request.leaveTypeName ? ` · ${request.leaveTypeName}` : ''}
            {request.reason ? ` · “${request.reason}”` : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{action === 'reject' ? 'Remark (required)' : 'Remark (optional)'}</Label>
          <Textarea id={fieldId} value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={500} aria-invalid={!!error} />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={action === 'reject' ? 'destructive' : 'default'}
            disabled={decide.busy || needsRemark}
            onClick={() => void decide.run()}
            data-testid="decide-confirm"
          >
            {action === 'approve' ? <Check /> : <X />} {action === 'approve' ? 'Approve' : 'Reject'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The waiting requests with their decisions; nothing when none waits. */
export function WaitingApprovals({ limit = 10 }: { limit?: number }) {
  const q = useQuery({
    queryKey: [...waitingApprovalsKey, limit],
    queryFn: ({ signal }) =>
      api.get<TRequestList>(
        apiPath('/api/requests'),
        { toDecide: true, status: 'pending', pageSize: limit },
        { signal, silent: true, bypass_log: true },
      ),
    retry: false,
  });
  const [deciding, setDeciding] = useState<{ request: TRequest; action: 'approve' | 'reject' } | null>(null);
  if (q.isError) return <p className="text-sm text-muted-foreground">The requests waiting for you could not be loaded.</p>;
  if (!q.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (q.data.rows.length === 0) return <p className="text-sm text-muted-foreground">Nothing is waiting for your decision.</p>;
  return (
    <>
      <ul className="divide-y rounded-md border" data-testid="waiting-approvals">
        {q.data.rows.map((r) => (
          <li key={r.id} className="grid gap-2 px-3 py-2.5 text-sm" data-testid="waiting-approval">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.employeeName}</span>
              <span className="text-xs text-muted-foreground">{r.employeeCode}</span>
              <Badge variant="secondary">{KIND[r.kind]}</Badge>
            </div>
            <div className="text-muted-foreground">
              {when(r)}
              {r.kind === 'leave' && r.leaveTypeName ? ` · ${r.leaveTypeName}` : ''}
              {r.kind === 'visitor' && r.visitorName ? ` · ${r.visitorName}` : ''}
              {r.reason ? ` · “${r.reason}”` : ''}
            </div>
            {r.canApprove && (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  onClick={() => setDeciding({ request: r, action: 'approve' })}
                  aria-label={`Approve ${r.employeeName}'s request`}
                >
                  <Check /> Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeciding({ request: r, action: 'reject' })}
                  aria-label={`Reject ${r.employeeName}'s request`}
                >
                  <X /> Reject
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {q.data.total > q.data.rows.length && (
        <p className="text-xs text-muted-foreground">{q.data.total - q.data.rows.length} more at All Requests.</p>
      )}
      {deciding && <DecideDialog request={deciding.request} action={deciding.action} onClose={() => setDeciding(null)} />}
    </>
  );
}
