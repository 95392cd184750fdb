import { SEPARATION_TYPES, type TSaveSeparation, type TSeparation, type TSeparationType } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { FILTER_CLASS } from '@/components/common/Filters';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';
import { exitKeys } from './api';
import { typeLabel } from './components';

type Form = { employee: TEmployeeOption | null; type: TSeparationType; noticeGivenOn: string; lastDayRequested: string; reason: string };

/** Records a separation: HR for an employee of their units (any type), or the employee's own resignation (`own`). */
export function RecordSeparationDialog({
  open,
  onOpenChange,
  own,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  own?: boolean;
  onSaved?: (s: TSeparation) => void;
}) {
  const queryClient = useQueryClient();
  const today = new Date().toISOString().slice(0, 10);
  const form = useForm<Form>({
    defaultValues: { employee: null, type: 'resignation', noticeGivenOn: today, lastDayRequested: '', reason: '' },
  });
  const errors = form.formState.errors;
  const save = useAction(
    (body: TSaveSeparation) =>
      api.post<TSeparation>(apiPath('/api/exits/separations'), body, {
        onError: serverErrors(form, { rename: { employeeId: 'employee' } }),
      }),
    {
      success: (s) => ({ title: 'Separation recorded', description: `${s.employeeName}: sent for approval (reporting manager, then HR)` }),
      onDone: async (s) => {
        await queryClient.invalidateQueries({ queryKey: exitKeys.separations });
        form.reset();
        onOpenChange(false);
        onSaved?.(s);
      },
    },
  );
  const submit = form.handleSubmit(async (v) => {
    if (!own && !v.employee) return form.setError('employee', { message: 'Choose the employee' });
    await save.run({
      employeeId: own ? undefined : v.employee?.id,
      type: own ? 'resignation' : v.type,
      noticeGivenOn: v.noticeGivenOn,
      lastDayRequested: v.lastDayRequested,
      reason: v.reason,
    });
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="separation-dialog">
        <DialogHeader>
          <DialogTitle>{own ? 'Resign' : 'Record a separation'}</DialogTitle>
          <DialogDescription>
            The reporting manager approves it first, then HR. The last working day can be agreed at approval.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} id="separation-form">
          {!own && (
            <FormField label="Employee" htmlFor="sep-employee" required error={errors.employee?.message}>
              <Controller
                control={form.control}
                name="employee"
                render={({ field }) => (
                  <EmployeePicker
                    id="sep-employee"
                    value={field.value}
                    onChange={field.onChange}
                    invalid={!!errors.employee}
                    data-testid="separation-employee"
                  />
                )}
              />
            </FormField>
          )}
          {!own && (
            <FormField label="Type" htmlFor="sep-type" required error={errors.type?.message}>
              <select id="sep-type" className={FILTER_CLASS} {...form.register('type')}>
                {SEPARATION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {typeLabel(t)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Notice given on" htmlFor="sep-notice" required error={errors.noticeGivenOn?.message}>
              <DateInput id="sep-notice" {...form.register('noticeGivenOn', { required: 'Give the date' })} />
            </FormField>
            <FormField label="Last working day asked" htmlFor="sep-last" required error={errors.lastDayRequested?.message}>
              <DateInput
                id="sep-last"
                data-testid="separation-last-day"
                {...form.register('lastDayRequested', { required: 'Give the last working day' })}
              />
            </FormField>
          </div>
          <FormField label="Reason" htmlFor="sep-reason" required error={errors.reason?.message}>
            <Textarea
              id="sep-reason"
              rows={3}
              data-testid="separation-reason"
              {...form.register('reason', { required: 'Say why', minLength: { value: 3, message: 'Say why (at least 3 characters)' } })}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="separation-form" disabled={save.busy} data-testid="separation-save">
            {own ? 'Submit resignation' : 'Record'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
