import { ZAssignShifts } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCog } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { Segmented } from '@/components/common/Segmented';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { DateInput as DateField } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCount, todayIso, WEEKDAY_SHORT } from '@/lib/format';
import { useAction } from '@/lib/useAction';

import { ChosenEmployees, ShiftChoice } from './AssignShiftsParts';
import { assignShifts, attendanceKeys, type TAssignShifts, type TShiftOption } from './api';
import { issuesToFieldErrors, patternLength, resizePattern } from './format';

type Kind = 'fixed' | 'weekly' | 'rotation';
type Who = 'employees' | 'unit';

const KIND_HELP: Record<Kind, string> = {
  fixed: 'The same shift every day; weekly offs stay as each employee has them.',
  weekly: 'A shift (or off) for each weekday, Sunday to Saturday, every week.',
  rotation: 'A cycle of days repeating from the start date (e.g. 3 mornings, 3 nights, 2 off).',
};

type TErrors = Record<string, string[]>;

/** The form's state, reset each time the dialog opens, and its checks before it is sent. */
function useAssignForm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shifts: TShiftOption[];
  initialEmployees: TEmployeeOption[];
  initialUnitId: number | null;
}) {
  const { open, onOpenChange, shifts, initialEmployees, initialUnitId } = props;
  const queryClient = useQueryClient();
  const [who, setWho] = useState<Who>('employees');
  const [employees, setEmployees] = useState<TEmployeeOption[]>([]);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [fromDate, setFromDate] = useState(todayIso());
  const [toDate, setToDate] = useState('');
  const [kind, setKind] = useState<Kind>('fixed');
  const [rotationDays, setRotationDays] = useState(7);
  const [pattern, setPattern] = useState<(number | null)[]>([null]);
  const [errors, setErrors] = useState<TErrors>({});
  const assign = useAction((body: TAssignShifts) => assignShifts(body, { onError: (e) => setErrors(e.fieldErrors) }), {
    success: (result) => ({
      title: 'Shifts assigned',
      description: `${formatCount(result.count)} employee${result.count === 1 ? '' : 's'}; ${formatCount(result.recomputedDays)} past day${result.recomputedDays === 1 ? '' : 's'} worked out again.`,
    }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      onOpenChange(false);
    },
  });

  useEffect(() => {
    if (!open) return;
    setWho(initialEmployees.length || !initialUnitId ? 'employees' : 'unit');
    setEmployees(initialEmployees);
    setUnitId(initialUnitId);
    setDepartmentId(null);
    setFromDate(todayIso());
    setToDate('');
    setKind('fixed');
    setRotationDays(7);
    setPattern([shifts[0]?.id ?? null]);
    setErrors({});
  }, [open]);

  const changeKind = (k: Kind) => {
    setKind(k);
    const first = pattern.find((p) => p !== null) ?? shifts[0]?.id ?? null;
    // A new weekly pattern: the first shift Monday to Saturday, Sunday off.
    if (k === 'weekly') setPattern([null, first, first, first, first, first, first]);
    else if (k === 'fixed') setPattern([first]);
    else setPattern(resizePattern(pattern.length > 1 ? pattern : [first], patternLength('rotation', rotationDays), null));
    setErrors((e) => ({ ...e, pattern: [] }));
  };

  const setDay = (i: number, v: number | null) => {
    setPattern((p) => p.map((x, j) => (j === i ? v : x)));
    setErrors((e) => ({ ...e, pattern: [] }));
  };

  const changeRotationDays = (days: number) => {
    const n = patternLength('rotation', days);
    setRotationDays(n);
    setPattern((p) => resizePattern(p, n, null));
  };

  const submit = async () => {
    const body = {
      ...(who === 'employees' ? { employeeIds: employees.map((e) => e.id) } : { unitId: unitId ?? undefined }),
      ...(who === 'unit' && departmentId ? { departmentId } : {}),
      fromDate,
      toDate: toDate || null,
      kind,
      pattern,
    };
    const errs: TErrors = {};
    const parsed = ZAssignShifts.safeParse(body);
    if (!parsed.success) Object.assign(errs, issuesToFieldErrors(parsed.error.issues));
    if (who === 'employees' && employees.length === 0) errs.employeeIds = ['Choose at least one employee'];
    if (who === 'unit' && !unitId) errs.unitId = ['Choose a unit'];
    if (toDate && toDate < fromDate) errs.toDate = ['Must not be before the start date'];
    if (pattern.every((p) => p === null)) errs.pattern = ['Give at least one day a shift'];
    // Per-day entries (pattern.3) are shown on the pattern as a whole.
    for (const key of Object.keys(errs)) if (key.startsWith('pattern.')) errs.pattern = [...(errs.pattern ?? []), ...errs[key]];
    if (Object.keys(errs).length || !parsed.success) {
      setErrors(errs);
      return;
    }
    // toast and inline errors shown on failure
    await assign.run(parsed.data);
  };

  return {
    who,
    setWho,
    employees,
    setEmployees,
    unitId,
    setUnitId,
    departmentId,
    setDepartmentId,
    fromDate,
    setFromDate,
    toDate,
    setToDate,
    kind,
    changeKind,
    rotationDays,
    changeRotationDays,
    pattern,
    setDay,
    errors,
    setErrors,
    submit,
    saving: assign.busy,
  };
}

type TAssignForm = ReturnType<typeof useAssignForm>;

/** Who the assignment is for: chosen employees, or a unit (optionally one department). */
function WhoField({ f }: { f: TAssignForm }) {
  const { who, employees, errors, setErrors } = f;
  return (
    <FormField label="For" required error={who === 'employees' ? errors.employeeIds : (errors.unitId ?? errors.departmentId)}>
      <Segmented<Who>
        name="assign-who"
        value={who}
        onChange={(v) => {
          f.setWho(v);
          setErrors({});
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
            onChange={(e) => {
              if (e && !employees.some((x) => x.id === e.id)) f.setEmployees([...employees, e]);
              setErrors((x) => ({ ...x, employeeIds: [] }));
            }}
            placeholder="Add an employee by name or code"
            invalid={!!errors.employeeIds?.length}
            data-testid="assign-employee"
          />
          <ChosenEmployees employees={employees} setEmployees={f.setEmployees} />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <UnitSelect
            value={f.unitId}
            onChange={(v) => {
              f.setUnitId(v);
              f.setDepartmentId(null);
              setErrors((x) => ({ ...x, unitId: [] }));
            }}
            invalid={!!errors.unitId?.length}
            data-testid="assign-unit"
          />
          <DepartmentSelect value={f.departmentId} onChange={f.setDepartmentId} unitId={f.unitId} placeholder="Every department" />
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
            invalid={!!errors.pattern?.length}
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
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void f.submit();
          }}
          data-testid="assign-form"
        >
          <WhoField f={f} />

          <div className="grid grid-cols-2 items-start gap-4">
            <FormField label="From" htmlFor="assign-from" required error={errors.fromDate}>
              <DateInput
                id="assign-from"
                label="From"
                value={fromDate}
                onChange={f.setFromDate}
                className="w-full"
                invalid={!!errors.fromDate?.length}
              />
            </FormField>
            <FormField label="To" htmlFor="assign-to" error={errors.toDate} hint="Empty: until changed">
              <DateField
                id="assign-to"
                value={toDate}
                min={fromDate}
                onChange={(e) => f.setToDate(e.target.value)}
                aria-invalid={!!errors.toDate?.length || undefined}
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
