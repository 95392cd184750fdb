import type { TSeparation, TSettlement } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { useAction } from '@/lib/useAction';
import { exitKeys, settlementPath, useSeparation } from './api';
import { dmy, StatusBadge, typeLabel } from './components';

/** One separation: its figures and approval, approve (agreeing the last day) / reject / withdraw, and its settlement. */
export function SeparationDialog({ id, onClose, mayCompute }: { id: number | null; onClose: () => void; mayCompute: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: s } = useSeparation(id);
  const [remark, setRemark] = useState('');
  const [lastDay, setLastDay] = useState('');
  const act = useAction(
    (action: 'approve' | 'reject' | 'withdraw') =>
      api.post<TSeparation>(apiPath('/api/exits/separations/:id/action', { id: id! }), {
        action,
        remark: remark || undefined,
        ...(action === 'approve' && lastDay ? { lastDay } : {}),
      }),
    {
      success: (r, action) =>
        `Separation ${action === 'withdraw' ? 'withdrawn' : action === 'approve' ? (r.status === 'approved' ? 'approved' : 'approved at your level') : 'rejected'}`,
      onDone: async () => {
        setRemark('');
        await queryClient.invalidateQueries({ queryKey: exitKeys.separations });
      },
    },
  );
  const compute = useAction(() => api.post<TSettlement>(apiPath('/api/exits/separations/:id/settlement', { id: id! }), {}), {
    success: 'Settlement computed',
    onDone: async (x) => {
      await queryClient.invalidateQueries({ queryKey: exitKeys.settlements });
      navigate(settlementPath(x.id));
    },
  });
  return (
    <Dialog open={id !== null} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="separation-view">
        {s && (
          <>
            <DialogHeader>
              <DialogTitle>
                {s.employeeName} · {typeLabel(s.type)}
              </DialogTitle>
              <DialogDescription>
                {s.employeeCode} · {s.designationName} · {s.unitName}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadge status={s.status} />{' '}
                {s.approval && s.status === 'pending' ? `level ${s.approval.level} of ${s.approval.levels}` : ''}
              </dd>
              <dt className="text-muted-foreground">Notice given on</dt>
              <dd>{dmy(s.noticeGivenOn)}</dd>
              <dt className="text-muted-foreground">Last working day</dt>
              <dd data-testid="separation-lwd">
                {dmy(s.lastDay)}
                {s.lastDay !== s.lastDayRequested ? ` (asked ${dmy(s.lastDayRequested)})` : ''}
              </dd>
              <dt className="text-muted-foreground">Notice period</dt>
              <dd>
                {s.noticeDays} days{s.noticeShortfall ? `, ${s.noticeShortfall} short` : ''}
              </dd>
              <dt className="text-muted-foreground">Reason</dt>
              <dd className="whitespace-pre-wrap">{s.reason}</dd>
            </dl>
            {s.approval && (
              <ul className="space-y-1 border-t pt-2 text-xs text-muted-foreground">
                {s.approval.history.map((h) => (
                  <li key={`${h.at}${h.action}`}>
                    {dmy(h.at.slice(0, 10))}: {h.action} {h.level ? `(level ${h.level})` : ''} by {h.actorName}
                    {h.remark ? ` — ${h.remark}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {s.status === 'pending' && (
              <div className="grid gap-3">
                {s.mayDecide && (
                  <FormField label="Agreed last working day" htmlFor="sep-agree" hint="Leave empty to keep the one asked">
                    <DateInput id="sep-agree" value={lastDay} onChange={(e) => setLastDay(e.target.value)} />
                  </FormField>
                )}
                <FormField label="Remark" htmlFor="sep-remark" hint="Needed to reject">
                  <Textarea
                    id="sep-remark"
                    rows={2}
                    value={remark}
                    onChange={(e) => setRemark(e.target.value)}
                    data-testid="separation-remark"
                  />
                </FormField>
              </div>
            )}
            <DialogFooter className="flex-wrap gap-2">
              {s.status === 'pending' && (
                <Button variant="outline" disabled={act.busy} onClick={() => act.run('withdraw')}>
                  Withdraw
                </Button>
              )}
              {s.mayDecide && (
                <>
                  <Button variant="outline" disabled={act.busy} onClick={() => act.run('reject')}>
                    Reject
                  </Button>
                  <Button disabled={act.busy} onClick={() => act.run('approve')} data-testid="separation-approve">
                    Approve
                  </Button>
                </>
              )}
              {s.status === 'approved' && s.settlementId && (
                <Button onClick={() => navigate(settlementPath(s.settlementId!))}>Open settlement</Button>
              )}
              {s.status === 'approved' && !s.settlementId && mayCompute && (
                <Button disabled={compute.busy} onClick={() => compute.run()} data-testid="compute-settlement">
                  Compute settlement
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
