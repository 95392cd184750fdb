// The employee field components' props (`FP`, fields.tsx) made from a react-hook-form form: the employee form and
// My profile's forms give their fields the form's values and errors this way.
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { Errors, FP, Values } from './fields';

const messageOf = (e: unknown) => {
  const message = (e as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
};

/** The messages inside a nested error (an array's item, a group's field). */
function leaves(e: unknown): string[] {
  if (!e || typeof e !== 'object') return [];
  const message = messageOf(e);
  if (message && typeof (e as { type?: unknown }).type === 'string') return [message];
  return Object.values(e).flatMap(leaves);
}

/**
 * A form's errors as the field components show them (`{ pan: ['…'] }`). A nested error goes on a field: an array's
 * item (`weeklyOffs.0`) on the array's field, a group's field (`changes.ifsc`, a request's changes) on that field.
 */
export function errorsOf(found: FieldErrors): Errors {
  const out: Errors = {};
  const add = (k: string, message: string) => {
    out[k] = [...(out[k] ?? []), message];
  };
  for (const [k, e] of Object.entries(found)) {
    const message = messageOf(e);
    if (message) add(k, message);
    else if (e && typeof e === 'object')
      for (const [sub, inner] of Object.entries(e)) for (const m of leaves(inner)) add(/^\d+$/.test(sub) ? k : sub, m);
  }
  return out;
}

/** The field components' props from a form: its values, its errors, a change that clears the field's error. */
export function fieldPropsOf<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, disabled: boolean): FP {
  return {
    values: form.watch() as Values,
    errors: errorsOf(form.formState.errors as FieldErrors),
    onChange: (name, value) => {
      form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
      form.clearErrors(name as Path<T>);
    },
    disabled,
  };
}
