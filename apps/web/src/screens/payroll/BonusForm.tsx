import { type TBonus, ZSaveBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
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
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, monthYearOf, optionalText, pickedId } from '@/lib/form-fields';
import { formatCount, formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { financialYears, fyName, payrollKeys } from './api';
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

type Line = { employee: TEmployeeOption | null; amount: string };
type TBonusFields = {
  unitId: number | null;
  financialYear: number;
  kind: 'statutory' | 'adhoc';
  ratePercent: string;
  payWith: 'salary' | 'separate';
  payYear: number | null;
  payMonth: number | null;
  lines: Line[];
  remarks: string;
};
type TBonusBody = z.output<typeof ZSaveBonus>;

const ZLine = ZSaveBonus.shape.lines.unwrap().element;
const blank = (l: Line) => !l.employee && !l.amount.trim();
/** The form's indexes of the lines sent (blank lines are left out of the body). */
const sentIndexes = (lines: Line[]) => lines.flatMap((l, i) => (blank(l) ? [] : [i]));

/** A line as the contract's (its employee and amount), or its errors on the line's own fields; a blank line is left out. */
const ZFormLine = z.object({ employee: z.custom<TEmployeeOption | null>(), amount: z.string() });
const ZFormLines = z.array(ZFormLine).superRefine((lines, ctx) => {
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (blank(l)) return;
    const parsed = ZLine.safeParse({ employeeId: l.employee?.id, amount: Number(l.amount.replace(/,/g, '')) });
    for (const issue of parsed.error?.issues ?? [])
      if (issue.path[0] === 'amount') ctx.addIssue({ code: 'custom', path: [i, 'amount'], message: issue.message });
    if (!l.employee) ctx.addIssue({ code: 'custom', path: [i, 'employee'], message: 'Choose the employee' });
    else if (seen.has(l.employee.id)) ctx.addIssue({ code: 'custom', path: [i, 'employee'], message: 'Already in the list' });
    if (l.employee) seen.add(l.employee.id);
  });
});

/** The form's fields checked by the contract's ZSaveBonus, with the dialog's rules besides (the unit, the rate's range, each line). */
const RESOLVER = contractResolver<TBonusFields, TBonusBody>(
  into(
    z
      .object({
        unitId: pickedId(ZSaveBonus.shape.unitId, 'Choose the unit'),
        financialYear: ZSaveBonus.shape.financialYear,
        kind: ZSaveBonus.shape.kind,
        ratePercent: z.string().transform((s) => (s.replace('%', '').trim() ? Number(s.replace('%', '').trim()) : undefined)),
        payWith: ZSaveBonus.shape.payWith,
        payYear: z.number().nullable(),
        payMonth: z.number().nullable(),
        lines: ZFormLines,
        remarks: optionalText(ZSaveBonus.shape.remarks),
      })
      .refine((b) => b.kind !== 'statutory' || b.ratePercent === undefined || (b.ratePercent >= RATE.min && b.ratePercent <= RATE.max), {
        path: ['ratePercent'],
        message: `Between ${RATE.min} % and ${RATE.max} %`,
        when: () => true,
      })
      .transform(({ ratePercent, payYear, payMonth, lines, ...b }) => ({
        ...b,
        ratePercent: b.kind === 'statutory' ? ratePercent : undefined,
        payYear: b.payWith === 'salary' ? (payYear ?? undefined) : undefined,
        payMonth: b.payWith === 'salary' ? (payMonth ?? undefined) : undefined,
        lines:
          b.kind === 'adhoc'
            ? lines.filter((l) => !blank(l)).map((l) => ({ employeeId: l.employee?.id ?? 0, amount: Number(l.amount.replace(/,/g, '')) }))
            : undefined,
      })),
    ZSaveBonus,
  ),
);

/** The form's lines from a saved bonus (ad hoc amounts; a statutory bonus's lines are computed, not entered). */
function linesOf(b: TBonus | undefined): Line[] {
  const paid = (b?.lines ?? []).filter((l) => l.amount !== 0);
  if (b?.kind !== 'adhoc' || paid.length === 0) return [{ employee: null, amount: '' }];
  return paid.map((l) => ({ employee: { id: l.employeeId, name: l.name, employeeCode: l.employeeCode }, amount: String(l.amount) }));
}

