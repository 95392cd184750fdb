// The salary run screen's Payment panel (issue 26), for an approved or locked run: the bank file in a layout the
// office picks (the generic NEFT/RTGS CSV or a bank's bulk upload), the advice letter to the branch, the list of
// employees paid by cash or cheque, marking payments made or reading the bank's response file, and each employee's
// status (paid on, pending, returned with the bank's reason). Bank details to fix are named before any file is made.
import type { TBankLayout, TRun, TRunPayments, TSlipPayment } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown, FileText, Landmark, ListPlus, Upload } from 'lucide-react';
import { useState } from 'react';
import { Figure } from '@/components/common/Figure';
import { Segmented } from '@/components/common/Segmented';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';
import { formatCount, formatDate, formatRupees } from '@/lib/format';
import { monthName } from '@/lib/months';
import { useSession } from '@/lib/session';
import { useAction } from '@/lib/useAction';
import { BankResponseDialog, MarkPaidDialog } from './RunPaymentDialogs';
import { AddLayoutDialog, SalaryAccountDialog } from './RunPaymentSetup';

type Show = 'all' | 'bank' | 'cashCheque';

const fileStem = (run: TRun) =>
  `${run.unitName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}_${monthName(run.month)}_${run.year}`;

export function RunPaymentCard({ run, mayEdit }: { run: TRun; mayEdit: boolean }) {
  const final = run.status === 'approved' || run.status === 'locked';
  const queryClient = useQueryClient();
  const key = ['payments', 'run', run.id];
  const payments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TRunPayments>(apiPath('/api/payroll/runs/:id/payments', { id: run.id }), undefined, { signal }),
    enabled: final,
  });
  const layouts = useQuery({
    queryKey: ['payments', 'layouts'],
    queryFn: ({ signal }) => api.get<TBankLayout[]>(apiPath('/api/payments/layouts'), undefined, { signal }),
    enabled: final,
  });
  const [layoutId, setLayoutId] = useState<string>('');
  const [show, setShow] = useState<Show>('all');
  const isAdmin = useSession((st) => st.acc_dtls?.isAdmin ?? false);
  const [dialog, setDialog] = useState<null | { kind: 'mark'; employee?: TSlipPayment } | { kind: 'response' | 'account' | 'layout' }>(
    null,
  );
  const layout = layouts.data?.find((l) => String(l.id) === layoutId) ?? layouts.data?.[0];
  const bankFile = useAction(
    async () => {
      if (!layout) return null;
      const name = `Bank_File_${fileStem(run)}_${layout.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}.${layout.fileExtension}`;
      await downloadFile(apiPath('/api/payroll/runs/:id/bank-file', { id: run.id }), name, { layout: layout.id });
      return name;
    },
    { success: (name) => (name ? { title: 'Bank file ready', description: name } : null) },
  );
  const advice = useAction(
    async () => {
      const name = `Bank_Advice_${fileStem(run)}.pdf`;
      await downloadFile(apiPath('/api/payroll/runs/:id/bank-advice', { id: run.id }), name);
      return name;
    },
    { success: (name) => ({ title: 'Advice letter ready', description: name }) },
  );
  if (!final) return null;
  const data = payments.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const problems = data?.rows.filter((r) => r.problem) ?? [];
  const pending = data?.rows.filter((r) => r.status === 'pending' && r.amount > 0) ?? [];
  const rows = (data?.rows ?? []).filter((r) => show === 'all' || (show === 'bank' ? r.mode === 'bank' : r.mode !== 'bank'));
  return (
    <Card data-testid="run-payment">
      <CardHeader>
        <CardTitle>Payment</CardTitle>
        <CardDescription>
          {data
            ? `${formatCount(data.rows.length)} employees · ${formatRupees(data.totals.paid)} paid · ${formatRupees(data.totals.pending)} pending`
            : 'Loading the payments…'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="By bank" value={formatRupees(data.totals.bank)} />
            <Figure label="By cash" value={formatRupees(data.totals.cash)} />
            <Figure label="By cheque" value={formatRupees(data.totals.cheque)} />
            <Figure label="Pending" value={<span data-testid="payment-pending">{formatRupees(data.totals.pending)}</span>} />
          </div>
        )}
        {problems.length > 0 && (
          <Alert variant="destructive" data-testid="payment-problems">
            <AlertTitle>Bank details to fix before the bank file ({problems.length})</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={p.employeeId}>
                    {p.employeeCode} {p.name}: {p.problem}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        <PaymentActions
          layouts={layouts.data ?? []}
          layout={layout}
          onLayoutPick={setLayoutId}
          bankFile={() => void bankFile.run()}
          bankBusy={bankFile.busy}
          advice={() => void advice.run()}
          adviceBusy={advice.busy}
          mayEdit={mayEdit}
          pendingCount={pending.length}
          onMark={() => setDialog({ kind: 'mark' })}
          onResponse={() => setDialog({ kind: 'response' })}
          onAccount={() => setDialog({ kind: 'account' })}
          onLayout={isAdmin ? () => setDialog({ kind: 'layout' }) : undefined}
        />
        <Segmented<Show>
          name={`payment-show-${run.id}`}
          value={show}
          onChange={setShow}
          options={[
            { value: 'all', label: 'All' },
            { value: 'bank', label: 'Bank' },
            { value: 'cashCheque', label: 'Cash / cheque' },
          ]}
        />
        <PaymentTable rows={rows} mayEdit={mayEdit} onMark={(employee) => setDialog({ kind: 'mark', employee })} />
      </CardContent>
      {dialog?.kind === 'mark' && (
        <MarkPaidDialog
          run={run}
          employee={dialog.employee}
          pendingCount={pending.length}
          onClose={() => setDialog(null)}
          onDone={refresh}
        />
      )}
      {dialog?.kind === 'response' && <BankResponseDialog run={run} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'account' && <SalaryAccountDialog run={run} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'layout' && (
        <AddLayoutDialog
          onClose={() => setDialog(null)}
          onDone={async (l) => {
            await queryClient.invalidateQueries({ queryKey: ['payments', 'layouts'] });
            setLayoutId(String(l.id));
          }}
        />
      )}
    </Card>
  );
}

