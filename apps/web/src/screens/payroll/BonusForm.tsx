import { type TBonus, type TSaveBonus, ZSaveBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FILTER_CLASS } from '@/components/common/Filters';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { financialYears, fyName, issuesToFieldErrors, payrollKeys } from './api';
import { bonusPath, MonthYearInput, useSessionFinancialYear } from './components';

export const RULE =
  "Code on Wages, 2019, s.26: eligible when wages (basic + DA + retaining allowance, plus the allowances above half of the remuneration) are at most ₹21,000 a month and at least 30 days were worked; computed on at most ₹7,000 a month (or the unit's minimum wage), at the chosen rate, for the months worked; at least ₹100 a year.";

/** The range of rates of the Code on Wages s.26 (8.33 % to 20 %; the server checks it against the rules in force for the year). */
export const RATE = { min: 8.33, max: 20 };

/** Back to the list of bonuses. */
export function Back() {
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

/** The form's lines from a saved bonus (ad hoc amounts; a statutory bonus's lines are computed, not entered). */
function linesOf(b: TBonus | undefined): Line[] {
  const paid = (b?.lines ?? []).filter((l) => l.amount !== 0);
  if (b?.kind !== 'adhoc' || paid.length === 0) return [{ key: 1, employee: null, amount: '' }];
  return paid.map((l, i) => ({
    key: i + 1,
    employee: { id: l.employeeId, name: l.name, employeeCode: l.employeeCode },
    amount: String(l.amount),
  }));
}

/** The form's state, the save (new or changed) and the checks before it is sent. */
function useBonusForm(existing: TBonus | undefined, onChanged: ((b: TBonus) => void) | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<number | null>(existing?.unitId ?? null);
  const sessionYear = useSessionFinancialYear();
  const [financialYear, setFinancialYear] = useState(existing?.financialYear ?? sessionYear);
  const [kind, setKind] = useState<'statutory' | 'adhoc'>(existing?.kind ?? 'statutory');
  const [rate, setRate] = useState(String(existing?.ratePercent ?? RATE.min));
  const [payWith, setPayWith] = useState<'salary' | 'separate'>(existing?.payWith ?? 'salary');
  const [pay, setPay] = useState<{ year: number | null; month: number | null }>(() =>
    existing?.payYear && existing.payMonth
      ? { year: existing.payYear, month: existing.payMonth }
      : { year: yearOptions()[0], month: currentMonth() },
  );
  const [lines, setLines] = useState<Line[]>(() => linesOf(existing));
  const [remarks, setRemarks] = useState(existing?.remarks ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // On failure the toast and the inline errors say why (400 field errors; 409 e.g. no approved month, or the salary month is closed).
  const save = useAction(
    (body: ReturnType<typeof validate>['body'], sent: ReturnType<typeof validate>['sent']) =>
      existing
        ? api.put<TBonus>(apiPath('/api/payroll/bonuses/:id', { id: existing.id }), body, {
            onError: (e: ApiError) => setErrors(byLine(e.fieldErrors, sent)),
          })
        : api.post<TBonus>(apiPath('/api/payroll/bonuses'), body, { onError: (e: ApiError) => setErrors(byLine(e.fieldErrors, sent)) }),
    {
      success: (saved) => ({
        title: existing ? 'Bonus changed' : 'Bonus prepared',
        description: `${formatRupees(saved.total)} for ${formatCount(saved.employees)} employee${saved.employees === 1 ? '' : 's'}: sent for approval`,
      }),
      onDone: async (saved) => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.bonuses });
        if (onChanged) onChanged(saved);
        else navigate(bonusPath(saved.id), { replace: true });
      },
    },
  );

  /** A setter that also forgets the errors of the field it sets. */
  const change =
    <T,>(set: (v: T) => void, ...keys: string[]) =>
    (v: T) => {
      set(v);
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
    };

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

  return {
    unitId,
    setUnitId,
    financialYear,
    setFinancialYear,
    kind,
    setKind,
    rate,
    setRate,
    payWith,
    setPayWith,
    pay,
    setPay,
    lines,
    setLines,
    remarks,
    setRemarks,
    errors,
    change,
    submit,
    saving: save.busy,
  };
}

type TBonusForm = ReturnType<typeof useBonusForm>;

