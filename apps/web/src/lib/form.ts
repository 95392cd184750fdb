// What every react-hook-form form of the app shares: the contract's schema as the resolver, the server's 400 field
// errors shown on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiError } from './api';

/**
 * The resolver of a form checked by a contract schema (or one derived from it with .pick/.extend) whose fields hold
 * what the inputs hold before a choice (`null` for an unpicked unit, '' for an empty number): the schema refuses those
 * with its plain message ("Unit is required"); the submit handler gets the schema's output.
 */
export function contractResolver<TForm extends FieldValues, TOut extends FieldValues = TForm>(
  schema: z.ZodType<TOut, unknown>,
): Resolver<TForm, unknown, TOut> {
  return zodResolver(schema as never) as unknown as Resolver<TForm, unknown, TOut>;
}

export type TServerErrorOptions = {
  /** A server field's name → the form's (e.g. `{ employeeId: 'employee' }` where the form keeps a picked option). */
  rename?: Record<string, string>;
  /** The form's fields; a server field outside them (or a key such as 'rows.0.x' whose first part is not one) goes to
   *  `root`, the form's own line. Default: the form's current values' keys. */
  fields?: readonly string[];
  /** A key inside a field ('lines.2.amount') goes on it (default); `false`: to `root` (a form showing only whole fields). */
  nested?: boolean;
  /** An error without field errors (a 409, a 403) also goes to `root` with its message (default: only the toast). */
  whole?: boolean;
};

/** Places a server error's `fieldErrors` on a form: `{ field: message }`, the rest under `root`. */
export function placeServerErrors(
  fieldErrors: Record<string, string[]>,
  fields: readonly string[],
  { rename = {}, nested = true }: Pick<TServerErrorOptions, 'rename' | 'nested'> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const renamed = rename[key] ?? key;
    const known = fields.includes(renamed) || (nested && fields.includes(renamed.split('.')[0] ?? ''));
    const name = known ? renamed : 'root';
    out[name] = out[name] ? `${out[name]} ${messages.join(' ')}` : messages.join(' ');
  }
  return out;
}

/**
 * The `onError` of an `api`/`request` call behind a form: a 400's field errors are set on the form's fields
 * (`form.formState.errors.<field>.message`, shown by `<FormField error>`), the others on `root`.
 */
export function serverErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  options: TServerErrorOptions = {},
) {
  return (e: ApiError) => {
    const fields = options.fields ?? Object.keys(form.getValues() ?? {});
    const placed = placeServerErrors(e.fieldErrors, fields, options);
    if (options.whole && !Object.keys(placed).length && e.message) placed.root = e.message;
    for (const [name, message] of Object.entries(placed)) form.setError(name as Path<T>, { type: 'server', message });
  };
}