function PaymentActions(p: {
  layouts: TBankLayout[];
  layout: TBankLayout | undefined;
  onLayoutPick: (id: string) => void;
  bankFile: () => void;
  bankBusy: boolean;
  advice: () => void;
  adviceBusy: boolean;
  mayEdit: boolean;
  pendingCount: number;
  onMark: () => void;
  onResponse: () => void;
  onAccount: () => void;
  onLayout?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Bank file layout</span>
        <select
          className="h-9 min-w-56 rounded-md border border-input bg-transparent px-2 text-sm"
          value={p.layout ? String(p.layout.id) : ''}
          onChange={(e) => p.onLayoutPick(e.target.value)}
          data-testid="bank-layout"
        >
          {p.layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <Button variant="outline" disabled={!p.layout || p.bankBusy} onClick={p.bankFile} data-testid="download-bank-file">
        <FileDown /> {p.bankBusy ? 'Preparing…' : 'Bank file'}
      </Button>
      <Button variant="outline" disabled={p.adviceBusy} onClick={p.advice} data-testid="download-bank-advice">
        <FileText /> {p.adviceBusy ? 'Preparing…' : 'Advice letter'}
      </Button>
      {p.mayEdit && (
        <>
          <Button disabled={p.pendingCount === 0} onClick={p.onMark} data-testid="mark-run-paid">
            <CheckCircle2 /> Mark paid
          </Button>
          <Button variant="outline" onClick={p.onResponse} data-testid="import-bank-response">
            <Upload /> Bank response
          </Button>
          <Button variant="ghost" onClick={p.onAccount} data-testid="salary-account">
            <Landmark /> Salary account
          </Button>
        </>
      )}
      {p.onLayout && (
        <Button variant="ghost" onClick={p.onLayout} data-testid="add-bank-layout">
          <ListPlus /> Add layout
        </Button>
      )}
    </div>
  );
}

function StatusBadge({ row }: { row: TSlipPayment }) {
  if (row.status === 'paid') return <Badge variant="success">Paid {formatDate(row.valueDate)}</Badge>;
  if (row.failureReason) return <Badge variant="destructive">Returned: {row.failureReason}</Badge>;
  return <Badge variant="warning">Pending</Badge>;
}

function PaymentTable({ rows, mayEdit, onMark }: { rows: TSlipPayment[]; mayEdit: boolean; onMark: (row: TSlipPayment) => void }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">No employees in this list.</p>;
  return (
    <Table data-testid="payment-table">
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Mode</TableHead>
          <TableHead>Account / IFSC</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Reference</TableHead>
          {mayEdit && <TableHead />}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.employeeId} data-testid={`payment-row-${r.employeeCode}`}>
            <TableCell>{r.employeeCode}</TableCell>
            <TableCell>{r.name}</TableCell>
            <TableCell className="capitalize">{r.mode}</TableCell>
            <TableCell className={r.problem ? 'text-destructive' : undefined}>
              {r.mode === 'bank' ? `${r.accountNumber ?? '—'} · ${r.ifsc ?? '—'}` : '—'}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatRupees(r.amount)}</TableCell>
            <TableCell>
              <StatusBadge row={r} />
            </TableCell>
            <TableCell>{r.chequeNo ? `Cheque ${r.chequeNo}` : (r.reference ?? '')}</TableCell>
            {mayEdit && (
              <TableCell>
                {r.status === 'pending' && r.amount > 0 && (
                  <Button size="sm" variant="ghost" onClick={() => onMark(r)}>
                    Mark paid
                  </Button>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
