import type { TAdvance } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, Banknote, CheckCircle2, FastForward, Pencil, Printer, SkipForward, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { printAdvanceVoucher } from '@/lib/documents';
import { formatAmount, formatDateTime, formatRupees } from '@/lib/format';
import { formatMonth, formatYearMonth } from '@/lib/months';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useEncryptedId } from '@/lib/useEncryptedParam';
import { AdvanceActionDialog, type Instalment, type AdvanceActionMode as Mode } from './AdvanceActionDialog';
import { AdvanceFormDialog } from './AdvanceFormDialog';
import { payrollKeys, useAdvance } from './api';
import { AdvanceStatusBadge, payModeName } from './components';

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
  const [changing, setChanging] = useState(false);

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
    change: actions.edit && (s === 'requested' || s === 'approved'),
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
      voucherNo: a.voucher?.voucherNo,
      voucherDate: a.voucher?.voucherDate,
      chequeNo: a.voucher?.chequeNo,
      chequeDate: a.voucher?.chequeDate,
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
          <AdvanceActions can={can} printable={printable} setMode={setMode} onChange={() => setChanging(true)} onVoucher={voucher} />
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
            {a.voucher && (
              <Figure
                className="col-span-2"
                label="Voucher"
                value={
                  <span className="font-normal" data-testid="advance-voucher-no">
                    {a.voucher.voucherNo}
                    {a.voucher.chequeNo ? ` · cheque ${a.voucher.chequeNo}` : ''}
                  </span>
                }
              />
            )}
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
        <AdvanceActionDialog
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
      {changing && <AdvanceFormDialog open advance={a} onOpenChange={setChanging} onSaved={onDone} />}
    </div>
  );
}

/** The header's buttons: what the role may do next with the advance in its state. */
function AdvanceActions({
  can,
  printable,
  setMode,
  onChange,
  onVoucher,
}: {
  can: Record<'approve' | 'reject' | 'pay' | 'change' | 'cancel' | 'preclose' | 'skip', boolean>;
  printable: boolean;
  setMode: (m: Mode) => void;
  onChange: () => void;
  onVoucher: () => void;
}) {
  return (
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
      {can.change && (
        <Button variant="outline" onClick={onChange} data-testid="advance-change">
          <Pencil /> Change
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
        <Button variant="outline" onClick={onVoucher} data-testid="advance-voucher">
          <Printer /> Print voucher
        </Button>
      )}
    </>
  );
}
