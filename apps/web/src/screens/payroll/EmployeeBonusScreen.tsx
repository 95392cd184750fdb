import { type TBonus, ZBonusAction } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, Banknote, CheckCircle2, Pencil, XCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { useDebounced } from '@/components/data-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into } from '@/lib/form-fields';
import { formatAmount, formatCount, formatDateTime, formatRupees } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { BONUS_KIND_LABEL, bonusPaidWith, fyName, payrollKeys, type TBonusLine, useBonus } from './api';
import { Back, NewBonus, RULE } from './BonusForm';
import { BonusStatusBadge, useEncryptedSearchId } from './components';
import { sumRupees } from './run-employee-figures';

/** /outlet/transaction/employee-bonus/addorupdate: a new bonus, or (with ?id=) one bonus with its lines. */
export default function EmployeeBonusScreen() {
  const id = useEncryptedSearchId('id');
  if (id === null) return null;
  return id === 'absent' ? <NewBonus /> : <BonusView key={id} id={id} />;
}

type Confirm = 'approve' | 'paid' | 'cancel';

const CONFIRM: Record<Confirm, { title: string; text: string; button: string; done: string }> = {
  approve: {
    title: 'Approve the bonus',
    text: 'Once approved it is paid with the next salary run of each employee, or marked paid outside it.',
    button: 'Approve',
    done: 'Bonus approved',
  },
  paid: {
    title: 'Mark the bonus paid',
    text: 'Record that every employee of this bonus has been paid outside the salary run.',
    button: 'Mark paid',
    done: 'Marked paid',
  },
  cancel: {
    title: 'Cancel the bonus',
    text: 'A cancelled bonus is not paid and cannot be brought back; compute a new one if needed.',
    button: 'Cancel the bonus',
    done: 'Bonus cancelled',
  },
};

type TDecision = 'approve' | 'reject';
type TBonusActionBody = z.output<typeof ZBonusAction>;
/** The approval's field: the remark, needed to reject. */
export type TDecisionFields = { remark: string };

/** Approve or reject with the remark, checked by the contract's ZBonusAction (the route's body), a reason asked to reject. */
export function decisionResolver(action: TDecision) {
  return contractResolver<TDecisionFields, TBonusActionBody>(
    into(
      z
        .object({ remark: z.string() })
        .refine((v) => action !== 'reject' || v.remark.trim() !== '', { path: ['remark'], message: 'Say why the bonus is rejected' })
        .transform((v) => ({ action, remark: v.remark.trim() || null })),
      ZBonusAction,
    ),
  );
}
const DECISION = { approve: decisionResolver('approve'), reject: decisionResolver('reject') };

/** The approval's form: the remark checked for the decision being sent (Reject, or Approve once confirmed). */
function useDecisionForm() {
  const decision = useRef<TDecision>('approve');
  const form = useForm<TDecisionFields, unknown, TBonusActionBody>({
    resolver: (values, context, options) => DECISION[decision.current](values, context, options),
    defaultValues: { remark: '' },
  });
  const decide = (action: TDecision, send: (body: TBonusActionBody) => Promise<unknown>) => {
    decision.current = action;
    void form.handleSubmit(async (body) => {
      await send(body);
    })();
  };
  return { form, decide };
}

