import type { TSettlement, TSettlementLine } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadExitDocument } from '@/lib/documents';
import { formatAmount } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { exitKeys, useSettlement } from './api';
import { dmy, StatusBadge, typeLabel } from './components';
import { PaymentState, SettlementPaymentCard } from './SettlementPayment';
import { Net } from './SettlementsScreen';

function Lines({ title, lines, total }: { title: string; lines: TSettlementLine[]; total: number }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm" data-testid={`lines-${title.toLowerCase()}`}>
          <tbody>
            {lines.map((l, i) => (
              <tr key={`${l.kind}${i}`} className="border-b align-top last:border-0">
                <td className="py-1.5 pr-2">
                  <div className="font-medium">{l.label}</div>
                  <div className="text-xs text-muted-foreground">{l.basis}</div>
                </td>
                <td className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatAmount(l.amount)}</td>
              </tr>
            ))}
            <tr className="font-semibold">
              <td className="pt-2">Total</td>
              <td className="pt-2 text-right tabular-nums">{formatAmount(total)}</td>
            </tr>
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function Actions({ x }: { x: TSettlement }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.settlement);
  const [remark, setRemark] = useState('');
  const [waive, setWaive] = useState(x.noticeWaived);
  const [reason, setReason] = useState(x.waiverReason ?? '');
  const [adj, setAdj] = useState({ label: '', amount: '', reason: '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: exitKeys.settlements });
  const decide = useAction(
    (action: 'approve' | 'reject') =>
      api.post<TSettlement>(apiPath('/api/exits/settlements/:id/action', { id: x.id }), { action, remark: remark || undefined }),
    {
      success: (_r, a) => (a === 'approve' ? 'Settlement approved and locked' : 'Settlement rejected'),
      onDone: refresh,
    },
  );
  const compute = useAction(
    () =>
      api.post<TSettlement>(apiPath('/api/exits/separations/:id/settlement', { id: x.separationId }), {
        noticeWaived: waive,
        waiverReason: waive ? reason : undefined,
      }),
    {
      success: 'Settlement computed again',
      onDone: refresh,
    },
  );
  const addAdj = useAction(
    () =>
      api.post<TSettlement>(apiPath('/api/exits/separations/:id/adjustments', { id: x.separationId }), {
        side: 'deduction',
        label: adj.label,
        amount: Number(adj.amount),
        reason: adj.reason,
      }),
    {
      success: 'Recovery added',
      onDone: async () => {
        setAdj({ label: '', amount: '', reason: '' });
        await refresh();
      },
    },
  );
  if (x.status !== 'computed') return null;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {x.mayDecide && (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Decide</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Textarea rows={2} placeholder="Remark (needed to reject)" value={remark} onChange={(e) => setRemark(e.target.value)} />
            <div className="flex gap-2">
              <Button variant="outline" disabled={decide.busy} onClick={() => decide.run('reject')}>
                Reject
              </Button>
              <Button disabled={decide.busy} onClick={() => decide.run('approve')} data-testid="settlement-approve">
                Approve
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
      {actions.add && (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Notice</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={waive} onChange={(e) => setWaive(e.target.checked)} /> Waive the notice shortfall
            </label>
            {waive && <Input placeholder="Why it is waived" value={reason} onChange={(e) => setReason(e.target.value)} />}
            <Button variant="outline" disabled={compute.busy} onClick={() => compute.run()}>
              Compute again
            </Button>
          </CardContent>
        </Card>
      )}
      {actions.edit && (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Other recovery</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <FormField label="What" htmlFor="adj-label">
              <Input id="adj-label" value={adj.label} onChange={(e) => setAdj({ ...adj, label: e.target.value })} />
            </FormField>
            <FormField label="Amount (₹)" htmlFor="adj-amount">
              <Input id="adj-amount" inputMode="decimal" value={adj.amount} onChange={(e) => setAdj({ ...adj, amount: e.target.value })} />
            </FormField>
            <FormField label="Reason" htmlFor="adj-reason">
              <Input id="adj-reason" value={adj.reason} onChange={(e) => setAdj({ ...adj, reason: e.target.value })} />
            </FormField>
            <Button variant="outline" disabled={addAdj.busy} onClick={() => addAdj.run()}>
              Add recovery
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** /outlet/transaction/full-final-settlement/:settlementId: the settlement's lines, decision and documents. */
export default function SettlementScreen() {
  const id = Number(useParams().settlementId);
  const { data: x } = useSettlement(id);
  if (!x) return null;
  const lines = x.lines ?? [];
  const doc = (kind: 'settlement' | 'relieving' | 'experience') => downloadExitDocument(kind, x);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <PageHeader
        title={x.employeeName}
        description={`Full & final settlement · ${x.employeeCode} · ${x.designationName} · ${x.unitName} · ${typeLabel(x.type)}, last working day ${dmy(x.lastDay)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => doc('settlement')} data-testid="download-statement">
              <FileDown /> Statement
            </Button>
            <Button variant="outline" onClick={() => doc('relieving')} disabled={x.status !== 'approved'}>
              <FileDown /> Relieving letter
            </Button>
            <Button variant="outline" onClick={() => doc('experience')} disabled={x.status !== 'approved'}>
              <FileDown /> Experience certificate
            </Button>
          </div>
        }
      />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border bg-card p-4 text-sm">
        <span>
          <StatusBadge status={x.status} />
        </span>
        <span className={cn(x.overdue && 'font-semibold text-rose-700')} data-testid="settlement-due">
          Due by {dmy(x.dueDate)}
          {x.overdue ? ' · overdue' : ''}
        </span>
        <span>Salary of the last month: {x.salaryMonth ? 'paid here' : 'paid by the month’s run'}</span>
        {x.paymentStatus && (
          <span data-testid="settlement-paid">
            <PaymentState x={x} />
          </span>
        )}
        <span className="ml-auto text-base">
          {x.net < 0 ? 'The employee owes ' : 'Net payable '}
          <Net net={x.net} />
        </span>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Lines title="Earnings" lines={lines.filter((l) => l.side === 'earning')} total={x.earnings} />
        <Lines title="Deductions" lines={lines.filter((l) => l.side === 'deduction')} total={x.deductions} />
      </div>
      <SettlementPaymentCard x={x} />
      <Actions x={x} />
    </div>
  );
}
