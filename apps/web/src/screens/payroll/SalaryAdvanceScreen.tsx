import type { TAdvance, TAdvanceAction } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, Banknote, CheckCircle2, FastForward, Printer, SkipForward, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { Segmented } from '@/components/common/Segmented';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { printAdvanceVoucher } from '@/lib/documents';
import { formatAmount, formatDateTime, formatRupees } from '@/lib/format';
import { currentMonth, formatMonth, formatYearMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useEncryptedId } from '@/lib/useEncryptedParam';
import { payrollKeys, useAdvance } from './api';
import { ADVANCE_PAY_MODES, AdvanceStatusBadge, MonthYearInput, payModeName } from './components';

type Instalment = NonNullable<TAdvance['instalments']>[number];
type Mode = 'approve' | 'reject' | 'pay' | 'cancel' | 'preclose' | 'skip';

const INSTALMENT_VARIANT = { due: 'outline', recovered: 'success', skipped: 'secondary' } as const;
const INSTALMENT_LABEL = { due: 'Due', recovered: 'Recovered', skipped: 'Skipped' } as const;

/** /outlet/transaction/salary-advance/{advanceId}: one advance, its approval, its schedule and what may be done next. */
export default function SalaryAdvanceScreen() {
  const id = useEncryptedId('advanceId');
  if (id === null) return null;
  return <AdvanceView key={id} id={id} />;
}

