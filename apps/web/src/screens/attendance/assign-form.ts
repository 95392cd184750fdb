// The assign-shifts dialog's form (AssignShiftsDialog): its fields, the request they make and the resolver, the
// contract's schema (ZAssignShifts, as POST /api/attendance/assignments checks it) with what it leaves to the form.
import { ZAssignShifts } from '@hr/contract';
import { z } from 'zod';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import { contractResolver } from '@/lib/form';
import { todayIso } from '@/lib/format';
import type { TAssignShifts, TShiftOption } from './api';

export type Kind = 'fixed' | 'weekly' | 'rotation';
export type Who = 'employees' | 'unit';

export type TAssignForm = {
  who: Who;
  employees: TEmployeeOption[];
  unitId: number | null;
  departmentId: number | null;
  fromDate: string;
  toDate: string;
  kind: Kind;
  rotationDays: number;
  pattern: (number | null)[];
};

/** The request the form sends: the chosen employees, or the unit (and department); an empty end is open-ended. */
export const toBody = (v: TAssignForm) => ({
  ...(v.who === 'employees' ? { employeeIds: v.employees.map((e) => e.id) } : { unitId: v.unitId ?? undefined }),
  ...(v.who === 'unit' && v.departmentId ? { departmentId: v.departmentId } : {}),
  fromDate: v.fromDate,
  toDate: v.toDate || null,
  kind: v.kind,
  pattern: v.pattern,
});

/** The contract's request, and what it leaves to the form: someone to assign, an end after the start, a shift in the pattern. */
export const RESOLVER = contractResolver<TAssignForm, TAssignShifts>(
  z.preprocess(
    (v) => toBody(v as TAssignForm),
    ZAssignShifts.superRefine((b, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (b.employeeIds?.length === 0) issue('employees', 'Choose at least one employee');
      if (!b.employeeIds && !b.unitId) issue('unitId', 'Choose a unit');
      if (b.toDate && b.toDate < b.fromDate) issue('toDate', 'Must not be before the start date');
      if (b.pattern.every((p) => p === null)) issue('pattern', 'Give at least one day a shift');
    }),
  ),
);

/** A field's message; for the pattern also its days' (pattern.3), shown on the pattern as a whole. */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  const days = Array.isArray(error) ? error.map(messageOf) : [];
  return [typeof own === 'string' ? own : undefined, ...days].filter(Boolean).join(' ') || undefined;
}

/** The form as the dialog opens: the given employees (else the unit), from today, open-ended, the first shift every day. */
export function blankForm(shifts: TShiftOption[], initialEmployees: TEmployeeOption[], initialUnitId: number | null): TAssignForm {
  return {
    who: initialEmployees.length || !initialUnitId ? 'employees' : 'unit',
    employees: initialEmployees,
    unitId: initialUnitId,
    departmentId: null,
    fromDate: todayIso(),
    toDate: '',
    kind: 'fixed',
    rotationDays: 7,
    pattern: [shifts[0]?.id ?? null],
  };
}
