import { type TBonus, ZSaveBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Banknote, CheckCircle2, Plus, Trash2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '@/components/data-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { formatAmount, formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { toast } from '@/lib/toast-store';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { formatMonth, issuesToFieldErrors, type TEmployeeOption } from './api';
import {
  ApprovalTrail,
  EmployeePicker,
  FILTER_CLASS,
  Figure,
  MonthYearInput,
  Segmented,
  UnitSelect,
  useEncryptedSearchId,
} from './components';
import { BONUS_STATUS_LABEL, BONUS_STATUS_VARIANT, bonusPath, financialYears, fyName } from './EmployeeBonusListScreen';

const RULE =
  'Eligible when basic + DA is at most ₹21,000 a month and at least 30 days were worked; computed on at most ₹7,000 a month (or the unit’s minimum wage), at the chosen rate, for the months worked.';

const bonusKey = (id: number) => ['payroll', 'bonuses', 'one', id] as const;

/** /outlet/transaction/employee-bonus/addorupdate: a new bonus, or (with ?id=) one bonus with its lines. */
export default function EmployeeBonusScreen() {
  const id = useEncryptedSearchId('id');
  if (id === null) return null;
  return id === 'absent' ? <NewBonus /> : <BonusView key={id} id={id} />;
}

function Back() {
  const navigate = useNavigate();
  return (
    <Button variant="ghost" onClick={() => navigate(MENU.employeeBonus)}>
      <ArrowLeft /> Bonuses
    </Button>
  );
}

type Line = { key: number; employee: TEmployeeOption | null; amount: string };

function NewBonus() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<number | null>(null);
  const [financialYear, setFinancialYear] = useState(financialYears()[0]);
  const [kind, setKind] = useState<'statutory' | 'adhoc'>('statutory');
  const [rate, setRate] = useState('8.33');
  const [payWith, setPayWith] = useState<'salary' | 'separate'>('salary');
  const [pay, setPay] = useState<{ year: number | null; month: number | null }>(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const [lines, setLines] = useState<Line[]>([{ key: 1, employee: null, amount: '' }]);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const payload = {
      unitId: unitId ?? undefined,
      financialYear,
      kind,
      ratePercent: kind === 'statutory' ? Number(rate) : undefined,
      payWith,
      payYear: payWith === 'salary' ? (pay.year ?? undefined) : undefined,
      payMonth: payWith === 'salary' ? (pay.month ?? undefined) : undefined,
      lines:
        kind === 'adhoc'
          ? lines
              .filter((l) => l.employee || l.amount.trim())
              .map((l) => ({ employeeId: l.employee?.id ?? 0, amount: Number(l.amount.replace(/,/g, '')) }))
          : undefined,
      remarks: remarks.trim() || null,
    };
    const parsed = ZSaveBonus.safeParse(payload);
    if (!parsed.success) {
      const fe = issuesToFieldErrors(parsed.error.issues);
      if (payload.unitId === undefined) fe.unitId = ['Choose the unit'];
      setErrors(fe);
      return;
    }
    setSaving(true);
    try {
      const saved = await api.post<TBonus>('/api/payroll/bonuses', parsed.data, { onError: (e: ApiError) => setErrors(e.fieldErrors) });
      toast({
        variant: 'success',
        title: 'Bonus prepared',
        description: `${formatRupees(saved.total)} for ${saved.employees} employees: sent for approval`,
      });
      await queryClient.invalidateQueries({ queryKey: ['payroll', 'bonuses'] });
      navigate(bonusPath(saved.id), { replace: true });
    } catch {
      // toast and inline errors shown
    } finally {
      setSaving(false);
    }
  };

  const lineErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('lines'))
    .flatMap(([, v]) => v);
  return (
    <div className="space-y-4">
      <Back />
      <PageHeader
        title="New bonus"
        description="A statutory bonus is computed for every employee of the unit; ad hoc amounts are entered by hand."
      />
      <Card className="max-w-3xl gap-4">
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Unit" htmlFor="bonus-unit" required error={errors.unitId}>
              <UnitSelect id="bonus-unit" value={unitId} onChange={setUnitId} invalid={!!errors.unitId} data-testid="bonus-unit" />
            </FormField>
            <FormField label="Financial year" htmlFor="bonus-fy" required error={errors.financialYear}>
              <select
                id="bonus-fy"
                className={FILTER_CLASS}
                value={financialYear}
                onChange={(e) => setFinancialYear(Number(e.target.value))}
              >
                {financialYears().map((y) => (
                  <option key={y} value={y}>
                    {fyName(y)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField label="Kind">
            <Segmented
              name="bonus-kind"
              value={kind}
              onChange={setKind}
              options={[
                { value: 'statutory', label: 'Statutory (Payment of Bonus Act)' },
                { value: 'adhoc', label: 'Ad hoc amounts' },
              ]}
            />
          </FormField>
          {kind === 'statutory' ? (
            <FormField label="Rate (%)" htmlFor="bonus-rate" required error={errors.ratePercent} hint={RULE}>
              <Input
                id="bonus-rate"
                inputMode="decimal"
                className="w-32"
                value={rate}
                onChange={(e) => setRate(e.target.value)}
                aria-invalid={!!errors.ratePercent}
              />
            </FormField>
          ) : (
            <FormField label="Employees and amounts" required error={lineErrors.length ? lineErrors : undefined}>
              <div className="grid gap-2">
                {lines.map((l, i) => (
                  <div key={l.key} className="flex items-center gap-2">
                    <EmployeePicker
                      className="flex-1"
                      unitId={unitId}
                      value={l.employee}
                      onChange={(v) => setLines(lines.map((x) => (x.key === l.key ? { ...x, employee: v } : x)))}
                    />
                    <Input
                      aria-label={`Amount ${i + 1}`}
                      inputMode="decimal"
                      className="w-36 tabular-nums"
                      placeholder="₹"
                      value={l.amount}
                      onChange={(e) => setLines(lines.map((x) => (x.key === l.key ? { ...x, amount: e.target.value } : x)))}
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Remove"
                      onClick={() => setLines(lines.filter((x) => x.key !== l.key))}
                      disabled={lines.length === 1}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                ))}
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => setLines([...lines, { key: Date.now(), employee: null, amount: '' }])}
                >
                  <Plus /> Add an employee
                </Button>
              </div>
            </FormField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Paid">
              <Segmented
                name="bonus-pay"
                value={payWith}
                onChange={setPayWith}
                options={[
                  { value: 'salary', label: 'With a salary month' },
                  { value: 'separate', label: 'Separately' },
                ]}
              />
            </FormField>
            {payWith === 'salary' && (
              <FormField label="Salary month" htmlFor="bonus-pay-month" required error={errors.payMonth ?? errors.payYear}>
                <MonthYearInput
                  id="bonus-pay-month"
                  year={pay.year}
                  month={pay.month}
                  onChange={setPay}
                  invalid={!!(errors.payMonth ?? errors.payYear)}
                />
              </FormField>
            )}
          </div>
          <FormField label="Remarks" htmlFor="bonus-remarks" error={errors.remarks}>
            <Textarea id="bonus-remarks" rows={2} value={remarks} onChange={(e) => setRemarks(e.target.value)} />
          </FormField>
          <div>
            <Button onClick={() => void submit()} disabled={saving} data-testid="save-bonus">
              {saving ? 'Computing…' : kind === 'statutory' ? 'Compute the bonus' : 'Save the bonus'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function BonusView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.employeeBonus);
  const query = useQuery({
    queryKey: bonusKey(id),
    queryFn: ({ signal }) => api.get<TBonus>(`/api/payroll/bonuses/${id}`, undefined, { signal }),
  });
  const b = query.data;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim().toLowerCase(), 150);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = useMemo(
    () => (b?.lines ?? []).filter((l) => !q || l.name.toLowerCase().includes(q) || l.employeeCode.toLowerCase().includes(q)),
    [b?.lines, q],
  );

  if (!b) {
    return (
      <div className="space-y-4">
        <Back />
        {query.isError ? (
          <Alert variant="destructive">
            <AlertTitle>This bonus could not be opened</AlertTitle>
            <AlertDescription>It may belong to a unit outside yours.</AlertDescription>
          </Alert>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    );
  }

  const act = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await api.post<TBonus>(`/api/payroll/bonuses/${id}/action`, body);
      toast({ variant: 'success', title: done });
      setRemark('');
      await queryClient.invalidateQueries({ queryKey: ['payroll', 'bonuses'] });
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  };
  const pending = b.status === 'draft' && b.approval?.state === 'pending';
  const total = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) / 100;
  return (
    <div className="space-y-6" data-testid="bonus">
      <Back />
      <PageHeader
        title={`${b.unitName} · FY ${fyName(b.financialYear)}`}
        description={b.kind === 'statutory' ? RULE : 'Ad hoc amounts.'}
        actions={
          <Badge variant={BONUS_STATUS_VARIANT[b.status]} data-testid="bonus-status">
            {BONUS_STATUS_LABEL[b.status]}
          </Badge>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Bonus</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Kind" value={b.kind === 'statutory' ? `Statutory · ${b.ratePercent} %` : 'Ad hoc'} />
            <Figure
              label="Paid"
              value={b.payWith === 'salary' && b.payYear && b.payMonth ? `With ${formatMonth(b.payYear, b.payMonth)} salary` : 'Separately'}
            />
            <Figure label="Employees" value={b.employees} />
            <Figure label="Total" value={formatRupees(b.total)} />
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Approval</CardTitle>
            <CardDescription>Approved by someone other than who prepared it.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <ApprovalTrail lines={b.approval?.history ?? []} showLevel={false} />
            {pending && actions.approve && (
              <div className="space-y-2">
                <Textarea
                  rows={2}
                  placeholder="Remark (needed to reject)"
                  value={remark}
                  onChange={(e) => setRemark(e.target.value)}
                  aria-label="Remark"
                />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="success"
                    disabled={busy}
                    onClick={() => void act({ action: 'approve', remark: remark || null }, 'Bonus approved')}
                    data-testid="bonus-approve"
                  >
                    <CheckCircle2 /> Approve
                  </Button>
                  <Button variant="destructive" disabled={busy} onClick={() => void act({ action: 'reject', remark }, 'Bonus rejected')}>
                    <XCircle /> Reject
                  </Button>
                </div>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {actions.edit && b.status === 'approved' && b.payWith === 'separate' && (
                <Button variant="outline" disabled={busy} onClick={() => void act({ action: 'paid' }, 'Marked paid')}>
                  <Banknote /> Mark paid
                </Button>
              )}
              {actions.edit && (b.status === 'draft' || b.status === 'approved') && (
                <Button variant="outline" disabled={busy} onClick={() => void act({ action: 'cancel' }, 'Bonus cancelled')}>
                  <Ban /> Cancel
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
      <div className="space-y-2">
        <Input
          className="max-w-sm"
          placeholder="Search code or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search"
        />
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
              {lines.map((l) => (
                <TableRow key={l.employeeId} data-testid="bonus-line">
                  <TableCell className="font-mono text-xs">{l.employeeCode}</TableCell>
                  <TableCell>{l.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{l.monthsWorked}</TableCell>
                  <TableCell className="text-right tabular-nums">{l.daysWorked}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmount(l.basis)}</TableCell>
                  <TableCell className="text-xs">{l.eligible ? 'Yes' : (l.reason ?? 'No')}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatAmount(l.amount)}</TableCell>
                  <TableCell>{l.paid ? <Badge variant="success">Paid</Badge> : '—'}</TableCell>
                </TableRow>
              ))}
              <TableRow className="font-semibold hover:bg-transparent">
                <TableCell colSpan={6}>Total of {lines.length} employees</TableCell>
                <TableCell className="text-right tabular-nums">{formatAmount(total)}</TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </div>
      </div>
    </div>
  );
}