/** The ad hoc lines: an employee of the unit and an amount each, removable, and Add an employee. */
function BonusLines({ f }: { f: TBonusForm }) {
  const { lines, setLines, errors } = f;
  const setLine = (key: number, next: Partial<Line>) =>
    f.change(setLines, lineKey(key))(lines.map((l) => (l.key === key ? { ...l, ...next } : l)));
  return (
    <FormField label="Employees and amounts" required error={errors.lines}>
      <div className="grid gap-2" data-testid="bonus-lines">
        {lines.map((l, i) => {
          const lineErrors = errors[lineKey(l.key)];
          return (
            <div key={l.key} className="grid gap-1">
              <div className="flex items-center gap-2">
                <EmployeePicker
                  className="flex-1"
                  unitId={f.unitId}
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
  );
}

/** How the bonus is paid: with a salary month (which one), or separately. */
function PaySection({ f }: { f: TBonusForm }) {
  const { errors, change } = f;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Paid">
        <Segmented
          name="bonus-pay"
          value={f.payWith}
          onChange={change(f.setPayWith, 'payMonth', 'payYear')}
          options={[
            { value: 'salary', label: 'With a salary month' },
            { value: 'separate', label: 'Separately' },
          ]}
        />
      </FormField>
      {f.payWith === 'salary' && (
        <FormField
          label="Salary month"
          htmlFor="bonus-pay-month"
          required
          error={errors.payMonth ?? errors.payYear}
          hint="The month's salary run pays the bonus, once approved."
        >
          <MonthYearInput
            id="bonus-pay-month"
            year={f.pay.year}
            month={f.pay.month}
            onChange={change(f.setPay, 'payMonth', 'payYear')}
            invalid={!!(errors.payMonth ?? errors.payYear)}
          />
        </FormField>
      )}
    </div>
  );
}

/** The unit and the financial year (fixed once the bonus exists). */
function UnitAndYear({ f, fixed }: { f: TBonusForm; fixed: boolean }) {
  const { errors, change } = f;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Unit" htmlFor="bonus-unit" required error={errors.unitId}>
        <UnitSelect
          id="bonus-unit"
          value={f.unitId}
          onChange={change(f.setUnitId, 'unitId', 'lines')}
          invalid={!!errors.unitId}
          disabled={fixed}
          data-testid="bonus-unit"
        />
      </FormField>
      <FormField label="Financial year" htmlFor="bonus-fy" required error={errors.financialYear}>
        <select
          id="bonus-fy"
          className={`${FILTER_CLASS} w-40`}
          value={f.financialYear}
          disabled={fixed}
          onChange={(e) => change(f.setFinancialYear, 'financialYear')(Number(e.target.value))}
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
  );
}

/** A new bonus, or (`existing`) a change to one not yet paid: its unit, year and kind stay, and it goes back for approval. */
export function NewBonus({ existing, onChanged }: { existing?: TBonus; onChanged?: (b: TBonus) => void } = {}) {
  const f = useBonusForm(existing, onChanged);
  const { kind, errors, saving } = f;

  return (
    <div className="space-y-4">
      {!existing && <Back />}
      <PageHeader
        title={existing ? 'Change the bonus' : 'New bonus'}
        description={
          existing
            ? 'The unit, year and kind stay. The lines are worked out again from what you save, and the bonus goes back for approval.'
            : 'A statutory bonus is computed for every employee of the unit; ad hoc amounts are entered by hand. Either is approved before it is paid.'
        }
      />
      <Card className="max-w-3xl gap-4">
        <CardContent className="grid gap-4">
          <UnitAndYear f={f} fixed={!!existing} />
          <FormField label="Kind">
            <Segmented
              disabled={!!existing}
              name="bonus-kind"
              value={kind}
              onChange={f.setKind}
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
                value={f.rate}
                onChange={(e) => f.change(f.setRate, 'ratePercent')(e.target.value)}
                aria-invalid={!!errors.ratePercent}
              />
            </FormField>
          ) : (
            <BonusLines f={f} />
          )}
          <PaySection f={f} />
          <FormField label="Remarks" htmlFor="bonus-remarks" error={errors.remarks}>
            <Textarea id="bonus-remarks" rows={2} maxLength={300} value={f.remarks} onChange={(e) => f.setRemarks(e.target.value)} />
          </FormField>
          <div>
            <Button onClick={() => void f.submit()} disabled={saving} data-testid="save-bonus">
              {saving
                ? 'Computing…'
                : existing
                  ? 'Save and send for approval'
                  : kind === 'statutory'
                    ? 'Compute the bonus'
                    : 'Save the bonus'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
