import { ZIncrement } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, optionalText, typedNumber } from '@/lib/form-fields';
import { formatCount } from '@/lib/format';
import { currentMonth, formatYearMonth, toYearMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import type { THead } from './api';
import { MonthYearInput } from './components';

/** ZIncrementResult of the contract: how many employees changed and the processed months the change reaches back into. */
export type TIncrementResult = { employees: number; arrearsMonths: string[] };

/** The sentence the screens show after a change that reaches back into processed months. */
export function arrearsSentence(months: string[]): string {
  const n = months.length;
  return `Arrears for ${n} month${n === 1 ? '' : 's'} (${months.map(formatYearMonth).join(', ')}) will be paid in the next run.`;
}

type Scope = 'employee' | 'batch';

type TYm = { year: number | null; month: number | null };

/** The dialog's fields: who (one employee, or a unit's batch), which heads, by how much, from when. */
type TIncrementFields = {
  scope: Scope;
  employee: TEmployeeOption | null;
  unitId: number | null;
  departmentId: number | null;
  designationId: number | null;
  headIds: number[];
  by: 'amount' | 'percent';
  value: string;
  effectiveFrom: TYm;
  remarks: string;
};
type TIncrementBody = z.output<typeof ZIncrement>;

/** The fields checked by the contract's ZIncrement, with the dialog's words for who is missing and a blank value. */
const ZIncrementForm = into(
  z
    .object({
      scope: z.enum(['employee', 'batch']),
      employee: z.object({ id: z.number() }).nullable(),
      unitId: z.number().nullable(),
      departmentId: z.number().nullable(),
      designationId: z.number().nullable(),
      headIds: ZIncrement.shape.headIds,
      by: ZIncrement.shape.by,
      value: typedNumber(ZIncrement.shape.value, 'Enter the value'),
      effectiveFrom: z
        .object({ year: z.number().nullable(), month: z.number().nullable() })
        .transform((v) => (v.year && v.month ? toYearMonth(v.year, v.month) : ''))
        .pipe(ZIncrement.shape.effectiveFrom),
      remarks: optionalText(ZIncrement.shape.remarks),
    })
    .refine((v) => v.scope !== 'employee' || v.employee !== null, {
      path: ['employee'],
      message: 'Choose an employee or a unit',
      when: () => true,
    })
    .refine((v) => v.scope !== 'batch' || v.unitId !== null, { path: ['unitId'], message: 'Choose the unit', when: () => true })
    .transform(({ scope, employee, unitId, departmentId, designationId, ...v }) => ({
      ...(scope === 'employee'
        ? { employeeId: employee?.id }
        : { unitId: unitId ?? undefined, departmentId: departmentId ?? undefined, designationId: designationId ?? undefined }),
      ...v,
    })),
  ZIncrement,
);
const RESOLVER = contractResolver<TIncrementFields, TIncrementBody>(ZIncrementForm);

/** The dialog's form, reset to the preset employee each time it opens, and the increment it applies. */
function useIncrementForm(open: boolean, presetEmployee: TEmployeeOption | null, onApplied: (result: TIncrementResult) => void) {
  const queryClient = useQueryClient();
  const form = useForm<TIncrementFields, unknown, TIncrementBody>({
    resolver: RESOLVER,
    defaultValues: {
      scope: 'employee',
      employee: presetEmployee,
      unitId: null,
      departmentId: null,
      designationId: null,
      headIds: [],
      by: 'percent',
      value: '',
      effectiveFrom: { year: yearOptions()[0], month: currentMonth() },
      remarks: '',
    },
  });
  const [result, setResult] = useState<TIncrementResult | null>(null);
  // On failure the toast and the inline errors say why.
  const apply = useAction(
    (body: TIncrementBody) =>
      api.post<TIncrementResult>(apiPath('/api/payroll/increments'), body, {
        onError: serverErrors(form, { rename: { employeeId: 'employee' } }),
      }),
    {
      success: (r, body) => ({
        title: 'Increment applied',
        description: `${formatCount(r.employees)} employee${r.employees === 1 ? '' : 's'} from ${formatYearMonth(body.effectiveFrom)}`,
      }),
      onDone: async (r) => {
        setResult(r);
        await queryClient.invalidateQueries({ queryKey: ['payroll', 'structures'] });
        onApplied(r);
      },
    },
  );

  useEffect(() => {
    if (!open) return;
    form.setValue('employee', presetEmployee);
    form.setValue('scope', presetEmployee ? 'employee' : 'batch');
    setResult(null);
    form.clearErrors();
  }, [open, presetEmployee, form]);

  const submit = form.handleSubmit(async (body) => {
    await apply.run(body);
  });
  return { form, errors: form.formState.errors, result, setResult, submit, saving: apply.busy };
}

type TIncrementForm = ReturnType<typeof useIncrementForm>;

/** Who is raised: one employee, or a unit's employees (optionally of one department and designation). */
function IncrementScope({ f }: { f: TIncrementForm }) {
  const { form, errors } = f;
  const unitId = form.watch('unitId');
  const unitError = (errors.unitId ?? errors.employee ?? errors.root)?.message;
  return (
    <>
      <Segmented
        name="increment-scope"
        value={form.watch('scope')}
        onChange={(v) => {
          form.setValue('scope', v);
          form.clearErrors();
        }}
        options={[
          { value: 'employee', label: 'One employee' },
          { value: 'batch', label: 'A unit (batch)' },
        ]}
      />
      {form.watch('scope') === 'employee' ? (
        <FormField label="Employee" htmlFor="inc-employee" required error={(errors.employee ?? errors.root)?.message}>
          <Controller
            control={form.control}
            name="employee"
            render={({ field }) => (
              <EmployeePicker id="inc-employee" value={field.value} onChange={field.onChange} invalid={!!errors.employee} />
            )}
          />
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Unit" htmlFor="inc-unit" required error={unitError}>
            <UnitSelect
              id="inc-unit"
              value={unitId}
              onChange={(v) => {
                form.setValue('unitId', v, { shouldValidate: form.formState.isSubmitted });
                form.setValue('departmentId', null);
                form.setValue('designationId', null);
              }}
              className="w-full"
              invalid={!!unitError}
            />
          </FormField>
          <FormField label="Department" htmlFor="inc-dept" error={errors.departmentId?.message}>
            <ReferenceSelect
              id="inc-dept"
              resource="department"
              placeholder="All departments"
              value={form.watch('departmentId')}
              onChange={(v) => form.setValue('departmentId', v)}
              disabled={!unitId}
              scope={{ mappedToUnit: unitId }}
            />
          </FormField>
          <FormField label="Designation" htmlFor="inc-desig" error={errors.designationId?.message}>
            <ReferenceSelect
              id="inc-desig"
              resource="designation"
              placeholder="All designations"
              value={form.watch('designationId')}
              onChange={(v) => form.setValue('designationId', v)}
              disabled={!unitId}
              scope={{ mappedToUnit: unitId }}
            />
          </FormField>
        </div>
      )}
    </>
  );
}

/** By how much (a percentage or rupees a month) and from which month. */
function IncrementAmount({ f }: { f: TIncrementForm }) {
  const { form, errors } = f;
  const by = form.watch('by');
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr_auto]">
      <FormField label="By">
        <Segmented
          name="increment-by"
          value={by}
          onChange={(v) => form.setValue('by', v, { shouldValidate: form.formState.isSubmitted })}
          options={[
            { value: 'percent', label: 'Percent' },
            { value: 'amount', label: 'Amount' },
          ]}
        />
      </FormField>
      <FormField
        label={by === 'percent' ? 'Percentage' : 'Rupees per head a month'}
        htmlFor="inc-value"
        required
        error={errors.value?.message}
      >
        <div className="relative">
          <Input
            id="inc-value"
            inputMode="decimal"
            aria-invalid={!!errors.value}
            className={by === 'percent' ? 'pr-8' : 'pl-7'}
            {...form.register('value')}
            data-testid="increment-value"
          />
          <span className={cn('absolute top-2 text-sm text-muted-foreground', by === 'percent' ? 'right-3' : 'left-3')} aria-hidden>
            {by === 'percent' ? '%' : '₹'}
          </span>
        </div>
      </FormField>
      <FormField label="Effective from" htmlFor="inc-month" required error={errors.effectiveFrom?.message}>
        <Controller
          control={form.control}
          name="effectiveFrom"
          render={({ field }) => (
            <MonthYearInput
              id="inc-month"
              year={field.value.year}
              month={field.value.month}
              onChange={field.onChange}
              invalid={!!errors.effectiveFrom}
            />
          )}
        />
      </FormField>
    </div>
  );
}

