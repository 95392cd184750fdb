// What every react-hook-form form of the app shares: the contract's schema as the resolver, the server's 400 field
// errors shown on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type ResolverResult,
  set,
  type UseFormReturn,
} from 'react-hook-form';
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

export type TBodyResolverOptions<TForm extends FieldValues, TContext> = {
  /** A body field's error → the form's field (`{ attachmentKey: 'attachment' }`), or such a map made from the values (a
   *  line by its place among those sent → its section). A key not named keeps its path. */
  rename?: Record<string, string> | ((values: TForm) => Record<string, string>);
  /** The form's own checks (field → messages), e.g. "Choose the first day": their words win on their fields, the
   *  contract's stay on the others, all shown at once. */
  checks?: (values: TForm, context: TContext | undefined) => Record<string, string[]>;
};

/** The leaves of a resolver's nested errors with their paths: `lines.0.amount` → its error. */
function errorLeaves(errors: unknown, path = ''): [string, object][] {
  if (!errors || typeof errors !== 'object') return [];
  if (typeof (errors as { type?: unknown }).type === 'string') return [[path, errors]];
  return Object.entries(errors).flatMap(([key, e]) => errorLeaves(e, path ? `${path}.${key}` : key));
}

/**
 * The resolver of a form whose fields are not the body it sends (typed text, a picked option, lines by section): the
 * contract's schema (the one the route validates with) checks `toBody(values)`, and its errors go back on the form's
 * fields through `rename`; `checks` adds the form's own words. The submit handler gets the contract's body.
 * `context` is the form's (`useForm({ context })`), e.g. the year of a declaration, whether a leave needs an attachment.
 */
export function bodyResolver<TForm extends FieldValues, TBody extends FieldValues, TContext = unknown>(
  schema: z.ZodType<TBody, unknown>,
  toBody: (values: TForm, context: TContext | undefined) => unknown,
  { rename, checks }: TBodyResolverOptions<TForm, TContext> = {},
): Resolver<TForm, TContext, TBody> {
  const contract = contractResolver<FieldValues, TBody>(schema);
  return async (values, context, options) => {
    const result = await contract(toBody(values, context) as FieldValues, context, options as never);
    const local = Object.entries(checks?.(values, context) ?? {});
    if (!local.length && !Object.keys(result.errors).length) return result as ResolverResult<TForm, TBody>;
    const names = typeof rename === 'function' ? rename(values) : (rename ?? {});
    const errors: FieldValues = {};
    for (const [path, error] of errorLeaves(result.errors)) set(errors, names[path] ?? path, error);
    for (const [name, messages] of local) set(errors, name, { type: 'form', message: messages.join(' ') });
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
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
