// Pieces of the forms' schemas: a field as the input holds it (typed text, a picked option, null before
// a choice) checked by the contract's own field schema, with the dialog's words for a field left empty; and the props
// of MonthYearInput for a form keeping the year and the month in two fields.
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/**
 * `left` then the contract's schema `then` (a field's, or the body's after the form's fields are made its shape): what
 * the form holds, checked as the contract checks it; the output is the contract's.
 */
export function into<I, T extends z.ZodType>(left: z.ZodType<unknown, I>, then: T): z.ZodType<z.output<T>, I> {
  return left.pipe(then as never) as unknown as z.ZodType<z.output<T>, I>;
}

/**
 * A figure typed in a box as the contract's number `field`: '1,00,000' → 100000, 'two' → NaN (the field's "must be a
 * number"); blank → `missing`, or undefined when no message is given (the contract's default or an optional field).
 */
export function typedNumber<T extends z.ZodType>(field: T, missing?: string) {
  const text = z.string().transform((s) => s.trim().replace(/,/g, ''));
  return into<string, T>(
    missing === undefined
      ? text.transform((s) => (s === '' ? undefined : Number(s)))
      : text.refine((s) => s !== '', missing).transform(Number),
    field,
  );
}

/** A picked option's id (an employee: `{ id, name, … }`); an id or null as it is. */
const idOf = (v: unknown) => (v !== null && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v);

/**
 * A picked record (an employee: its option, or an id; null until chosen) as the contract's id `field`; `missing` while
 * none is picked, else the field's own message ("Employee is required"). No union: the resolver would show a union's
 * first branch's message instead of the union's.
 */
export function pickedId<T extends z.ZodType>(field: T, missing?: string) {
  return into(z.preprocess(idOf, missing === undefined ? z.unknown() : z.number({ error: missing })), field);
}

/** Free text as the contract's optional text `field`: trimmed, blank → null. */
export function optionalText<T extends z.ZodType>(field: T) {
  return into(
    z.string().transform((s) => s.trim() || null),
    field,
  );
}

/** MonthYearInput's `year`, `month` and `onChange` for a form keeping them in two fields (checked again once submitted). */
export function monthYearOf<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'watch' | 'setValue' | 'formState'>,
  year: Path<T>,
  month: Path<T>,
) {
  return {
    year: form.watch(year) as number | null,
    month: form.watch(month) as number | null,
    onChange: (v: { year: number | null; month: number | null }) => {
      const options = { shouldValidate: form.formState.isSubmitted };
      form.setValue(year, v.year as PathValue<T, Path<T>>, options);
      form.setValue(month, v.month as PathValue<T, Path<T>>, options);
    },
  };
}
