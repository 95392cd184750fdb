import { useQueryClient } from '@tanstack/react-query';
import { CalendarCog } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { DateInput as DateField } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverErrors } from '@/lib/form';
import { formatCount, WEEKDAY_SHORT } from '@/lib/format';
import { useAction } from '@/lib/useAction';

import { ChosenEmployees, ShiftChoice } from './AssignShiftsParts';
import { assignShifts, attendanceKeys, type TAssignShifts, type TShiftOption } from './api';
import { blankForm, type Kind, messageOf, RESOLVER, type TAssignForm as TAssignFormValues, type Who } from './assign-form';
import { patternLength, resizePattern } from './format';

const KIND_HELP: Record<Kind, string> = {
  fixed: 'The same shift every day; weekly offs stay as each employee has them.',
  weekly: 'A shift (or off) for each weekday, Sunday to Saturday, every week.',
  rotation: 'A cycle of days repeating from the start date (e.g. 3 mornings, 3 nights, 2 off).',
};

/** The form, reset each time the dialog opens, the pattern kept in step with its kind, and sending. */
function useAssignForm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shifts: TShiftOption[];
  initialEmployees: TEmployeeOption[];
  initialUnitId: number | null;
}) {
  const { open, onOpenChange, shifts, initialEmployees, initialUnitId } = props;
  const queryClient = useQueryClient();
  const form = useForm<TAssignFormValues, unknown, TAssignShifts>({ resolver: RESOLVER, defaultValues: blankForm(shifts, [], null) });
  const found = form.formState.errors as Record<string, unknown>;
  const errors: Record<string, string | undefined> = Object.fromEntries(Object.keys(found).map((k) => [k, messageOf(found[k])]));
  // toast and inline errors shown on failure
  const assign = useAction(
    (body: TAssignShifts) => assignShifts(body, { onError: serverErrors(form, { rename: { employeeIds: 'employees' } }) }),
    {
      success: (result) => ({
        title: 'Shifts assigned',
        description: `${formatCount(result.count)} employee${result.count === 1 ? '' : 's'}; ${formatCount(result.recomputedDays)} past day${result.recomputedDays === 1 ? '' : 's'} worked out again.`,
      }),
      onDone: async () => {
        await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
        onOpenChange(false);
      },
    },
  );

  useEffect(() => {
    if (open) form.reset(blankForm(shifts, initialEmployees, initialUnitId));
  }, [open]);

  /** Sets a field and clears its error. */
  const set = <K extends keyof TAssignFormValues>(name: K, value: TAssignFormValues[K]) => {
    form.setValue(name, value as never);
    form.clearErrors(name);
  };

  const changeKind = (k: Kind) => {
    const { pattern, rotationDays } = form.getValues();
    const first = pattern.find((p) => p !== null) ?? shifts[0]?.id ?? null;
    form.setValue('kind', k);
    // A new weekly pattern: the first shift Monday to Saturday, Sunday off.
    if (k === 'weekly') set('pattern', [null, first, first, first, first, first, first]);
    else if (k === 'fixed') set('pattern', [first]);
    else set('pattern', resizePattern(pattern.length > 1 ? pattern : [first], patternLength('rotation', rotationDays), null));
  };

  const changeRotationDays = (days: number) => {
    const n = patternLength('rotation', days);
    form.setValue('rotationDays', n);
    form.setValue('pattern', resizePattern(form.getValues('pattern'), n, null));
  };

  return {
    ...form.watch(),
    set,
    changeKind,
    changeRotationDays,
    setDay: (i: number, day: number | null) =>
      set(
        'pattern',
        form.getValues('pattern').map((x, j) => (j === i ? day : x)),
      ),
    errors,
    root: errors.root,
    clearErrors: () => form.clearErrors(),
    submit: form.handleSubmit(async (body) => {
      await assign.run(body);
    }),
    saving: assign.busy,
  };
}

type TAssignForm = ReturnType<typeof useAssignForm>;

/** Who the assignment is for: chosen employees, or a unit (optionally one department). */
function WhoField({ f }: { f: TAssignForm }) {
  const { who, employees, errors } = f;
  return (
    <FormField
      label="For"
      required
      error={who === 'employees' ? (errors.employees ?? errors.employeeIds) : (errors.unitId ?? errors.departmentId)}
    >
      <Segmented<Who>
        name="assign-who"
        value={who}
        onChange={(v) => {
          f.set('who', v);
          f.clearErrors();
        }}
        options={[
          { value: 'employees', label: 'Chosen employees' },
          { value: 'unit', label: 'A unit or department' },
        ]}
      />
      {who === 'employees' ? (
        <div className="grid gap-2">
          <EmployeePicker
            value={null}
            onChange={(e) => f.set('employees', e && !employees.some((x) => x.id === e.id) ? [...employees, e] : employees)}
            placeholder="Add an employee by name or code"
            invalid={!!(errors.employees ?? errors.employeeIds)}
            data-testid="assign-employee"
          />
          <ChosenEmployees employees={employees} setEmployees={(e) => f.set('employees', e)} />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <UnitSelect
            value={f.unitId}
            onChange={(v) => {
              f.set('unitId', v);
              f.set('departmentId', null);
            }}
            invalid={!!errors.unitId}
            data-testid="assign-unit"
          />
          <DepartmentSelect
            value={f.departmentId}
            onChange={(d) => f.set('departmentId', d)}
            unitId={f.unitId}
            placeholder="Every department"
          />
        </div>
      )}
    </FormField>
  );
}

