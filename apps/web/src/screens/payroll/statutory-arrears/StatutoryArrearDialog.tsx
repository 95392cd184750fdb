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
import {
  arrearKeys,
  decideArrear,
  downloadArrearEcr,
  MEMBER_SHARE_LABEL,
  STATUS_LABEL,
  STATUS_VARIANT,
  type TArrearLine,
  type TMemberShareBy,
  useArrear,
} from './api';

const num = (v: number) => <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(v)}</td>;

/** Where the member's share stands in pay: recovered (or refunded) by which month's run, and whether that run is final. */
function payText(l: TArrearLine, by: TMemberShareBy, status: string): string {
  const p = l.payAdjustment;
  if (!p) return status === 'approved' && by === 'employer' && l.employeeShare ? 'Borne by the employer' : '—';
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
  const [shareBy, setShareBy] = useState<TMemberShareBy>('employer');
  const decide = useAction((action: 'approve' | 'reject') => decideArrear(id, action, remark.trim() || null, shareBy), {
    success: (r) =>
      r.status !== 'approved'
        ? STATUS_LABEL[r.status]
        : r.memberShareBy === 'member'
          ? 'Approved: the members’ shares are deducted in the next run'
          : 'Approved: the employer bears the members’ shares',
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
              {a.status === 'approved' && (
                <span className="text-muted-foreground" data-testid="arrear-share-by">
                  · {MEMBER_SHARE_LABEL[a.memberShareBy]}
                  {a.memberShareBy === 'employer' ? ` (extra cost ${formatRupees(a.employerBears)})` : ''}
                </span>
              )}
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
                      <td className="px-2 py-1.5 text-xs whitespace-nowrap">{payText(l, a.memberShareBy, a.status)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {mode === 'approve' && (
              <fieldset className="grid gap-2 rounded-md border p-3 text-sm" data-testid="arrear-share-choice">
                <legend className="px-1 font-medium">The members’ share ({formatRupees(a.employeeShare)})</legend>
                {(['employer', 'member'] as const).map((v) => (
                  <label key={v} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="member-share-by"
                      value={v}
                      checked={shareBy === v}
                      onChange={() => setShareBy(v)}
                      className="mt-1 size-4 accent-primary"
                    />
                    <span>
                      <span className="font-medium">{MEMBER_SHARE_LABEL[v]}</span>
                      <span className="block text-xs text-muted-foreground">
                        {v === 'employer'
                          ? 'The employer remits it with the arrear ECR as an extra cost; nothing is deducted. EPF Scheme 1952 para 32 lets a member’s share be recovered only from the wages of the period it is for.'
                          : 'Deducted with PF in each member’s next pay (not from gross, ESI wages or taxable pay), where the organisation has decided so, e.g. with the members’ written consent.'}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
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
