import { z } from 'zod';
import { MASTER_BASE, type TMenuPath } from '../menus';
import type { TFields } from './field';

/**
 * The master-data resource engine's declarations (DESIGN.md section 4). A resource is declared once
 * here; the server maps its name to a table (apps/server/src/modules/masters/tables.ts) and serves
 * list/read/create/update/delete, and the web app renders its generic list and form from it.
 */

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
