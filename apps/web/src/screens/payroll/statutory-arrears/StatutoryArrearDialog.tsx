import { useQueryClient } from '@tanstack/react-query';
import { Check, Download, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { formatAmount, formatRupees } from '@/lib/format';
import { formatYearMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { arrearKeys, decideArrear, downloadArrearEcr, STATUS_LABEL, STATUS_VARIANT, type TArrearLine, useArrear } from './api';

const num = (v: number) => <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(v)}</td>;

/** Where the member's share stands in pay: recovered (or refunded) by which month's run, and whether that run is final. */
function payText(l: TArrearLine): string {
  const p = l.payAdjustment;
  if (!p) return '—';
  const what = p.amount < 0 ? 'Recovered' : 'Refunded';
  if (!p.paidIn) return `${what} in the next run`;
  const final = p.runStatus === 'approved' || p.runStatus === 'locked';
  return `${what} in ${formatYearMonth(p.paidIn)}${final ? '' : ' (run not yet approved)'}`;
}

/** One arrears record: its employees and figures, approve or reject it, and its arrear ECR once approved. */
export function StatutoryArrearDialog({ id, canApprove, onClose }: { id: number; canApprove: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const one = useArrear(id);
  const a = one.data;
  const [mode, setMode] = useState<'approve' | 'reject' | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const decide = useAction((action: 'approve' | 'reject') => decideArrear(id, action, remark.trim() || null), {
    success: (r) => (r.status === 'approved' ? 'Approved: the employee shares go into the next run' : STATUS_LABEL[r.status]),
    onDone: async () => {
      setMode(null);
      await queryClient.invalidateQueries({ queryKey: arrearKeys.all });
    },
  });
  const ecr = useAction(() => downloadArrearEcr(a!), { success: (name) => `Downloaded ${name}` });

  const confirm = () => {
    if (mode === 'reject' && !remark.trim()) {
      setError(['Say why the arrears are rejected']);
      return;
    }
    if (mode) void decide.run(mode);
  };

  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl" data-testid="arrear-dialog">
        <DialogHeader>
          <DialogTitle>{a ? `PF arrears of ${formatYearMonth(a.forMonth)}, ${a.unitName}` : 'PF arrears'}</DialogTitle>
          <DialogDescription>
            {a
              ? `${a.basis}. Paid with ${formatYearMonth(a.payMonth)}; employer remits ${formatRupees(a.total)} with the arrear ECR.`
              : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {a && (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={STATUS_VARIANT[a.status]}>{STATUS_LABEL[a.status]}</Badge>
              <span className="text-muted-foreground">
                Admin charges {formatRupees(a.adminCharges)} · EDLI {formatRupees(a.edli)} · {a.members} employee
                {a.members === 1 ? '' : 's'}
              </span>
            </div>
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-sm" data-testid="arrear-lines">
                <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-2 py-1.5">Employee</th>
                    <th className="px-2 py-1.5 text-right whitespace-nowrap">EPF wages (₹)</th>
                    <th className="px-2 py-1.5 text-right whitespace-nowrap">Employee (₹)</th>
                    <th className="px-2 py-1.5 text-right whitespace-nowrap">Employer (₹)</th>
                    <th className="px-2 py-1.5 text-right whitespace-nowrap">EPS (₹)</th>
                    <th className="px-2 py-1.5 text-right whitespace-nowrap">EDLI (₹)</th>
                    <th className="px-2 py-1.5">In pay</th>
                  </tr>
                </thead>
                <tbody>
                  {a.lines.map((l) => (
                    <tr key={l.employeeId} className="border-t">
                      <td className="min-w-44 px-2 py-1.5">
                        <div className="font-medium">{l.name}</div>
                        <div className="whitespace-nowrap font-mono text-xs text-muted-foreground">
                          {l.employeeCode}
                          {l.uan ? ` · UAN ${l.uan}` : ' · no UAN'}
                        </div>
                      </td>
                      {num(l.epfWages)}
                      {num(l.employeeShare)}
                      {num(l.epf)}
                      {num(l.eps)}
                      {num(l.edli)}
                      <td className="px-2 py-1.5 text-xs whitespace-nowrap">{payText(l)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {mode && (
              <FormField
                label={mode === 'reject' ? 'Remark' : 'Remark (optional)'}
                htmlFor="arrear-remark"
                required={mode === 'reject'}
                error={error}
              >
                <Textarea
                  id="arrear-remark"
                  rows={2}
                  maxLength={300}
                  value={remark}
                  aria-invalid={!!error}
                  onChange={(e) => {
                    setRemark(e.target.value);
                    setError(undefined);
                  }}
                />
              </FormField>
            )}
          </>
        )}
        <DialogFooter className="flex-wrap gap-2">
          {a?.status === 'approved' && (
            <Button variant="outline" disabled={ecr.busy} onClick={() => void ecr.run()} data-testid="arrear-ecr">
              <Download /> Arrear ECR
            </Button>
          )}
          {a?.status === 'pending' && canApprove && !mode && (
            <>
              <Button variant="outline" onClick={() => setMode('reject')} data-testid="arrear-reject">
                <X /> Reject
              </Button>
              <Button variant="success" onClick={() => setMode('approve')} data-testid="arrear-approve">
                <Check /> Approve
              </Button>
            </>
          )}
          {mode && (
            <>
              <Button variant="outline" onClick={() => setMode(null)}>
                Back
              </Button>
              <Button
                variant={mode === 'reject' ? 'destructive' : 'success'}
                disabled={decide.busy}
                onClick={confirm}
                data-testid="arrear-confirm"
              >
                {decide.busy ? 'Saving…' : mode === 'reject' ? 'Reject the arrears' : 'Approve the arrears'}
              </Button>
            </>
          )}
          {!mode && (
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