/** The heads to raise, ticked from the structure's earning heads. */
function IncrementHeads({ f, heads }: { f: TIncrementForm; heads: THead[] }) {
  const { form } = f;
  const headIds = form.watch('headIds');
  const toggleHead = (id: number, on: boolean) =>
    form.setValue('headIds', on ? [...headIds, id] : headIds.filter((x) => x !== id), { shouldValidate: form.formState.isSubmitted });
  return (
    <FormField label="Heads to raise" required error={f.errors.headIds?.message}>
      {heads.length === 0 ? (
        <p className="text-sm text-muted-foreground">No structure head is defined.</p>
      ) : (
        <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
          {heads.map((h) => (
            <div key={h.id} className="flex items-center gap-2">
              <Checkbox id={`inc-head-${h.id}`} checked={headIds.includes(h.id)} onCheckedChange={(v) => toggleHead(h.id, v === true)} />
              <Label htmlFor={`inc-head-${h.id}`} className="font-normal">
                {h.name} <span className="font-mono text-xs text-muted-foreground">{h.code}</span>
              </Label>
            </div>
          ))}
        </div>
      )}
    </FormField>
  );
}

/** What the increment did: whose structure was raised and the arrears it brings. */
function IncrementDone({ result, onAnother, onDone }: { result: TIncrementResult; onAnother: () => void; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert variant="success" data-testid="increment-result">
        <TrendingUp />
        <AlertTitle>
          Raised the structure of {formatCount(result.employees)} employee{result.employees === 1 ? '' : 's'}
        </AlertTitle>
        <AlertDescription>
          {result.arrearsMonths.length > 0 ? arrearsSentence(result.arrearsMonths) : 'No processed month is affected: no arrears.'}
        </AlertDescription>
      </Alert>
      <DialogFooter>
        <Button variant="outline" onClick={onAnother}>
          Another increment
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** Raises chosen heads of one employee or a filtered batch, by an amount or a percentage, from a month (POST /api/payroll/increments). */
export function IncrementDialog({
  open,
  onOpenChange,
  heads,
  employee: presetEmployee,
  onApplied,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heads an increment may raise (the structure's earning heads). */
  heads: THead[];
  employee: TEmployeeOption | null;
  onApplied: (result: TIncrementResult) => void;
}) {
  const f = useIncrementForm(open, presetEmployee, onApplied);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="increment-dialog">
        <DialogHeader>
          <DialogTitle>Increment</DialogTitle>
          <DialogDescription>
            Adds a new structure version from the chosen month with the heads raised. A month already processed gets its difference as
            arrears in the next run.
          </DialogDescription>
        </DialogHeader>

        {f.result ? (
          <IncrementDone result={f.result} onAnother={() => f.setResult(null)} onDone={() => onOpenChange(false)} />
        ) : (
          <>
            <div className="grid gap-4">
              <IncrementScope f={f} />
              <IncrementHeads f={f} heads={heads} />
              <IncrementAmount f={f} />
              <FormField label="Remarks" htmlFor="inc-remarks" error={f.errors.remarks?.message}>
                <Textarea id="inc-remarks" rows={2} maxLength={300} {...f.form.register('remarks')} />
              </FormField>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button disabled={f.saving} onClick={() => void f.submit()} data-testid="apply-increment">
                <TrendingUp /> {f.saving ? 'Applying…' : 'Apply increment'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