function BonusView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.employeeBonus);
  const query = useBonus(id);
  const b = query.data;
  const { form, decide } = useDecisionForm();
  const remarkError = form.formState.errors.remark?.message;
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [changing, setChanging] = useState(false);
  // The toast says why an action fails (403 own bonus, 409 state).
  const action = useAction(
    (body: TBonusActionBody, _done: string) =>
      api.post<TBonus>(apiPath('/api/payroll/bonuses/:id/action', { id }), body, {
        onError: serverErrors(form, { fields: ['remark'] }),
      }),
    {
      success: (_, _body, done) => done,
      onDone: (next) => {
        queryClient.setQueryData(payrollKeys.bonus(id), next);
        void queryClient.invalidateQueries({ queryKey: payrollKeys.bonuses });
        form.reset();
        setConfirm(null);
      },
    },
  );
  const busy = action.busy;
  const act = action.run;

  if (!b) {
    return (
      <div className="space-y-4">
        <Back />
        {query.isError ? (
          <Alert variant="destructive">
            <AlertTriangle />
            <AlertTitle>This bonus could not be opened</AlertTitle>
            <AlertDescription>It may have been removed, or it belongs to a unit outside yours.</AlertDescription>
          </Alert>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    );
  }

  const reject = () => decide('reject', (body) => act(body, 'Bonus rejected'));
  const s = b.status;
  const can = {
    decide: actions.approve && s === 'draft' && b.approval?.state === 'pending',
    paid: actions.edit && s === 'approved' && b.payWith === 'separate',
    cancel: actions.edit && (s === 'draft' || s === 'approved'),
    change: actions.edit && (s === 'draft' || s === 'approved') && !b.lines?.some((l) => l.paid),
  };
  if (changing) {
    return (
      <div className="space-y-4">
        <Button variant="ghost" onClick={() => setChanging(false)}>
          <ArrowLeft /> Back to the bonus
        </Button>
        <NewBonus
          existing={b}
          onChanged={(next) => {
            queryClient.setQueryData(payrollKeys.bonus(id), next);
            setChanging(false);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6" data-testid="bonus">
      <Back />
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {b.unitName} · FY {fyName(b.financialYear)} <BonusStatusBadge status={s} />
          </span>
        }
        description={b.kind === 'statutory' ? RULE : 'Ad hoc amounts entered by hand.'}
        actions={
          <>
            {can.change && (
              <Button variant="outline" onClick={() => setChanging(true)} data-testid="bonus-change">
                <Pencil /> Change
              </Button>
            )}
            {can.paid && (
              <Button onClick={() => setConfirm('paid')} data-testid="bonus-paid">
                <Banknote /> Mark paid
              </Button>
            )}
            {can.cancel && (
              <Button variant="outline" onClick={() => setConfirm('cancel')} data-testid="bonus-cancel">
                <Ban /> Cancel bonus
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-4 xl:grid-cols-3">
        <Card className="gap-4 py-5 xl:col-span-2">
          <CardHeader>
            <CardTitle>Bonus</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Unit" value={b.unitName} />
            <Figure label="Financial year" value={fyName(b.financialYear)} />
            <Figure label="Kind" value={BONUS_KIND_LABEL[b.kind]} />
            <Figure label="Rate" value={b.ratePercent === null ? '—' : `${b.ratePercent} %`} />
            <Figure label="Paid with" value={bonusPaidWith(b)} />
            <Figure label="Employees paid" value={formatCount(b.employees)} />
            <Figure label="Total" value={<span data-testid="bonus-total">{formatRupees(b.total)}</span>} />
            <Figure label="Prepared" value={formatDateTime(b.createdAt)} />
            {b.remarks && <Figure className="col-span-full" label="Remarks" value={<span className="font-normal">{b.remarks}</span>} />}
          </CardContent>
        </Card>
        <Card className="gap-4 py-5">
          <CardHeader>
            <CardTitle>Approval</CardTitle>
            <CardDescription>Approved by someone other than who prepared it.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <ApprovalTrail lines={b.approval?.history ?? []} showLevel={false} />
            {can.decide && (
              <div className="space-y-2">
                <FormField label="Remark (needed to reject)" htmlFor="bonus-remark" error={remarkError}>
                  <Textarea id="bonus-remark" rows={2} maxLength={300} aria-invalid={!!remarkError} {...form.register('remark')} />
                </FormField>
                <div className="flex flex-wrap gap-2">
                  <Button variant="success" disabled={busy} onClick={() => setConfirm('approve')} data-testid="bonus-approve">
                    <CheckCircle2 /> Approve
                  </Button>
                  <Button variant="destructive" disabled={busy} onClick={reject} data-testid="bonus-reject">
                    <XCircle /> Reject
                  </Button>
                </div>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <BonusLines lines={b.lines ?? []} statutory={b.kind === 'statutory'} paidSeparately={s === 'paid'} />
      {confirm && (
        <Dialog open onOpenChange={(v) => !v && setConfirm(null)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{CONFIRM[confirm].title}</DialogTitle>
              <DialogDescription>
                {b.unitName}, FY {fyName(b.financialYear)}: {formatRupees(b.total)}. {CONFIRM[confirm].text}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirm(null)}>
                Close
              </Button>
              <Button
                variant={confirm === 'cancel' ? 'destructive' : 'default'}
                disabled={busy}
                onClick={() =>
                  confirm === 'approve'
                    ? decide('approve', (body) => act(body, CONFIRM.approve.done))
                    : void act({ action: confirm }, CONFIRM[confirm].done)
                }
                data-testid="confirm-bonus-action"
              >
                {busy ? 'Saving…' : CONFIRM[confirm].button}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}

/**
 * The bonus's employees, searched on the page, with the total of those shown (ad hoc lines have no months or wage
 * basis). A line is paid by the salary run of its month, or all at once when a separately paid bonus is marked paid.
 */
function BonusLines({ lines, statutory, paidSeparately }: { lines: TBonusLine[]; statutory: boolean; paidSeparately: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim().toLowerCase(), 150);
  const shown = useMemo(
    () => lines.filter((l) => !q || l.name.toLowerCase().includes(q) || l.employeeCode.toLowerCase().includes(q)),
    [lines, q],
  );
  const total = sumRupees(shown.map((l) => l.amount));
  const eligible = shown.filter((l) => l.eligible).length;
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Employees</h2>
        <Input
          className="max-w-sm"
          placeholder="Search code or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search"
          data-testid="bonus-search"
        />
      </div>
      <div className="overflow-x-auto rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Employee</TableHead>
              <TableHead className="text-right">Months</TableHead>
              <TableHead className="text-right">Days</TableHead>
              <TableHead className="text-right">Wage basis (₹)</TableHead>
              <TableHead>Eligible</TableHead>
              <TableHead className="text-right">Bonus (₹)</TableHead>
              <TableHead>Paid</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((l) => (
              <TableRow key={l.employeeId} data-testid="bonus-line">
                <TableCell className="font-mono text-xs">{l.employeeCode}</TableCell>
                <TableCell>{l.name}</TableCell>
                <TableCell className="text-right tabular-nums">{statutory ? l.monthsWorked : '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{statutory ? l.daysWorked : '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{statutory ? formatAmount(l.basis) : '—'}</TableCell>
                <TableCell className="text-xs">
                  {l.eligible ? (
                    <span className="font-medium text-success">Yes</span>
                  ) : (
                    <span className="text-muted-foreground">{l.reason ?? 'No'}</span>
                  )}
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatAmount(l.amount)}</TableCell>
                <TableCell>{l.paid || (paidSeparately && l.amount > 0) ? <Badge variant="success">Paid</Badge> : '—'}</TableCell>
              </TableRow>
            ))}
            {shown.length === 0 && (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={8} className="py-6 text-center text-muted-foreground">
                  {lines.length === 0 ? 'No employee in this bonus.' : 'No employee matches the search.'}
                </TableCell>
              </TableRow>
            )}
            <TableRow className="font-semibold hover:bg-transparent" data-testid="bonus-totals">
              <TableCell colSpan={5}>
                Total of {formatCount(shown.length)} employee{shown.length === 1 ? '' : 's'}
                {q ? ' shown' : ''}
              </TableCell>
              <TableCell className="text-xs font-normal">{formatCount(eligible)} eligible</TableCell>
              <TableCell className="text-right tabular-nums">{formatAmount(total)}</TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
