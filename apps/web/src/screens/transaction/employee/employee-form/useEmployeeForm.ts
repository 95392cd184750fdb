import { type TEmployee, ZEmployeeInput } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useEmployee } from '@/components/employee/api';
import type { Errors, Values } from '@/components/employee/fields';
import { type ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { EMPTY, payloadOf, TAB_OF, valuesOf } from './fields';

/** The employee form's values, errors, open tab and save (checked by the contract's schema first, then by the server). */
export function useEmployeeForm(id: number | null, editable: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const employee = useEmployee(id);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState('personal');
  const [dirty, setDirty] = useState(false);
  /** Shows the errors and opens the first tab that holds one. */
  const showErrors = (fe: Errors) => {
    setErrors(fe);
    const first = Object.keys(fe).find((k) => fe[k]?.length && TAB_OF[k]);
    if (first) setTab(TAB_OF[first]);
  };
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (payload: Values) =>
      id === null
        ? api.post<TEmployee>(apiPath('/api/employees'), payload, { onError: (err: ApiError) => showErrors(err.fieldErrors) })
        : api.post<TEmployee>(apiPath('/api/employees/:id', { id }), payload, { onError: (err: ApiError) => showErrors(err.fieldErrors) }),
    {
      success: (saved) => ({ title: 'Saved', description: `${saved.name} (${saved.employeeCode})` }),
      onDone: async (saved) => {
        // Saved: leaving (or the new record's own address) no longer asks about unsaved changes.
        flushSync(() => setDirty(false));
        await queryClient.invalidateQueries({ queryKey: ['employees'] });
        if (id === null) navigate(`${MENU.employee}/${encryptParam(String(saved.id))}`, { replace: true });
      },
    },
  );
  const e = employee.data;
  useEffect(() => {
    if (e) {
      setValues(valuesOf(e));
      setDirty(false);
    }
  }, [e]);

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
    setDirty(true);
  };
  const fp = { values, errors, onChange: set, disabled: !editable };

  const save = async () => {
    const payload = payloadOf(values);
    const parsed = ZEmployeeInput.safeParse(payload);
    if (!parsed.success) {
      const fe: Errors = {};
      for (const i of parsed.error.issues) fe[String(i.path[0])] = [...(fe[String(i.path[0])] ?? []), i.message];
      showErrors(fe);
      toast({ variant: 'destructive', title: 'ERR!!', description: 'Please correct the highlighted fields' });
      return;
    }
    await saveAction.run(payload);
  };

  return { employee, e, values, errors, tab, setTab, dirty, fp, save, saving: saveAction.busy };
}
