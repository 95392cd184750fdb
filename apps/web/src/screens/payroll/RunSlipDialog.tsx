// The head-wise view of one employee's slip in a run (issue 28): each earning and deduction head with its amount,
// opened from the run's employee table. Reads the run's salary records (the same query the payslips use).
import type { TSalarySlip } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatAmount } from '@/lib/format';
import { fetchRunSlips, payrollKeys } from './api';

type Head = TSalarySlip['salaryProcessDetailRequestList'][number];

function HeadTable({ title, heads, testId }: { title: string; heads: Head[]; testId: string }) {
  const total = heads.reduce((s, h) => s + h.amount, 0);
  return (
    <Table data-testid={testId}>
      <TableHeader>
        <TableRow>
          <TableHead>{title}</TableHead>
          <TableHead className="text-right">Amount (₹)</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {heads.map((h) => (
          <TableRow key={h.earningDeductionId} data-testid="slip-head">
            <TableCell>{h.earningDeductionPrintName.replace(/\r/g, '')}</TableCell>
            <TableCell className="text-right tabular-nums">{formatAmount(h.amount)}</TableCell>
          </TableRow>
        ))}
        {heads.length === 0 && (
          <TableRow>
            <TableCell colSpan={2} className="text-muted-foreground">
              None
            </TableCell>
          </TableRow>
        )}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell className="font-medium">Total</TableCell>
          <TableCell className="text-right font-medium tabular-nums">{formatAmount(total)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

export function RunSlipDialog({
  runId,
  employee,
  onClose,
}: {
  runId: number;
  employee: { employeeId: number; name: string; employeeCode: string } | null;
  onClose: () => void;
}) {
  const slips = useQuery({
    queryKey: payrollKeys.runSlips(runId),
    queryFn: ({ signal }) => fetchRunSlips(runId, signal),
    enabled: employee !== null,
    staleTime: 60_000,
  });
  const slip = employee ? slips.data?.find((s) => s.employeeId === employee.employeeId) : undefined;
  // The heads that make up the slip (the net-pay line is the result, not a head of its own).
  const heads = (slip?.salaryProcessDetailRequestList ?? []).filter((h) => !h.isNetPayHead && h.amount !== 0);
  return (
    <Dialog open={employee !== null} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl" data-testid="run-slip-dialog">
        <DialogHeader>
          <DialogTitle>
            {employee?.name} ({employee?.employeeCode})
          </DialogTitle>
          <DialogDescription>Each earning and deduction head of this month's slip.</DialogDescription>
        </DialogHeader>
        {slips.isLoading ? (
          <Skeleton className="h-48 w-full" />
        ) : !slip ? (
          <p className="text-sm text-muted-foreground">This employee has no slip in the run.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <HeadTable title="Earnings" heads={heads.filter((h) => h.isEarning)} testId="slip-earnings" />
            <HeadTable title="Deductions" heads={heads.filter((h) => !h.isEarning)} testId="slip-deductions" />
            <p className="text-sm font-medium sm:col-span-2" data-testid="slip-net">
              Net pay ₹{formatAmount(slip.netPay)}
              {slip.roundOff !== 0 && <span className="font-normal text-muted-foreground"> (round off {formatAmount(slip.roundOff)})</span>}
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