function AdvanceView({ id }: { id: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.salaryAdvance);
  const query = useAdvance(id);
  const a = query.data;
  const [mode, setMode] = useState<Mode | null>(null);
  const [skipping, setSkipping] = useState<Instalment | null>(null);

  const back = (
    <Button variant="ghost" onClick={() => navigate(MENU.salaryAdvance)}>
      <ArrowLeft /> Salary advances
    </Button>
  );
  if (!a) {
    return (
      <div className="space-y-4">
        {back}
        {query.isError ? (
          <Alert variant="destructive">
            <AlertTriangle />
            <AlertTitle>This advance could not be opened</AlertTitle>
            <AlertDescription>It may have been removed, or it belongs to an employee outside your units.</AlertDescription>
          </Alert>
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-8 w-80" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </div>
    );
  }

  const s = a.status;
  const recovering = s === 'paid' || s === 'recovering';
  const pending = a.approval?.state === 'pending';
  const can = {
    approve: actions.approve && s === 'requested' && pending,
    reject: actions.approve && s === 'requested' && pending,
    pay: actions.edit && s === 'approved',
    cancel: actions.edit && (s === 'requested' || s === 'approved'),
    preclose: actions.edit && recovering && a.outstanding > 0,
    skip: actions.edit && recovering,
  };
  // The voucher records a payment: once the advance is approved.
  const printable = s === 'approved' || s === 'paid' || s === 'recovering' || s === 'closed';
  const instalments = a.instalments ?? [];

  const onDone = (next: TAdvance) => {
    queryClient.setQueryData(payrollKeys.advance(id), next);
    void queryClient.invalidateQueries({ queryKey: payrollKeys.advances });
    setMode(null);
    setSkipping(null);
  };
  const voucher = () =>
    void printAdvanceVoucher({
      employeeName: a.employeeName,
      advanceAmount: a.advanceAmount,
      noOfEMIs: a.noOfEMIs,
      monthlyEMI: a.monthlyEMI,
      effectiveMonth: a.effectiveMonth,
      effectiveYear: a.effectiveYear,
      remarks: a.remarks,
      payModeId: a.payModeId,
    });

  return (
    <div className="space-y-6" data-testid="salary-advance">
      {back}
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {a.employeeName} · {formatRupees(a.advanceAmount)} <AdvanceStatusBadge status={a.status} />
          </span>
        }
        description={`${a.employeeCode} · ${a.unitName} · requested ${formatDateTime(a.createdAt)}`}
        actions={
          <>
            {can.approve && (
              <Button variant="success" onClick={() => setMode('approve')} data-testid="advance-approve">
                <CheckCircle2 /> Approve
              </Button>
            )}
            {can.reject && (
              <Button variant="outline" onClick={() => setMode('reject')} data-testid="advance-reject">
                <XCircle /> Reject
              </Button>
            )}
            {can.pay && (
              <Button onClick={() => setMode('pay')} data-testid="advance-pay">
                <Banknote /> Mark paid
              </Button>
            )}
            {can.preclose && (
              <Button variant="outline" onClick={() => setMode('preclose')} data-testid="advance-preclose">
                <FastForward /> Pre-close
              </Button>
            )}
            {can.cancel && (
              <Button variant="outline" onClick={() => setMode('cancel')} data-testid="advance-cancel">
                <Ban /> Cancel advance
              </Button>
            )}
            {printable && (
              <Button variant="outline" onClick={voucher} data-testid="advance-voucher">
                <Printer /> Print voucher
              </Button>
            )}
          </>
        }
      />

      <div className="grid gap-4 xl:grid-cols-3">
        <Card className="gap-4 py-5 xl:col-span-2">
          <CardHeader>
            <CardTitle>Advance</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Amount" value={formatRupees(a.advanceAmount)} />
            <Figure label="Instalments" value={a.noOfEMIs} />
            <Figure label="Monthly EMI" value={formatRupees(a.monthlyEMI)} />
            <Figure label="Recovery starts" value={formatMonth(a.effectiveYear, a.effectiveMonth)} />
            <Figure label="Recovered" value={formatRupees(a.recovered)} />
            <Figure label="Outstanding" value={formatRupees(a.outstanding)} />
            <Figure label="Pay mode" value={payModeName(a.payModeId)} />
            <Figure label="Remarks" value={<span className="font-normal">{a.remarks || '—'}</span>} />
          </CardContent>
        </Card>
        <Card className="gap-4 py-5">
          <CardHeader>
            <CardTitle>Approval</CardTitle>
            <CardDescription>{a.approval ? `State: ${a.approval.state}` : 'No approval recorded.'}</CardDescription>
          </CardHeader>
          <CardContent>{a.approval && <ApprovalTrail lines={a.approval.history} showLevel={false} />}</CardContent>
        </Card>
      </div>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Instalment schedule</CardTitle>
          <CardDescription>
            The salary run of each month deducts its instalment. A skipped instalment moves to the end of the schedule.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {instalments.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {s === 'cancelled' || s === 'rejected' ? 'No schedule: the advance was not granted.' : 'No instalment scheduled.'}
            </p>
          ) : (
            <div className="overflow-hidden rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-12 text-right">#</TableHead>
                    <TableHead>Month</TableHead>
                    <TableHead className="text-right">Amount (₹)</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Outstanding after (₹)</TableHead>
                    <TableHead>Note</TableHead>
                    {can.skip && <TableHead className="text-right">Action</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {instalments.map((i) => (
                    <TableRow key={i.id} data-testid="instalment-row">
                      <TableCell className="text-right tabular-nums">{i.seq}</TableCell>
                      <TableCell>{formatYearMonth(i.dueMonth)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatAmount(i.amount)}</TableCell>
                      <TableCell>
                        <Badge variant={INSTALMENT_VARIANT[i.status]}>{INSTALMENT_LABEL[i.status]}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatAmount(i.outstandingAfter)}</TableCell>
                      <TableCell className="max-w-64 truncate text-muted-foreground" title={i.note ?? undefined}>
                        {i.note ?? ''}
                      </TableCell>
                      {can.skip && (
                        <TableCell className="text-right">
                          {i.status === 'due' && (
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => {
                                setSkipping(i);
                                setMode('skip');
                              }}
                              data-testid="instalment-skip"
                            >
                              <SkipForward /> Skip
                            </Button>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>

      {mode && (
        <ActionDialog
          key={`${mode}-${skipping?.id ?? ''}`}
          advance={a}
          mode={mode}
          instalment={skipping}
          onClose={() => {
            setMode(null);
            setSkipping(null);
          }}
          onDone={onDone}
        />
      )}
    </div>
  );
}

const CONFIRM: Record<Mode, string> = {
  approve: 'Approve',
  reject: 'Reject',
  pay: 'Mark paid',
  cancel: 'Cancel advance',
  preclose: 'Pre-close',
  skip: 'Skip instalment',
};

const TITLES: Record<Mode, string> = {
  approve: 'Approve the advance',
  reject: 'Reject the advance',
  pay: 'Mark the advance paid',
  cancel: 'Cancel the advance',
  preclose: 'Pre-close the advance',
  skip: 'Skip an instalment',
};

function ActionDialog({
  advance,
  mode,
  instalment,
  onClose,
  onDone,
}: {
  advance: TAdvance;
  mode: Mode;
  instalment: Instalment | null;
  onClose: () => void;
  onDone: (a: TAdvance) => void;
}) {
  const [remark, setRemark] = useState('');
  const [payMode, setPayMode] = useState<'1' | '2'>(advance.payModeId === 2 ? '2' : '1');
  const [ym, setYm] = useState<{ year: number | null; month: number | null }>(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const act = useAction(
    (b: TAdvanceAction, _mode: Mode) =>
      api.post<TAdvance>(`/api/payroll/advances/${advance.id}/action`, b, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
      success: (next, _b, mode) => {
        const done: Record<Mode, string> = {
          approve: next.status === 'approved' ? 'Approved: ready to be paid' : 'Approved at your level',
          reject: 'Rejected',
          pay: 'Marked paid: recovery follows the schedule',
          cancel: 'Cancelled',
          preclose: 'Pre-closed: the balance is recovered in one month',
          skip: 'Instalment skipped and moved to the end',
        };
        return done[mode];
      },
      onDone: (next) => onDone(next),
    },
  );
  const saving = act.busy;

  const body = (): TAdvanceAction | Record<string, string[]> => {
    const text = remark.trim();
    switch (mode) {
      case 'approve':
        return { action: 'approve', remark: text || null };
      case 'reject':
        return text ? { action: 'reject', remark: text } : { remark: ['Say why the advance is rejected'] };
      case 'cancel':
        return { action: 'cancel', remark: text || null };
      case 'pay':
        return { action: 'pay', payModeId: Number(payMode) };
      case 'preclose':
        return ym.year && ym.month ? { action: 'preclose', year: ym.year, month: ym.month } : { month: ['Choose the month'] };
      case 'skip':
        if (!instalment) return { instalmentId: ['Choose an instalment'] };
        return text.length >= 3
          ? { action: 'skip', instalmentId: instalment.id, reason: text }
          : { reason: ['Say why the instalment is skipped'] };
    }
  };

  const submit = async () => {
    const b = body();
    if (!('action' in b)) {
      setErrors(b as Record<string, string[]>);
      return;
    }
    await act.run(b as TAdvanceAction, mode);
  };

  const remarkError = errors.remark ?? errors.reason;
  const destructive = mode === 'reject' || mode === 'cancel';
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent data-testid="advance-action-dialog">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {advance.employeeName}: {formatRupees(advance.advanceAmount)} in {advance.noOfEMIs} instalment
            {advance.noOfEMIs === 1 ? '' : 's'}
            {mode === 'preclose' ? `; ${formatRupees(advance.outstanding)} outstanding falls due in the chosen month.` : '.'}
            {mode === 'skip' && instalment
              ? ` Instalment ${instalment.seq} of ${formatYearMonth(instalment.dueMonth)} (${formatRupees(instalment.amount)}) moves to the end.`
              : ''}
          </DialogDescription>
        </DialogHeader>

        {mode === 'pay' && (
          <FormField label="Paid by" error={errors.payModeId}>
            <Segmented name="pay-mode" value={payMode} onChange={setPayMode} options={[...ADVANCE_PAY_MODES]} />
          </FormField>
        )}
        {mode === 'preclose' && (
          <FormField label="Recover the balance in" htmlFor="preclose-month" required error={errors.month ?? errors.year}>
            <MonthYearInput
              id="preclose-month"
              year={ym.year}
              month={ym.month}
              onChange={setYm}
              invalid={!!(errors.month || errors.year)}
            />
          </FormField>
        )}
        {(mode === 'approve' || mode === 'reject' || mode === 'cancel' || mode === 'skip') && (
          <FormField
            label={mode === 'skip' ? 'Reason' : mode === 'reject' ? 'Remark' : 'Remark (optional)'}
            htmlFor="advance-remark"
            required={mode === 'reject' || mode === 'skip'}
            error={remarkError}
          >
            <Textarea
              id="advance-remark"
              rows={3}
              maxLength={300}
              value={remark}
              aria-invalid={!!remarkError}
              onChange={(e) => {
                setRemark(e.target.value);
                setErrors({});
              }}
              data-testid="advance-remark"
            />
          </FormField>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            variant={destructive ? 'destructive' : mode === 'approve' ? 'success' : 'default'}
            disabled={saving}
            onClick={() => void submit()}
            data-testid="confirm-advance-action"
          >
            {saving ? 'Saving…' : CONFIRM[mode]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
