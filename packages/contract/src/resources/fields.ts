import { z } from 'zod';
import { ZIsoDate } from '../dates';
import { ZNewPassword } from '../password';
import { zLine, zLines } from '../text';
import type { TField, TOption } from './field';
import { identifierFields } from './identifier-fields';

// `f`: the makers of a resource's fields (text, numbers, dates, selects, images, passwords …), each with its
// validation, label and a sample value for tests and demos.

type Opt = { required?: boolean; help?: string };

const req = 'Required';
/** One line of text (text.ts: no line breaks or control characters). */
const trimmed = (max: number) => zLine().max(max, `At most ${max} characters`);
/** Optional text: '' and absent become null. */
const nullableText = (max: number) =>
  z
    .union([trimmed(max), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const f = {
  text(label: string, o: Opt & { max?: number; sample?: (n: string) => string } = {}) {
    const max = o.max ?? 150;
    const required = o.required ?? true;
    return {
      kind: 'text',
      label,
      required,
      help: o.help,
      zod: required ? trimmed(max).min(1, req) : nullableText(max),
      sample: o.sample ?? ((n: string) => `${label} ${n}`.slice(0, max)),
    } satisfies TField;
  },
  ...identifierFields,
  /** Text that is stored as '' when left empty (NOT NULL columns with default ''). */
  textarea(label: string, o: Opt & { max?: number } = {}) {
    const max = o.max ?? 2000;
    return {
      kind: 'textarea',
      label,
      required: o.required ?? false,
      help: o.help,
      // Several lines: line breaks and tabs are kept, other control characters refused (text.ts).
      zod: o.required
        ? zLines().max(max, `At most ${max} characters`).min(1, req)
        : zLines().max(max, `At most ${max} characters`).default(''),
      sample: () => 'Sample note',
    } satisfies TField;
  },
  integer(label: string, o: Opt & { min?: number; max?: number; default?: number } = {}) {
    const min = o.min ?? 0;
    const max = o.max ?? 1_000_000;
    const zod = z.number({ error: 'Enter a number' }).int('Whole numbers only').min(min, `At least ${min}`).max(max, `At most ${max}`);
    const required = o.required ?? true;
    return {
      kind: 'number',
      label,
      required,
      help: o.help,
      zod: !required
        ? z
            .union([zod, z.null(), z.literal('')])
            .optional()
            .transform((v) => (v === '' || v === undefined ? null : v))
        : o.default !== undefined
          ? zod.default(o.default)
          : zod,
      sample: () => Math.max(min, Math.min(max, 1)),
    } satisfies TField;
  },
  /** A decimal kept as a string such as '8.50' (numeric columns; never floats). */
  decimal(label: string, o: Opt & { scale?: number; default?: string } = {}) {
    const scale = o.scale ?? 2;
    const re = new RegExp(`^\\d{1,6}(\\.\\d{1,${scale}})?$`);
    const zod = z
      .union([z.string().trim(), z.number()])
      .transform((v) => String(v))
      .pipe(z.string().regex(re, `A number with at most ${scale} decimals`));
    const required = o.required ?? true;
    return {
      kind: 'number',
      decimal: true,
      label,
      required,
      help: o.help,
      zod: !required
        ? z
            .union([z.literal(''), z.null(), zod])
            .optional()
            .transform((v) => (v === '' || v === undefined ? null : v))
        : o.default !== undefined
          ? zod.default(o.default)
          : zod,
      sample: () => '1',
    } satisfies TField;
  },
  date(label: string, o: Opt = {}) {
    const d = ZIsoDate('A date (YYYY-MM-DD)');
    const required = o.required ?? true;
    return {
      kind: 'date',
      label,
      required,
      help: o.help,
      zod: required
        ? d
        : z
            .union([d, z.literal(''), z.null()])
            .optional()
            .transform((v) => (v ? v : null)),
      sample: () => '2026-08-15',
    } satisfies TField;
  },
  time(label: string, o: Opt = {}) {
    return {
      kind: 'time',
      label,
      required: true,
      help: o.help,
      zod: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'A time (HH:MM)')
        .transform((v) => (v.length === 5 ? `${v}:00` : v)),
      sample: () => '09:30',
    } satisfies TField;
  },
  boolean(label: string, o: { help?: string; default?: boolean } = {}) {
    return {
      kind: 'boolean',
      label,
      required: false,
      help: o.help,
      zod: z.boolean().default(o.default ?? false),
      sample: () => o.default ?? false,
    } satisfies TField;
  },
  /** A reference to another resource's row (stored as its id). */
  select(label: string, reference: string, o: Opt = {}) {
    const id = z.number({ error: 'Select a value' }).int().positive('Select a value');
    const required = o.required ?? true;
    return {
      kind: 'select',
      label,
      reference,
      required,
      help: o.help,
      zod: required
        ? id
        : z
            .union([id, z.null()])
            .optional()
            .transform((v) => v ?? null),
    } satisfies TField;
  },
  /** A choice from a fixed list. */
  choice<const V extends readonly [string, ...string[]]>(
    label: string,
    options: { [K in keyof V]: { value: V[K]; label: string } },
    o: Opt & { default?: V[number] } = {},
  ) {
    const values = options.map((x) => x.value) as unknown as V;
    const zod = z.enum(values, { error: 'Select a value' });
    if (o.required === false) {
      // Optional: no choice (the form's empty option, null or absent) is null.
      return {
        kind: 'select',
        label,
        options: options as readonly TOption[],
        required: false,
        help: o.help,
        zod: z
          .union([zod, z.literal(''), z.null()])
          .optional()
          .transform((v) => (v ? v : null)),
        sample: () => null,
      } satisfies TField;
    }
    return {
      kind: 'select',
      label,
      options: options as readonly TOption[],
      required: true,
      help: o.help,
      zod: o.default !== undefined ? zod.default(o.default as never) : zod,
      sample: () => values[0],
    } satisfies TField;
  },
  /** Several references, kept in a link table by the server. */
  multiselect(label: string, reference: string, o: Opt & { emptyIsNone?: boolean } = {}) {
    return {
      kind: 'multiselect',
      label,
      reference,
      ...(o.emptyIsNone ? { emptyIsNone: true } : {}),
      required: o.required ?? false,
      help: o.help,
      zod: z.array(z.number().int().positive()).default([]),
    } satisfies TField;
  },
  /** An image kept as a data URL (small logos). */
  image(label: string, o: Opt = {}) {
    return {
      kind: 'image',
      label,
      required: false,
      help: o.help ?? 'PNG or JPEG, at most 200 KB',
      zod: z
        .union([
          z
            .string()
            .max(280_000, 'The image is too large (200 KB at most)')
            // The declared type and the first bytes must agree: PNG (iVBORw0KGgo) or JPEG (/9j/), never SVG or HTML.
            .regex(/^data:image\/(png;base64,iVBORw0KGgo|jpeg;base64,\/9j\/)[A-Za-z0-9+/]*={0,2}$/, 'An image (PNG or JPEG)'),
          z.literal(''),
          z.null(),
        ])
        .optional()
        .transform((v) => (v ? v : null)),
      sample: () => null,
    } satisfies TField;
  },
  password(label: string, o: Opt & { createOnly?: boolean } = {}) {
    return {
      kind: 'password',
      label,
      required: o.required ?? false,
      createOnly: o.createOnly,
      help: o.help,
      zod: o.required
        ? ZNewPassword
        : z
            .union([z.literal(''), z.null(), ZNewPassword])
            .optional()
            .transform((v) => (v ? v : null)),
      sample: () => 'Sample@1234',
    } satisfies TField;
  },
  email(label: string, o: Opt = {}) {
    const e = z.email('An e-mail address').max(200);
    const required = o.required ?? false;
    return {
      kind: 'text',
      label,
      required,
      help: o.help,
      zod: required
        ? e
        : z
            .union([e, z.literal(''), z.null()])
            .optional()
            .transform((v) => (v ? v.toLowerCase() : null)),
      sample: (n: string) => `user${n.replace(/[^a-z0-9]/gi, '').toLowerCase()}@example.in`,
    } satisfies TField;
  },
};
