// A mapping checklist's form (MappingScreen): every candidate line as the form holds it, checked as
// PUT /api/resources/:resource/mapping/:ownerId checks its body (mappingSaveSchema: each mapped line's extras by their
// fields' rules), the errors on the lines; and the server's `items.<n>.<extra>` errors named as the form's lines.
import { mappingSaveSchema, type TMappingLine, type TMappingSave, type TResource } from '@hr/contract';
import { z } from 'zod';
import { contractResolver } from '@/lib/form';
import { into } from '@/lib/form-fields';
import { mappingItems } from './values';

export type TMappingForm = { lines: TMappingLine[] };

/**
 * The form's lines checked line by line by the contract's rule of a sent line (an unticked one is not sent, not
 * checked), so an extra's error is `lines.<i>.<extra>`; then sent as the contract's body.
 */
export function mappingFormSchema(r: TResource) {
  const save = mappingSaveSchema(r);
  const sentLine = save.shape.items.element;
  const line = z.looseObject({ itemId: z.number(), mapped: z.boolean() }).superRefine((l, ctx) => {
    if (!l.mapped) return;
    const [item] = mappingItems(r, [l]);
    const checked = sentLine.safeParse(item);
    for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
  return into(
    z.object({ lines: z.array(line) }).transform(({ lines }) => ({ items: mappingItems(r, lines) })),
    save,
  );
}

export const mappingResolver = (r: TResource) => contractResolver<TMappingForm, TMappingSave>(mappingFormSchema(r));

/** The server's names of the sent lines' extras (`items.<n>.<extra>`, n counting the ticked lines) → the form's (`lines.<i>.<extra>`). */
export function serverLineNames(r: TResource, lines: readonly TMappingLine[]): Record<string, string> {
  const extras = r.mapping?.extras ?? [];
  const ticked = lines.flatMap((l, i) => (l.mapped ? [i] : []));
  return Object.fromEntries(ticked.flatMap((i, n) => extras.map((e) => [`items.${n}.${e}`, `lines.${i}.${e}`])));
}

/** A line's errors by extra, as the form holds them (`errors.lines[i]`). */
export function lineErrorsOf(found: unknown): Record<string, string> | undefined {
  if (!found || typeof found !== 'object') return undefined;
  const out = Object.fromEntries(
    Object.entries(found).flatMap(([k, e]) => {
      const message = (e as { message?: unknown } | undefined)?.message;
      return typeof message === 'string' && message ? [[k, message]] : [];
    }),
  );
  return Object.keys(out).length ? out : undefined;
}
