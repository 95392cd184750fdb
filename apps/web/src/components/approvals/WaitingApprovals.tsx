// Everything waiting for the signed-in approver — the phone home's list for managers. Requests (leave, work from home,
// visitors: GET /api/requests?toDecide=true) are decided here, Approve / Reject with a remark (a rejection needs one);
// every other kind (salary runs, advances, bonuses, arrears, corrections, profile changes, separations, settlements:
// GET /api/approvals/waiting) opens the screen where it is decided. The server decides who may decide (the approvals
// module); the full request screens are at All Requests.
import type { TRequest, TRequestKind, TRequestList, TWaitingApproval, TWaitingApprovals } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronRight, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
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

export const waitingInboxKey = ['approvals', 'waiting'] as const;

/** The approvals other than requests waiting for the caller (GET /api/approvals/waiting), each linking to its screen. */
function useOtherWaiting(limit: number) {
  return useQuery({
    queryKey: [...waitingInboxKey, limit],
    queryFn: ({ signal }) =>
      api.get<TWaitingApprovals>(apiPath('/api/approvals/waiting'), { pageSize: 50 }, { signal, silent: true, bypass_log: true }),
    select: (d) => d.rows.filter((r) => !r.kind.startsWith('request.')).slice(0, limit),
    retry: false,
  });
}

function OtherItem({ item }: { item: TWaitingApproval }) {
  const who = item.employeeName ? `${item.employeeName}${item.employeeCode ? ` (${item.employeeCode})` : ''}` : null;
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 text-sm" data-testid="waiting-item">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium">{item.title}</span>
        <span className="text-muted-foreground">
          {[who, item.unitName, item.detail, item.levels > 1 ? `Level ${item.level} of ${item.levels}` : null].filter(Boolean).join(' · ')}
        </span>
      </div>
      <Button asChild size="sm" variant="outline">
        <Link to={item.path} aria-label={`Open ${item.title}`}>
          Open <ChevronRight />
        </Link>
      </Button>
    </li>
  );
}

/** The waiting requests with their decisions, then the other approvals waiting; nothing when none waits. */
export function WaitingApprovals({ limit = 10 }: { limit?: number }) {
  const others = useOtherWaiting(limit);
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
  if (q.isError && others.isError)
    return <p className="text-sm text-muted-foreground">The requests waiting for you could not be loaded.</p>;
  if (!q.data && !others.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const requests = q.data?.rows ?? [];
  const other = others.data ?? [];
  if (requests.length === 0 && other.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing is waiting for your decision.</p>;
  return (
    <>
      {other.length > 0 && (
        <ul className="divide-y rounded-md border" data-testid="waiting-others" aria-label="Other approvals waiting">
          {other.map((item) => (
            <OtherItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {requests.length > 0 && (
        <ul className="divide-y rounded-md border" data-testid="waiting-approvals">
          {requests.map((r) => (
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
      )}
      {q.data && q.data.total > q.data.rows.length && (
        <p className="text-xs text-muted-foreground">{q.data.total - q.data.rows.length} more at All Requests.</p>
      )}
      {deciding && <DecideDialog request={deciding.request} action={deciding.action} onClose={() => setDeciding(null)} />}
    </>
  );
}
