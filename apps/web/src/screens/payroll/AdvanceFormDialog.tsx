import { type TAdvance, type TSaveAdvance, ZSaveAdvance } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Segmented } from '@/components/common/Segmented';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { issuesToFieldErrors, payrollKeys } from './api';
import { ADVANCE_PAY_MODES, advancePath, MonthYearInput } from './components';

/**
 * A salary advance's figures: a new request (with the employee picker), or a change to one not yet paid (`advance`
 * given: PUT, the employee fixed; after approval the change goes back for approval).
 */
export function AdvanceFormDialog({
  open,
  onOpenChange,
  advance,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  advance?: TAdvance;
  onSaved?: (a: TAdvance) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = advance !== undefined;
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [amount, setAmount] = useState(advance ? String(advance.advanceAmount) : '');
  const [emis, setEmis] = useState(advance ? String(advance.noOfEMIs) : '');
  const [ym, setYm] = useState<{ year: number | null; month: number | null }>(() =>
    advance ? { year: advance.effectiveYear, month: advance.effectiveMonth } : nextMonth(),
  );
  const [payMode, setPayMode] = useState<'1' | '2'>(advance && advance.payModeId !== 2 ? '1' : '2');
  const [remarks, setRemarks] = useState(advance?.remarks ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // On failure the toast and the inline errors say why.
  const request = useAction(
    ({ employeeId, ...body }: TSaveAdvance) =>
      advance
        ? api.put<TAdvance>(apiPath('/api/payroll/advances/:id', { id: advance.id }), body, {
            onError: (e: ApiError) => setErrors(e.fieldErrors),
          })
        : api.post<TAdvance>(
            apiPath('/api/payroll/advances'),
            { employeeId, ...body },
            { onError: (e: ApiError) => setErrors(e.fieldErrors) },
          ),
    {
      success: (saved) => ({
        title: editing ? 'Advance changed' : 'Advance requested',
        description: `${formatRupees(saved.advanceAmount)} for ${saved.employeeName}: sent for approval`,
      }),
      onDone: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.advances });
        onOpenChange(false);
        if (onSaved) onSaved(saved);
        else {
          reset();
          navigate(advancePath(saved.id));
        }
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
    const checked = checkAdvance({ employeeId: advance?.employeeId ?? employee?.id, amount, emis, ym, payMode, remarks });
    if ('errors' in checked) setErrors(checked.errors);
    else await request.run(checked.body);
  };

  const close = () => {
    if (!editing) reset();
    onOpenChange(false);
  };
  const startError = errors.effectiveMonth ?? errors.effectiveYear;
  return (
    <Dialog open={open} onOpenChange={(v) => (v ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl" data-testid="advance-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? 'Change the advance' : 'New salary advance'}</DialogTitle>
          <DialogDescription>
            {editing
              ? `${advance.employeeName}: the schedule is made again from these figures, and the advance goes back for approval.`
              : 'The advance goes for approval; once paid, the salary run recovers one instalment a month.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {!editing && (
            <FormField label="Employee" htmlFor="adv-employee" required error={errors.employeeId}>
              <EmployeePicker
                id="adv-employee"
                value={employee}
                onChange={setEmployee}
                invalid={!!errors.employeeId}
                data-testid="advance-employee"
              />
            </FormField>
          )}
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
            {saving ? 'Saving…' : editing ? 'Save and send for approval' : 'Request advance'}
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

/** The form's text as the API's body, or the field errors (the contract's own checks, and what is missing). */
function checkAdvance(f: {
  employeeId: number | undefined;
  amount: string;
  emis: string;
  ym: { year: number | null; month: number | null };
  payMode: '1' | '2';
  remarks: string;
}): { body: TSaveAdvance } | { errors: Record<string, string[]> } {
  const payload = {
    employeeId: f.employeeId,
    advanceAmount: f.amount.trim() === '' ? undefined : Number(f.amount.replace(/,/g, '')),
    noOfEMIs: f.emis.trim() === '' ? undefined : Number(f.emis),
    effectiveMonth: f.ym.month ?? undefined,
    effectiveYear: f.ym.year ?? undefined,
    payModeId: Number(f.payMode),
    remarks: f.remarks.trim() || null,
  };
  const parsed = ZSaveAdvance.safeParse(payload);
  if (parsed.success) return { body: parsed.data };
  const fe = issuesToFieldErrors(parsed.error.issues);
  if (payload.employeeId === undefined) fe.employeeId = ['Choose the employee'];
  if (payload.advanceAmount === undefined) fe.advanceAmount = ['Enter the amount'];
  if (payload.noOfEMIs === undefined) fe.noOfEMIs = ['Enter the number of instalments'];
  return { errors: fe };
}
