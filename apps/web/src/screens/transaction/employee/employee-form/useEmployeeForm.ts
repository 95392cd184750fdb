import type { TEmployee, TEmployeeInputParsed } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useEmployee } from '@/components/employee/api';
import type { Values } from '@/components/employee/fields';
import { errorsOf, fieldPropsOf } from '@/components/employee/fields-form';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { serverErrors } from '@/lib/form';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { EMPLOYEE_RESOLVER, EMPTY, firstErrorTab, INPUT_KEYS, valuesOf } from './fields';

/**
 * The employee form (react-hook-form): its values, errors, open tab and save, checked by the contract's schema first
 * (EMPLOYEE_RESOLVER), then by the server (its field errors on the fields). The first tab holding an error opens.
 */
export function useEmployeeForm(id: number | null, editable: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const employee = useEmployee(id);
  const form = useForm<Values, unknown, TEmployeeInputParsed>({ resolver: EMPLOYEE_RESOLVER, defaultValues: EMPTY });
  const [tab, setTab] = useState('personal');
  const openFirstTab = (fields: readonly string[]) => {
    const first = firstErrorTab(fields);
    if (first) setTab(first);
  };
  const onServerError = (err: ApiError) => {
    serverErrors(form, { fields: INPUT_KEYS })(err);
    openFirstTab(Object.keys(err.fieldErrors));
  };
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (body: TEmployeeInputParsed) =>
      id === null
        ? api.post<TEmployee>(apiPath('/api/employees'), body, { onError: onServerError })
        : api.post<TEmployee>(apiPath('/api/employees/:id', { id }), body, { onError: onServerError }),
    {
      success: (saved) => ({ title: 'Saved', description: `${saved.name} (${saved.employeeCode})` }),
      onDone: async (saved) => {
        // Saved: leaving (or the new record's own address) no longer asks about unsaved changes.
        flushSync(() => form.reset(form.getValues()));
        await queryClient.invalidateQueries({ queryKey: ['employees'] });
        if (id === null) navigate(`${MENU.employee}/${encryptParam(String(saved.id))}`, { replace: true });
      },
    },
  );
  const e = employee.data;
  useEffect(() => {
    if (e) form.reset(valuesOf(e));
  }, [e]);

  const fp = fieldPropsOf(form, !editable);
  const save = form.handleSubmit(
    async (body) => {
      await saveAction.run(body);
    },
    (errors) => {
      openFirstTab(Object.keys(errorsOf(errors)));
      toast({ variant: 'destructive', title: 'ERR!!', description: 'Please correct the highlighted fields' });
    },
  );

  return { employee, e, errors: fp.errors, tab, setTab, dirty: form.formState.isDirty, fp, save, saving: saveAction.busy };
}
