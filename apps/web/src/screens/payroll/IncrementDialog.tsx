import { type TIncrement, ZIncrement } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount } from '@/lib/format';
import { currentMonth, formatYearMonth, toYearMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { issuesToFieldErrors, type THead } from './api';
import { MonthYearInput } from './components';

/** ZIncrementResult of the contract: how many employees changed and the processed months the change reaches back into. */
export type TIncrementResult = { employees: number; arrearsMonths: string[] };

/** The sentence the screens show after a change that reaches back into processed months. */
export function arrearsSentence(months: string[]): string {
  const n = months.length;
  return `Arrears for ${n} month${n === 1 ? '' : 's'} (${months.map(formatYearMonth).join(', ')}) will be paid in the next run.`;
}

type Scope = 'employee' | 'batch';

type TErrors = Record<string, string[]>;

/** The dialog's form, reset to the preset employee each time it opens, and the increment it applies. */
function useIncrementForm(open: boolean, presetEmployee: TEmployeeOption | null, onApplied: (result: TIncrementResult) => void) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<Scope>('employee');
  const [employee, setEmployee] = useState<TEmployeeOption | null>(presetEmployee);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [designationId, setDesignationId] = useState<number | null>(null);
  const [headIds, setHeadIds] = useState<number[]>([]);
  const [by, setBy] = useState<'amount' | 'percent'>('percent');
  const [value, setValue] = useState('');
  const [ym, setYm] = useState<{ year: number | null; month: number | null }>(() => ({ year: yearOptions()[0], month: currentMonth() }));
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  // On failure the toast and the inline errors say why.
  const apply = useAction(
    (body: TIncrement) =>
      api.post<TIncrementResult>(apiPath('/api/payroll/increments'), body, { onError: (e: ApiError) => setErrors(e.fieldErrors) }),
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
  const [result, setResult] = useState<TIncrementResult | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmployee(presetEmployee);
    setScope(presetEmployee ? 'employee' : 'batch');
    setResult(null);
    setErrors({});
  }, [open, presetEmployee]);

  const toggleHead = (id: number, on: boolean) => setHeadIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const submit = async () => {
    const payload = {
      ...(scope === 'employee'
        ? { employeeId: employee?.id }
        : { unitId: unitId ?? undefined, departmentId: departmentId ?? undefined, designationId: designationId ?? undefined }),
      effectiveFrom: ym.year && ym.month ? toYearMonth(ym.year, ym.month) : '',
      headIds,
      by,
      value: value.trim() === '' ? Number.NaN : Number(value),
      remarks: remarks.trim() || null,
    };
    const parsed = ZIncrement.safeParse(payload);
    const local = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (scope === 'batch' && !unitId) local.unitId = ['Choose the unit'];
    if (Number.isNaN(payload.value)) local.value = ['Enter the value'];
    if (!parsed.success || Object.keys(local).length) {
      setErrors(local);
      return;
    }
    await apply.run(parsed.data);
  };

  return {
    scope,
    setScope,
    employee,
    setEmployee,
    unitId,
    setUnitId,
    departmentId,
    setDepartmentId,
    designationId,
    setDesignationId,
    headIds,
    toggleHead,
    by,
    setBy,
    value,
    setValue,
    ym,
    setYm,
    remarks,
    setRemarks,
    errors,
    setErrors,
    result,
    setResult,
    submit,
    saving: apply.busy,
  };
}

type TIncrementForm = ReturnType<typeof useIncrementForm>;

/** Who is raised: one employee, or a unit's employees (optionally of one department and designation). */
function IncrementScope({ f }: { f: TIncrementForm }) {
  const { errors, unitId } = f;
  return (
    <>
      <Segmented
        name="increment-scope"
        value={f.scope}
        onChange={(v) => {
          f.setScope(v);
          f.setErrors({});
        }}
        options={[
          { value: 'employee', label: 'One employee' },
          { value: 'batch', label: 'A unit (batch)' },
        ]}
      />
      {f.scope === 'employee' ? (
        <FormField label="Employee" htmlFor="inc-employee" required error={errors.employeeId}>
          <EmployeePicker id="inc-employee" value={f.employee} onChange={f.setEmployee} invalid={!!errors.employeeId} />
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Unit" htmlFor="inc-unit" required error={errors.unitId ?? errors.employeeId}>
            <UnitSelect
              id="inc-unit"
              value={unitId}
              onChange={(v) => {
                f.setUnitId(v);
                f.setDepartmentId(null);
                f.setDesignationId(null);
              }}
              className="w-full"
              invalid={!!(errors.unitId || errors.employeeId)}
            />
          </FormField>
          <FormField label="Department" htmlFor="inc-dept" error={errors.departmentId}>
            <ReferenceSelect
              id="inc-dept"
              resource="department"
              placeholder="All departments"
              value={f.departmentId}
              onChange={f.setDepartmentId}
              disabled={!unitId}
              scope={{ mappedToUnit: unitId }}
            />
          </FormField>
          <FormField label="Designation" htmlFor="inc-desig" error={errors.designationId}>
            <ReferenceSelect
              id="inc-desig"
              resource="designation"
              placeholder="All designations"
              value={f.designationId}
              onChange={f.setDesignationId}
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
  const { errors, by } = f;
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr_auto]">
      <FormField label="By">
        <Segmented
          name="increment-by"
          value={by}
          onChange={f.setBy}
          options={[
            { value: 'percent', label: 'Percent' },
            { value: 'amount', label: 'Amount' },
          ]}
        />
      </FormField>
      <FormField label={by === 'percent' ? 'Percentage' : 'Rupees per head a month'} htmlFor="inc-value" required error={errors.value}>
        <div className="relative">
          <Input
            id="inc-value"
            inputMode="decimal"
            value={f.value}
            onChange={(e) => f.setValue(e.target.value)}
            aria-invalid={!!errors.value}
            className={by === 'percent' ? 'pr-8' : 'pl-7'}
            data-testid="increment-value"
          />
          <span className={cn('absolute top-2 text-sm text-muted-foreground', by === 'percent' ? 'right-3' : 'left-3')} aria-hidden>
            {by === 'percent' ? '%' : '₹'}
          </span>
        </div>
      </FormField>
      <FormField label="Effective from" htmlFor="inc-month" required error={errors.effectiveFrom}>
        <MonthYearInput id="inc-month" year={f.ym.year} month={f.ym.month} onChange={f.setYm} invalid={!!errors.effectiveFrom} />
      </FormField>
    </div>
  );
}

/** The heads to raise, ticked from the structure's earning heads. */
function IncrementHeads({ f, heads }: { f: TIncrementForm; heads: THead[] }) {
  return (
    <FormField label="Heads to raise" required error={f.errors.headIds}>
      {heads.length === 0 ? (
        <p className="text-sm text-muted-foreground">No structure head is defined.</p>
      ) : (
        <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
          {heads.map((h) => (
            <div key={h.id} className="flex items-center gap-2">
              <Checkbox
                id={`inc-head-${h.id}`}
                checked={f.headIds.includes(h.id)}
                onCheckedChange={(v) => f.toggleHead(h.id, v === true)}
              />
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
              <FormField label="Remarks" htmlFor="inc-remarks" error={f.errors.remarks}>
                <Textarea id="inc-remarks" rows={2} maxLength={300} value={f.remarks} onChange={(e) => f.setRemarks(e.target.value)} />
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
