import { type TBonus, type TSaveBonus, ZSaveBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, Banknote, CheckCircle2, Plus, Trash2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { FILTER_CLASS } from '@/components/common/Filters';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { useDebounced } from '@/components/data-table';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
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
import { type ApiError, api } from '@/lib/api';
import { formatAmount, formatCount, formatDateTime, formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import {
  BONUS_KIND_LABEL,
  bonusPaidWith,
  financialYears,
  fyName,
  issuesToFieldErrors,
  payrollKeys,
  type TBonusLine,
  useBonus,
} from './api';
import { BonusStatusBadge, bonusPath, MonthYearInput, useEncryptedSearchId, useSessionFinancialYear } from './components';

const RULE =
  "Code on Wages, 2019, s.26: eligible when wages (basic + DA + retaining allowance, plus the allowances above half of the remuneration) are at most ₹21,000 a month and at least 30 days were worked; computed on at most ₹7,000 a month (or the unit's minimum wage), at the chosen rate, for the months worked; at least ₹100 a year.";

/** The range of rates of the Code on Wages s.26 (8.33 % to 20 %; the server checks it against the rules in force for the year). */
const RATE = { min: 8.33, max: 20 };

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
type Errors = Record<string, string[]>;

const lineKey = (key: number) => `line.${key}`;

/**
 * The body to send and what is wrong with it. A line's errors are keyed by the line (`line.<key>`) rather than its
 * index in the body (`lines.<i>.amount`), since blank lines are left out of the body.
 */
function validate(form: Omit<TSaveBonus, 'lines' | 'unitId'> & { unitId: number | null; lines: Line[] }) {
  const sent = form.kind === 'adhoc' ? form.lines.filter((l) => l.employee || l.amount.trim()) : [];
  const body = {
    ...form,
    unitId: form.unitId ?? 0,
    lines:
      form.kind === 'adhoc'
        ? sent.map((l) => ({ employeeId: l.employee?.id ?? 0, amount: Number(l.amount.replace(/,/g, '')) }))
        : undefined,
  };
  // The unit is checked by itself below, so that the schema's rules on the rest are checked before one is chosen.
  const parsed = ZSaveBonus.safeParse({ ...body, unitId: form.unitId ?? 1 });
  const errors: Errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (form.unitId === null) errors.unitId = ['Choose the unit'];
  const rate = body.ratePercent;
  if (form.kind === 'statutory' && rate !== undefined && !(rate >= RATE.min && rate <= RATE.max))
    errors.ratePercent = [`Between ${RATE.min} % and ${RATE.max} %`];
  const seen = new Set<number>();
  sent.forEach((l, i) => {
    if (!l.employee) errors[`lines.${i}.employeeId`] = ['Choose the employee'];
    else if (seen.has(l.employee.id)) errors[`lines.${i}.employeeId`] = ['Already in the list'];
    if (l.employee) seen.add(l.employee.id);
  });
  return { body, sent, errors: byLine(errors, sent) };
}

/** `lines.<i>.<field>` → `line.<key>` (the i-th line sent); other keys unchanged. */
function byLine(errors: Errors, sent: Line[]): Errors {
  const out: Errors = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = /^lines\.(\d+)\./.exec(k);
    const line = m ? sent[Number(m[1])] : undefined;
    const key = line ? lineKey(line.key) : k;
    out[key] = [...(out[key] ?? []), ...v];
  }
  return out;
}

function NewBonus() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<number | null>(null);
  const sessionYear = useSessionFinancialYear();
  const [financialYear, setFinancialYear] = useState(sessionYear);
  const [kind, setKind] = useState<'statutory' | 'adhoc'>('statutory');
  const [rate, setRate] = useState(String(RATE.min));
  const [payWith, setPayWith] = useState<'salary' | 'separate'>('salary');
  const [pay, setPay] = useState<{ year: number | null; month: number | null }>(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const [lines, setLines] = useState<Line[]>([{ key: 1, employee: null, amount: '' }]);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // On failure the toast and the inline errors say why (400 field errors; 409 e.g. no approved month, or the salary month is closed).
  const save = useAction(
    (body: ReturnType<typeof validate>['body'], sent: ReturnType<typeof validate>['sent']) =>
      api.post<TBonus>('/api/payroll/bonuses', body, { onError: (e: ApiError) => setErrors(byLine(e.fieldErrors, sent)) }),
    {
      success: (saved) => ({
        title: 'Bonus prepared',
        description: `${formatRupees(saved.total)} for ${formatCount(saved.employees)} employee${saved.employees === 1 ? '' : 's'}: sent for approval`,
      }),
      onDone: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.bonuses });
        navigate(bonusPath(saved.id), { replace: true });
      },
    },
  );
  const saving = save.busy;

  /** A setter that also forgets the errors of the field it sets. */
  const change =
    <T,>(set: (v: T) => void, ...keys: string[]) =>
    (v: T) => {
      set(v);
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
    };
  const setLine = (key: number, next: Partial<Line>) =>
    change(setLines, lineKey(key))(lines.map((l) => (l.key === key ? { ...l, ...next } : l)));

  const submit = async () => {
    const {
      body,
      sent,
      errors: found,
    } = validate({
      unitId,
      financialYear,
      kind,
      ratePercent: kind === 'statutory' && rate.trim() ? Number(rate.replace('%', '').trim()) : undefined,
      payWith,
      payYear: payWith === 'salary' ? (pay.year ?? undefined) : undefined,
      payMonth: payWith === 'salary' ? (pay.month ?? undefined) : undefined,
      remarks: remarks.trim() || null,
      lines,
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    await save.run(body, sent);
  };

  return (
    <div className="space-y-4">
      <Back />
      <PageHeader
        title="New bonus"
        description="A statutory bonus is computed for every employee of the unit; ad hoc amounts are entered by hand. Either is approved before it is paid."
      />
      <Card className="max-w-3xl gap-4">
        <CardContent className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Unit" htmlFor="bonus-unit" required error={errors.unitId}>
              <UnitSelect
                id="bonus-unit"
                value={unitId}
                onChange={change(setUnitId, 'unitId', 'lines')}
                invalid={!!errors.unitId}
                data-testid="bonus-unit"
              />
            </FormField>
            <FormField label="Financial year" htmlFor="bonus-fy" required error={errors.financialYear}>
              <select
                id="bonus-fy"
                className={`${FILTER_CLASS} w-40`}
                value={financialYear}
                onChange={(e) => change(setFinancialYear, 'financialYear')(Number(e.target.value))}
                aria-invalid={!!errors.financialYear}
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
                { value: 'statutory', label: 'Statutory (Code on Wages, s.26)' },
                { value: 'adhoc', label: 'Ad hoc amounts' },
              ]}
            />
          </FormField>
          {kind === 'statutory' ? (
            <FormField
              label="Rate (%)"
              htmlFor="bonus-rate"
              required
              error={errors.ratePercent}
              hint={`${RATE.min} % to ${RATE.max} %. ${RULE}`}
            >
              <Input
                id="bonus-rate"
                inputMode="decimal"
                className="w-32"
                value={rate}
                onChange={(e) => change(setRate, 'ratePercent')(e.target.value)}
                aria-invalid={!!errors.ratePercent}
              />
            </FormField>
          ) : (
            <FormField label="Employees and amounts" required error={errors.lines}>
              <div className="grid gap-2" data-testid="bonus-lines">
                {lines.map((l, i) => {
                  const lineErrors = errors[lineKey(l.key)];
                  return (
                    <div key={l.key} className="grid gap-1">
                      <div className="flex items-center gap-2">
                        <EmployeePicker
                          className="flex-1"
                          unitId={unitId}
                          value={l.employee}
                          onChange={(v) => setLine(l.key, { employee: v })}
                          invalid={!!lineErrors}
                        />
                        <Input
                          aria-label={`Amount ${i + 1}`}
                          inputMode="decimal"
                          className="w-36 tabular-nums"
                          placeholder="₹"
                          value={l.amount}
                          onChange={(e) => setLine(l.key, { amount: e.target.value })}
                          aria-invalid={!!lineErrors}
                        />
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove line ${i + 1}`}
                          onClick={() => setLines(lines.filter((x) => x.key !== l.key))}
                          disabled={lines.length === 1}
                        >
                          <Trash2 />
                        </Button>
                      </div>
                      {lineErrors && <p className="text-sm text-destructive">{lineErrors.join(' ')}</p>}
                    </div>
                  );
                })}
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => setLines([...lines, { key: Math.max(...lines.map((l) => l.key)) + 1, employee: null, amount: '' }])}
                >
                  <Plus /> Add an employee
                </Button>
              </div>
            </FormField>
          )}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Paid">
              <Segmented
                name="bonus-pay"
                value={payWith}
                onChange={change(setPayWith, 'payMonth', 'payYear')}
                options={[
                  { value: 'salary', label: 'With a salary month' },
                  { value: 'separate', label: 'Separately' },
                ]}
              />
            </FormField>
            {payWith === 'salary' && (
              <FormField
                label="Salary month"
                htmlFor="bonus-pay-month"
                required
                error={errors.payMonth ?? errors.payYear}
                hint="The month's salary run pays the bonus, once approved."
              >
                <MonthYearInput
                  id="bonus-pay-month"
                  year={pay.year}
                  month={pay.month}
                  onChange={change(setPay, 'payMonth', 'payYear')}
                  invalid={!!(errors.payMonth ?? errors.payYear)}
                />
              </FormField>
            )}
          </div>
          <FormField label="Remarks" htmlFor="bonus-remarks" error={errors.remarks}>
            <Textarea id="bonus-remarks" rows={2} maxLength={300} value={remarks} onChange={(e) => setRemarks(e.target.value)} />
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

type Confirm = 'paid' | 'cancel';

const CONFIRM: Record<Confirm, { title: string; text: string; button: string; done: string }> = {
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

function BonusView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.employeeBonus);
  const query = useBonus(id);
  const b = query.data;
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // The toast says why an action fails (403 own bonus, 409 state).
  const action = useAction(
    (body: { action: 'approve' | 'reject'; remark: string | null } | { action: Confirm }, _done: string) =>
      api.post<TBonus>(`/api/payroll/bonuses/${id}/action`, body, {
        onError: (e: ApiError) => setRemarkError(e.fieldErrors.remark?.join(' ') ?? null),
      }),
    {
      success: (_, _body, done) => done,
      onDone: (next) => {
        queryClient.setQueryData(payrollKeys.bonus(id), next);
        void queryClient.invalidateQueries({ queryKey: payrollKeys.bonuses });
        setRemark('');
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

  const reject = () => {
    const text = remark.trim();
    if (!text) setRemarkError('Say why the bonus is rejected');
    else void act({ action: 'reject', remark: text }, 'Bonus rejected');
  };
  const s = b.status;
  const can = {
    decide: actions.approve && s === 'draft' && b.approval?.state === 'pending',
    paid: actions.edit && s === 'approved' && b.payWith === 'separate',
    cancel: actions.edit && (s === 'draft' || s === 'approved'),
  };

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
                  <Textarea
                    id="bonus-remark"
                    rows={2}
                    maxLength={300}
                    value={remark}
                    aria-invalid={!!remarkError}
                    onChange={(e) => {
                      setRemark(e.target.value);
                      setRemarkError(null);
                    }}
                  />
                </FormField>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="success"
                    disabled={busy}
                    onClick={() => void act({ action: 'approve', remark: remark.trim() || null }, 'Bonus approved')}
                    data-testid="bonus-approve"
                  >
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
                onClick={() => void act({ action: confirm }, CONFIRM[confirm].done)}
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
  const paise = shown.reduce((s, l) => s + Math.round(l.amount * 100), 0);
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
              <TableCell className="text-right tabular-nums">{formatAmount(paise / 100)}</TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