/** The form (a new bonus, or the saved one's figures), the save (new or changed) and the checks before it is sent. */
function useBonusForm(existing: TBonus | undefined, onChanged: ((b: TBonus) => void) | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionYear = useSessionFinancialYear();
  const paid = existing?.payYear && existing.payMonth;
  const form = useForm<TBonusFields, unknown, TBonusBody>({
    resolver: RESOLVER,
    defaultValues: {
      unitId: existing?.unitId ?? null,
      financialYear: existing?.financialYear ?? sessionYear,
      kind: existing?.kind ?? 'statutory',
      ratePercent: String(existing?.ratePercent ?? RATE.min),
      payWith: existing?.payWith ?? 'salary',
      payYear: paid ? (existing.payYear ?? null) : yearOptions()[0],
      payMonth: paid ? (existing.payMonth ?? null) : currentMonth(),
      lines: linesOf(existing),
      remarks: existing?.remarks ?? '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  // A server error on the body's i-th line goes on the form's line it came from.
  const onError = (sent: number[]) =>
    serverErrors(form, {
      rename: Object.fromEntries(
        sent.flatMap((k, j) => [
          [`lines.${j}.amount`, `lines.${k}.amount`],
          [`lines.${j}.employeeId`, `lines.${k}.employee`],
        ]),
      ),
    });
  // On failure the toast and the inline errors say why (400 field errors; 409 e.g. no approved month, or the salary month is closed).
  const save = useAction(
    (body: TBonusBody, sent: number[]) =>
      existing
        ? api.put<TBonus>(apiPath('/api/payroll/bonuses/:id', { id: existing.id }), body, { onError: onError(sent) })
        : api.post<TBonus>(apiPath('/api/payroll/bonuses'), body, { onError: onError(sent) }),
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
  const submit = form.handleSubmit(async (body) => {
    await save.run(body, sentIndexes(form.getValues('lines')));
  });
  return { form, lines, errors: form.formState.errors, submit, saving: save.busy };
}

type TBonusForm = ReturnType<typeof useBonusForm>;

/** The ad hoc lines: an employee of the unit and an amount each, removable, and Add an employee. */
function BonusLines({ f }: { f: TBonusForm }) {
  const { form, lines, errors } = f;
  const unitId = form.watch('unitId');
  return (
    <FormField label="Employees and amounts" required error={(errors.lines?.root ?? errors.lines)?.message}>
      <div className="grid gap-2" data-testid="bonus-lines">
        {lines.fields.map((l, i) => {
          const lineErrors = [errors.lines?.[i]?.employee?.message, errors.lines?.[i]?.amount?.message].filter(Boolean);
          return (
            <div key={l.id} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Controller
                  control={form.control}
                  name={`lines.${i}.employee`}
                  render={({ field }) => (
                    <EmployeePicker
                      className="flex-1"
                      unitId={unitId}
                      value={field.value}
                      onChange={field.onChange}
                      invalid={lineErrors.length > 0}
                    />
                  )}
                />
                <Input
                  aria-label={`Amount ${i + 1}`}
                  inputMode="decimal"
                  className="w-36 tabular-nums"
                  placeholder="₹"
                  aria-invalid={lineErrors.length > 0}
                  {...form.register(`lines.${i}.amount`)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => lines.remove(i)}
                  disabled={lines.fields.length === 1}
                >
                  <Trash2 />
                </Button>
              </div>
              {lineErrors.length > 0 && <p className="text-sm text-destructive">{lineErrors.join(' ')}</p>}
            </div>
          );
        })}
        <Button variant="outline" className="w-fit" onClick={() => lines.append({ employee: null, amount: '' })}>
          <Plus /> Add an employee
        </Button>
      </div>
    </FormField>
  );
}

/** How the bonus is paid: with a salary month (which one), or separately. */
function PaySection({ f }: { f: TBonusForm }) {
  const { form, errors } = f;
  const payWith = form.watch('payWith');
  const monthError = (errors.payMonth ?? errors.payYear)?.message;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Paid">
        <Segmented
          name="bonus-pay"
          value={payWith}
          onChange={(v) => form.setValue('payWith', v, { shouldValidate: form.formState.isSubmitted })}
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
          error={monthError}
          hint="The month's salary run pays the bonus, once approved."
        >
          <MonthYearInput id="bonus-pay-month" {...monthYearOf(form, 'payYear', 'payMonth')} invalid={!!monthError} />
        </FormField>
      )}
    </div>
  );
}

/** The unit and the financial year (fixed once the bonus exists). */
function UnitAndYear({ f, fixed }: { f: TBonusForm; fixed: boolean }) {
  const { form, errors } = f;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Unit" htmlFor="bonus-unit" required error={errors.unitId?.message}>
        <UnitSelect
          id="bonus-unit"
          value={form.watch('unitId')}
          onChange={(v) => form.setValue('unitId', v, { shouldValidate: form.formState.isSubmitted })}
          invalid={!!errors.unitId}
          disabled={fixed}
          data-testid="bonus-unit"
        />
      </FormField>
      <FormField label="Financial year" htmlFor="bonus-fy" required error={errors.financialYear?.message}>
        <select
          id="bonus-fy"
          className={`${FILTER_CLASS} w-40`}
          disabled={fixed}
          aria-invalid={!!errors.financialYear}
          {...form.register('financialYear', { valueAsNumber: true })}
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
  const { form, errors, saving } = f;
  const kind = form.watch('kind');

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
              onChange={(v) => form.setValue('kind', v)}
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
              error={errors.ratePercent?.message}
              hint={`${RATE.min} % to ${RATE.max} %. ${RULE}`}
            >
              <Input
                id="bonus-rate"
                inputMode="decimal"
                className="w-32"
                aria-invalid={!!errors.ratePercent}
                {...form.register('ratePercent')}
              />
            </FormField>
          ) : (
            <BonusLines f={f} />
          )}
          <PaySection f={f} />
          <FormField label="Remarks" htmlFor="bonus-remarks" error={errors.remarks?.message}>
            <Textarea id="bonus-remarks" rows={2} maxLength={300} {...form.register('remarks')} />
          </FormField>
          {errors.root?.message && <p className="text-sm text-destructive">{errors.root.message}</p>}
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
