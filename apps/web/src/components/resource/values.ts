import type { TResource } from '@hr/contract';
import type { FieldValues } from 'react-hook-form';
import type { Row } from './api';

const TEXTUAL = new Set(['text', 'textarea', 'date', 'time', 'password', 'image', 'file']);

/** Values of an empty form: each field's declared default, else an empty input. */
export function emptyValues(r: TResource): FieldValues {
  const out: FieldValues = { isActive: true };
  for (const [name, def] of Object.entries(r.fields)) {
    const parsed = def.zod.safeParse(undefined);
    let v: unknown = parsed.success ? parsed.data : undefined;
    if (def.kind === 'multiselect') v = v ?? [];
    else if (def.kind === 'select' && def.reference) v = v ?? null;
    else if (def.kind === 'select') v = v ?? '';
    else if (TEXTUAL.has(def.kind) || def.decimal) v = v ?? '';
    out[name] = v;
  }
  return out;
}

/** A stored row as form values (nulls become empty inputs; passwords start empty). */
export function rowValues(r: TResource, row: Row): FieldValues {
  const out: FieldValues = { isActive: row.isActive ?? true };
  for (const [name, def] of Object.entries(r.fields)) {
    let v = row[name];
    if (def.kind === 'password') v = '';
    if (def.kind === 'time' && typeof v === 'string') v = v.slice(0, 5);
    if (v === null && (TEXTUAL.has(def.kind) || def.decimal)) v = '';
    out[name] = v ?? (def.kind === 'multiselect' ? [] : def.kind === 'select' && def.reference ? null : '');
  }
  return out;
}
