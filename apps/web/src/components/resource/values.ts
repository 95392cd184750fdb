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

// ---- mapping checklists (MappingScreen) ----

type MappingLineLike = { itemId: number; mapped: boolean } & Record<string, unknown>;

/**
 * An extra's input text as typed into a checklist line → the value the line keeps: a whole number (an empty optional
 * one is null, a required one 0), a decimal as its text (the server checks it), a choice ('' = none: null).
 */
export function extraFromInput(r: TResource, extra: string, raw: string): unknown {
  const def = r.fields[extra];
  const text = raw.trim();
  if (def.kind === 'boolean') return raw === 'true';
  if (text === '' && !def.required) return null;
  if (def.kind === 'number' && !def.decimal) return text === '' ? 0 : Math.max(0, Math.trunc(Number(text)) || 0);
  return text;
}

/** A line's extra as input text ('' for none). */
export function extraToInput(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

/** The save body of a checklist: the mapped lines, each with the extras it holds (the server defaults the others). */
export function mappingItems(r: TResource, lines: readonly MappingLineLike[]): Array<{ itemId: number } & Record<string, unknown>> {
  const extras = r.mapping?.extras ?? [];
  return lines
    .filter((l) => l.mapped)
    .map((l) => ({ itemId: l.itemId, ...Object.fromEntries(extras.filter((e) => l[e] !== undefined).map((e) => [e, l[e]])) }));
}
