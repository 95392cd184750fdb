import { ADVANCE_STATUSES, type TAdvance, type TAdvanceStatus, type TSaveAdvance, ZSaveAdvance } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { HandCoins, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FILTER_CLASS } from '@/components/common/Filters';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { formatAmount, formatCount, formatRupees } from '@/lib/format';
import { currentMonth, formatMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';

import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { ADVANCE_STATUS_LABEL, issuesToFieldErrors, payrollKeys, useAdvanceList } from './api';
import { ADVANCE_PAY_MODES, AdvanceStatusBadge, advancePath, MonthYearInput } from './components';

const money = (v: number) => <span className="tabular-nums">{formatAmount(v)}</span>;

/** /outlet/transaction/salary-advance: advances with their recovery, and the way to request one. */
export default function SalaryAdvanceListScreen() {
  const navigate = useNavigate();
  const { menu, actions } = useCurrentMenu(MENU.salaryAdvance);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [status, setStatus] = useState<TAdvanceStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [creating, setCreating] = useState(false);
  const list = useAdvanceList({ unitId: unitId ?? undefined, status: status ?? undefined, page, pageSize });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const filtered = unitId !== null || status !== null;

  const columns: DataColumn<TAdvance>[] = [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div className="min-w-0">
          <div className="truncate font-medium">{r.employeeName}</div>
          <div className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{r.employeeCode}</span> · {r.unitName}
          </div>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium',
      cell: (r) => money(r.advanceAmount),
    },
    { id: 'emis', header: 'EMIs', headClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => r.noOfEMIs },
    { id: 'emi', header: 'EMI (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => money(r.monthlyEMI) },
    {
      id: 'starts',
      header: 'Starts',
      cell: (r) => <span className="whitespace-nowrap">{formatMonth(r.effectiveYear, r.effectiveMonth)}</span>,
    },
    { id: 'status', header: 'Status', cell: (r) => <AdvanceStatusBadge status={r.status} /> },
    { id: 'recovered', header: 'Recovered (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => money(r.recovered) },
    {
      id: 'outstanding',
      header: 'Outstanding (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium',
      cell: (r) => money(r.outstanding),
    },
  ];

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Salary Advance'}
        description={`${formatCount(total)} advance${total === 1 ? '' : 's'}${filtered ? ' match' : ''}. Approved advances are paid out, then recovered in monthly instalments by the salary run.`}
        actions={
          actions.add && (
            <Button onClick={() => setCreating(true)} data-testid="new-advance">
              <Plus /> New advance
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setUnitId(v);
            setPage(1);
          }}
          allLabel="All units"
        />
        <select
          className={FILTER_CLASS}
          aria-label="Status"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || null) as TAdvanceStatus | null);
            setPage(1);
          }}
        >
          <option value="">Any status</option>
          {ADVANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ADVANCE_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={
          <EmptyState
            className="border-0 p-0"
            icon={<HandCoins />}
            title={filtered ? 'No advance matches' : 'No salary advance yet'}
            description={
              filtered ? 'Change the filters to see other advances.' : 'Requested advances appear here for approval and payment.'
            }
          />
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'advance-row', onClick: () => navigate(advancePath(r.id)) })}
      />
      <PaginationBar
        className="mt-4"
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
      <NewAdvanceDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function NewAdvanceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [amount, setAmount] = useState('');
  const [emis, setEmis] = useState('');
  const [ym, setYm] = useState<{ year: number | null; month: number | null }>(() => nextMonth());
  const [payMode, setPayMode] = useState<'1' | '2'>('2');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const request = useAction(
    (body: TSaveAdvance) => api.post<TAdvance>('/api/payroll/advances', body, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
    {
      success: (saved) => ({
        title: 'Advance requested',
        description: `${formatRupees(saved.advanceAmount)} for ${saved.employeeName}: sent for approval`,
      }),
      onDone: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.advances });
        close();
        navigate(advancePath(saved.id));
      },
    },
  );
  const saving = request.busy;

  const amountValue = Number(amount.replace(/,/g, ''));
  const emiCount = Number(emis);
  const emiPreview =
    amount.trim() && emis.trim() && Number.isFinite(amountValue) && Number.isInteger(emiCount) && emiCount > 0
      ? Math.ceil((amountValue * 100) / emiCount) / 100
      : null;

  const reset = () => {
    setEmployee(null);
    setAmount('');
    setEmis('');
    setYm(nextMonth());
    setPayMode('2');
    setRemarks('');
    setErrors({});
  };

  const submit = async () => {
    const payload = {
      employeeId: employee?.id,
      advanceAmount: amount.trim() === '' ? undefined : amountValue,
      noOfEMIs: emis.trim() === '' ? undefined : emiCount,
      effectiveMonth: ym.month ?? undefined,
      effectiveYear: ym.year ?? undefined,
      payModeId: Number(payMode),
      remarks: remarks.trim() || null,
    };
    const parsed = ZSaveAdvance.safeParse(payload);
    if (!parsed.success) {
      const fe = issuesToFieldErrors(parsed.error.issues);
      if (payload.employeeId === undefined) fe.employeeId = ['Choose the employee'];
      if (payload.advanceAmount === undefined) fe.advanceAmount = ['Enter the amount'];
      if (payload.noOfEMIs === undefined) fe.noOfEMIs = ['Enter the number of instalments'];
      setErrors(fe);
      return;
    }
    await request.run(parsed.data);
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };
  const startError = errors.effectiveMonth ?? errors.effectiveYear;
  return (
    <Dialog open={open} onOpenChange={(v) => (v ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl" data-testid="advance-dialog">
        <DialogHeader>
          <DialogTitle>New salary advance</DialogTitle>
          <DialogDescription>The advance goes for approval; once paid, the salary run recovers one instalment a month.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Employee" htmlFor="adv-employee" required error={errors.employeeId}>
            <EmployeePicker
              id="adv-employee"
              value={employee}
              onChange={setEmployee}
              invalid={!!errors.employeeId}
              data-testid="advance-employee"
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Amount" htmlFor="adv-amount" required error={errors.advanceAmount}>
              <div className="relative">
                <span className="absolute top-2 left-3 text-sm text-muted-foreground" aria-hidden>
                  ₹
                </span>
                <Input
                  id="adv-amount"
                  inputMode="decimal"
                  className="pl-7 tabular-nums"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={!!errors.advanceAmount}
                  data-testid="advance-amount"
                />
              </div>
            </FormField>
            <FormField
              label="Number of instalments"
              htmlFor="adv-emis"
              required
              error={errors.noOfEMIs}
              hint={emiPreview !== null ? `About ${formatRupees(emiPreview)} a month` : undefined}
            >
              <Input
                id="adv-emis"
                inputMode="numeric"
                value={emis}
                onChange={(e) => setEmis(e.target.value)}
                aria-invalid={!!errors.noOfEMIs}
                data-testid="advance-emis"
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
            <FormField label="Recovery starts" htmlFor="adv-start" required error={startError}>
              <MonthYearInput id="adv-start" year={ym.year} month={ym.month} onChange={setYm} invalid={!!startError} />
            </FormField>
            <FormField label="Pay mode" error={errors.payModeId}>
              <Segmented name="advance-pay-mode" value={payMode} onChange={setPayMode} options={[...ADVANCE_PAY_MODES]} />
            </FormField>
          </div>
          <FormField label="Remarks" htmlFor="adv-remarks" error={errors.remarks}>
            <Textarea id="adv-remarks" rows={2} maxLength={300} value={remarks} onChange={(e) => setRemarks(e.target.value)} />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()} data-testid="save-advance">
            {saving ? 'Requesting…' : 'Request advance'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Recovery usually starts the month after the advance. */
function nextMonth(): { year: number; month: number } {
  const m = currentMonth();
  const y = yearOptions()[0];
  return m === 12 ? { year: y + 1, month: 1 } : { year: y, month: m + 1 };
}