/** The pattern of the chosen kind: one shift, a shift (or off) per weekday, or a cycle of days. */
function PatternField({ f, shifts }: { f: TAssignForm; shifts: TShiftOption[] }) {
  const { kind, pattern, setDay, errors } = f;
  return (
    <FormField label="Pattern" required error={errors.pattern}>
      {kind === 'fixed' && (
        <div className="w-80">
          <ShiftChoice
            label="Shift"
            value={pattern[0] ?? null}
            onChange={(v) => setDay(0, v)}
            shifts={shifts}
            allowOff={false}
            compact={false}
            invalid={!!errors.pattern}
          />
        </div>
      )}
      {kind === 'weekly' && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-7" data-testid="pattern-weekly">
          {WEEKDAY_SHORT.map((d, i) => (
            <div key={d} className="grid gap-1">
              <span className="text-xs text-muted-foreground">{d}</span>
              <ShiftChoice label={d} value={pattern[i] ?? null} onChange={(v) => setDay(i, v)} shifts={shifts} />
            </div>
          ))}
        </div>
      )}
      {kind === 'rotation' && (
        <div className="grid gap-2" data-testid="pattern-rotation">
          <div className="flex items-center gap-2 text-sm">
            <span>Cycle of</span>
            <Input
              type="number"
              min={1}
              max={62}
              className="w-20"
              aria-label="Days in the cycle"
              value={f.rotationDays}
              onChange={(e) => f.changeRotationDays(Number(e.target.value))}
            />
            <span>days, day 1 on the start date</span>
          </div>
          <div className="grid max-h-64 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-4 md:grid-cols-7">
            {pattern.map((v, i) => (
              <div key={i} className="grid gap-1">
                <span className="text-xs text-muted-foreground">Day {i + 1}</span>
                <ShiftChoice label={`Day ${i + 1}`} value={v} onChange={(x) => setDay(i, x)} shifts={shifts} />
              </div>
            ))}
          </div>
        </div>
      )}
    </FormField>
  );
}

/**
 * Assigns a shift, a weekly pattern or a rotation, from a date (to a date or open-ended), to chosen employees or
 * to everyone of a unit (optionally one department). Past days in the range are worked out again.
 */
export function AssignShiftsDialog({
  open,
  onOpenChange,
  shifts,
  initialEmployees = [],
  initialUnitId = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shifts: TShiftOption[];
  initialEmployees?: TEmployeeOption[];
  initialUnitId?: number | null;
}) {
  const f = useAssignForm({ open, onOpenChange, shifts, initialEmployees, initialUnitId });
  const { errors, fromDate, toDate, kind } = f;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Assign shifts</DialogTitle>
          <DialogDescription>A newer assignment overrides older ones on the days it covers.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={f.submit} data-testid="assign-form">
          <WhoField f={f} />

          <div className="grid grid-cols-2 items-start gap-4">
            <FormField label="From" htmlFor="assign-from" required error={errors.fromDate}>
              <DateInput
                id="assign-from"
                label="From"
                value={fromDate}
                onChange={(d) => f.set('fromDate', d)}
                className="w-full"
                invalid={!!errors.fromDate}
              />
            </FormField>
            <FormField label="To" htmlFor="assign-to" error={errors.toDate} hint="Empty: until changed">
              <DateField
                id="assign-to"
                value={toDate}
                min={fromDate}
                onChange={(e) => f.set('toDate', e.target.value)}
                aria-invalid={!!errors.toDate || undefined}
              />
            </FormField>
          </div>

          <FormField label="Kind" required error={errors.kind}>
            <Segmented<Kind>
              name="assign-kind"
              value={kind}
              onChange={f.changeKind}
              options={[
                { value: 'fixed', label: 'Fixed' },
                { value: 'weekly', label: 'Weekly' },
                { value: 'rotation', label: 'Rotation' },
              ]}
            />
            <p className="text-xs text-muted-foreground">{KIND_HELP[kind]}</p>
          </FormField>

          <PatternField f={f} shifts={shifts} />
          {f.root && (
            <p className="text-sm text-destructive" role="alert">
              {f.root}
            </p>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={f.saving || shifts.length === 0} data-testid="assign-submit">
              <CalendarCog /> {f.saving ? 'Assigning…' : 'Assign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
