// The payslip on screen (issue 26): the same figures as the PDF — earnings and deductions as @hr/payroll's
// payslipFigures pairs them (Round Off included), the amount paid (net rounded to ₹10) with the exact net and the
// round-off, paid and loss-of-pay days, paid on / pending — and a button that downloads the PDF in the organisation's
// layout.
import type { TSalarySlip } from '@hr/contract';
import { formatINR, type PayslipFigures, type PayslipLine, payslipFigures } from '@hr/payroll';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadPayslips } from '@/lib/documents';
import { formatRupees } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { toast } from '@/lib/toast-store';

const days = (n: number | undefined) => (n === undefined ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const label = (l: PayslipLine) => (l.kind === 'roundOff' ? 'Round Off' : l.printName.replace(/\r/g, ''));

function figuresOf(slip: TSalarySlip): PayslipFigures | null {
  try {
    return payslipFigures(slip.salaryProcessDetailRequestList);
  } catch {
    return null;
  }
}

function Lines({ title, lines, testId }: { title: string; lines: readonly PayslipLine[]; testId: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b bg-muted/60 text-left">
          <th className="px-3 py-2 font-medium">{title}</th>
          <th className="px-3 py-2 text-right font-medium">Amount (₹)</th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td className="px-3 py-2 text-muted-foreground" colSpan={2}>
              None
            </td>
          </tr>
        ) : (
          lines.map((l, i) => (
            <tr key={`${l.kind}-${i}`} className="border-b last:border-0">
              <td className="px-3 py-1.5">{label(l)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatINR(l.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function Fact({ name, value, testId }: { name: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{name}</dt>
      <dd className="truncate font-medium" data-testid={testId} title={value}>
        {value}
      </dd>
    </div>
  );
}

/** One employee's payslip of a month on screen, with its PDF download. */
export function PayslipView({ slip }: { slip: TSalarySlip }) {
  const figures = useMemo(() => figuresOf(slip), [slip]);
  const [busy, setBusy] = useState(false);
  const w = slip.wageSlip;
  const paid = slip.paymentStatus?.startsWith('Paid') ?? false;
  return (
    <section className="space-y-4 rounded-lg border bg-card p-4" data-testid="payslip-view" aria-label={`Payslip of ${slip.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">Payslip for {formatMonth(slip.year, slip.month)}</h3>
          <p className="text-sm text-muted-foreground">
            {slip.companyName} · {slip.unitName}
          </p>
        </div>
        <Button
          variant="outline"
          disabled={busy}
          data-testid="payslip-view-download"
          onClick={async () => {
            setBusy(true);
            try {
              const fileName = await downloadPayslips([slip]);
              if (fileName) toast({ variant: 'success', title: 'Payslip downloaded', description: fileName });
            } finally {
              setBusy(false);
            }
          }}
        >
          <Download /> Download PDF
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-4">
        <Fact name="Employee" value={`${slip.name} (${slip.employeeCode ?? '—'})`} />
        <Fact name="Designation" value={slip.designationName || '—'} />
        <Fact name="UAN" value={slip.uanNo?.trim() ? slip.uanNo : 'N/A'} />
        <Fact name="Mode of payment" value={slip.payModeName ?? '—'} />
        <Fact name="Days in month" value={days(w?.daysInPeriod)} />
        <Fact name="Paid days" value={days(w?.paidDays)} testId="payslip-view-paid-days" />
        <Fact name="Loss-of-pay days" value={days(w?.lopDays)} testId="payslip-view-lop-days" />
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Salary</dt>
          <dd>
            <Badge variant={paid ? 'success' : 'secondary'} data-testid="payslip-view-payment">
              {slip.paymentStatus ?? 'Pending'}
            </Badge>
          </dd>
        </div>
      </dl>
      {figures ? (
        <div className="grid gap-3 md:grid-cols-2">
          <div className="overflow-hidden rounded-md border">
            <Lines title="Earnings" lines={figures.earnings} testId="payslip-view-earnings" />
          </div>
          <div className="overflow-hidden rounded-md border">
            <Lines title="Deductions" lines={figures.deductions} testId="payslip-view-deductions" />
          </div>
        </div>
      ) : (
        <p className="text-sm text-destructive">This payslip's figures could not be read; download the PDF for the details.</p>
      )}
      {slip.arrearsLines?.length ? (
        <p className="text-xs text-muted-foreground">
          Arrears:{' '}
          {slip.arrearsLines
            .map((a) => `${a.month} ${formatRupees(a.amount)}${a.kind === 'lop' ? ` (loss-of-pay ${a.days ?? ''} days)` : ''}`)
            .join(' · ')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-md bg-muted/60 px-3 py-2">
        <div className="text-xs text-muted-foreground">
          Net pay {formatRupees(slip.netPayExact)} · round off {formatRupees(slip.roundOff)}
          {figures?.netPayInWords ? <div className="italic">({figures.netPayInWords})</div> : null}
        </div>
        <div className="text-right">
          <div className="text-xs text-muted-foreground">Net pay (rounded)</div>
          <div className="text-xl font-semibold tabular-nums" data-testid="payslip-view-net">
            {formatRupees(slip.netPay)}
          </div>
        </div>
      </div>
    </section>
  );
}
