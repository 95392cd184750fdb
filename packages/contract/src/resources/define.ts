import { z } from 'zod';
import { ZIsoDate } from '../dates';
import { ZSearchText } from '../ids';
import { MASTER_BASE, type TMenuPath } from '../menus';
import { ZNewPassword } from '../password';
import { zLine, zLines } from '../text';
import { identifierFields } from './identifier-fields';

/**
 * The master-data resource engine's declarations (DESIGN.md section 4). A resource is declared once
 * here; the server maps its name to a table (apps/server/src/modules/masters/tables.ts) and serves
 * list/read/create/update/delete, and the web app renders its generic list and form from it.
 */

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

export type TFields = Record<string, TField>;

/** Where a modify route carries its parameter: an encrypted id, or an encrypted JSON object. */
export interface TModifyRoute {
  /** Parameter name as in the spec, e.g. 'holidayId', 'mapDtls'. */
  param: string;
  kind: 'id' | 'json';
}

/** A unit-wise (or user-wise) mapping: one owner row mapped to many items, edited as a checklist. */
export interface TMapping {
  /** The owner field (unitId, or userId for user-wise unit mapping). */
  owner: string;
  /** The mapped item field (departmentId …). */
  item: string;
  /**
   * Extra per-item fields edited in the checklist (sortOrder, isMandatory, level …), declared among the resource's
   * fields: their zod rule checks a saved line and their default fills an absent one. An extra named like a field of
   * the item's resource overrides that item's value for this owner (null: the item's own).
   */
  extras: readonly string[];
}

export interface TResourceInput<F extends TFields> {
  /** One name across table, route and screen (camelCase, singular). */
  name: string;
  /** Screen path under /outlet/master, spelt as the spec does. */
  path: string;
  /** List title and breadcrumb label. */
  title: string;
  /** Form title for one record. */
  singular?: string;
  fields: F;
  /** The field shown as a row's label in selects (default 'name'). */
  labelField?: keyof F & string;
  /** List columns (field names); default: every field but textareas, images and passwords. */
  columns?: readonly (keyof F & string)[];
  /** Columns the search box matches (ILIKE). */
  searchable: readonly (keyof F & string)[];
  /** Sortable columns (defaults to the list columns). */
  sortable?: readonly (keyof F & string)[];
  /** Fields offered as list filters (selects, choices, booleans). */
  filters?: readonly (keyof F & string)[];
  /** Unique keys; the last field of each is the one a 409 names. */
  unique?: readonly (readonly (keyof F & string)[])[];
  defaultSort?: { field: keyof F & string; dir: 'asc' | 'desc' };
  /** Rows belong to a unit through this column ('id' for units themselves). */
  unitScoped?: string;
  /** Modify route (path/:param) opening the form with the encrypted parameter. */
  modify?: TModifyRoute;
  mapping?: TMapping;
  /** Whether the generic screens may create/delete (false for read-mostly resources). */
  canCreate?: boolean;
  canDelete?: boolean;
  /** Overrides for test/demo samples. */
  sample?: (n: string) => Partial<Record<keyof F & string, unknown>>;
}

export interface TResource<F extends TFields = TFields> extends Required<Pick<TResourceInput<F>, 'name' | 'path' | 'title'>> {
  singular: string;
  fields: F;
  labelField: string;
  columns: readonly string[];
  searchable: readonly string[];
  sortable: readonly string[];
  filters: readonly string[];
  unique: readonly (readonly string[])[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  unitScoped?: string;
  modify?: TModifyRoute;
  mapping?: TMapping;
  canCreate: boolean;
  canDelete: boolean;
  /** The menu guarding every route of the resource (registry.test.ts checks it is one of MENU). */
  menu: TMenuPath;
  /** Create/update payload schema (all fields plus isActive). */
  schema: z.ZodObject<{ [K in keyof F]: F[K]['zod'] } & { isActive: z.ZodDefault<z.ZodBoolean> }>;
  sample: (n: string) => Record<string, unknown>;
}

export { MASTER_BASE };

export function defineResource<F extends TFields>(input: TResourceInput<F>): TResource<F> {
  const shape = Object.fromEntries(Object.entries(input.fields).map(([k, v]) => [k, v.zod])) as {
    [K in keyof F]: F[K]['zod'];
  };
  const schema = z.object({ ...shape, isActive: z.boolean().default(true) });
  const columns =
    input.columns ??
    Object.entries(input.fields)
      .filter(([, v]) => !['textarea', 'image', 'password', 'multiselect', 'file'].includes(v.kind))
      .map(([k]) => k);
  const labelField = input.labelField ?? 'name';
  return {
    name: input.name,
    path: input.path,
    title: input.title,
    singular: input.singular ?? input.title,
    fields: input.fields,
    labelField,
    columns,
    searchable: input.searchable,
    sortable: input.sortable ?? columns,
    filters: input.filters ?? [],
    unique: input.unique ?? [],
    defaultSort: input.defaultSort ?? { field: labelField, dir: 'asc' },
    unitScoped: input.unitScoped,
    modify: input.modify,
    mapping: input.mapping,
    canCreate: input.canCreate ?? true,
    canDelete: input.canDelete ?? true,
    menu: `${MASTER_BASE}/${input.path}` as TMenuPath,
    schema: schema as TResource<F>['schema'],
    sample: (n) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input.fields)) if (v.sample) out[k] = v.sample(n);
      return { ...out, ...(input.sample?.(n) ?? {}) };
    },
  };
}

/** Query of a list: server-side paging, sorting, search, filters. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(60).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  search: ZSearchText.optional(),
  /** 'true' | 'false' | 'all' (default all). */
  active: z.enum(['true', 'false', 'all']).default('all'),
  /** JSON object of field → value (equality) for the resource's filter fields. */
  filters: z.string().max(2000).optional(),
});
export type TListQuery = z.input<typeof ZListQuery>;

export interface TListResult<Row = Record<string, unknown>> {
  rows: Row[];
  total: number;
}

export interface TOptionRow {
  id: number;
  label: string;
}

/** One row of the record audit trail. */
export const ZAuditRow = z.object({
  id: z.number(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;
