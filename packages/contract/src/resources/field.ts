import type { z } from 'zod';

// What a master resource's field is (its kind, label, zod rule, reference and options); `f` (fields.ts) makes them.

export const FIELD_KINDS = [
  'text',
  'number',
  'date',
  'time',
  'boolean',
  'select',
  'multiselect',
  'textarea',
  'image',
  'file',
  'password',
] as const;
export type TFieldKind = (typeof FIELD_KINDS)[number];

export interface TOption {
  value: string;
  label: string;
}

/** One field of a resource: how it is validated (zod), labelled and entered. */
export interface TField<Z extends z.ZodType = z.ZodType> {
  kind: TFieldKind;
  label: string;
  zod: Z;
  /** For select/multiselect: the resource whose rows are the options. */
  reference?: string;
  /** A multiselect of units left empty means none (not every unit, as a holiday's units do). */
  emptyIsNone?: boolean;
  /** For static selects. */
  options?: readonly TOption[];
  required: boolean;
  help?: string;
  /** Number fields holding decimals (sent as strings such as '8.50'). */
  decimal?: boolean;
  /** Shown in the form only when creating (e.g. the first password). */
  createOnly?: boolean;
  /** A valid value for tests and demos; `n` makes unique text. Selects are filled by the caller. */
  sample?: (n: string) => unknown;
}

export type TFields = Record<string, TField>;
