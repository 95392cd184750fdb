import { z } from 'zod';

/** The largest id of an int4 column (serial); bigserial tables use ZBigIdText. */
export const MAX_INT4 = 2_147_483_647;

/**
 * An id written in a path or a query string: plain decimal digits, no sign, no leading zero, no space,
 * no hexadecimal or exponent (`z.coerce.number()` took " 1", "0x10" and "1e3"), within int4. Every route
 * parses its ids through this one schema, so a fuzzed id never reaches a query as some other row's id.
 */
export const ZIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
  .transform(Number)
  .refine((n) => n <= MAX_INT4, 'Too large')
  .describe('A positive whole number (an id)');

/** The same for bigint (bigserial) ids: up to 2^53 - 1, the largest a JavaScript number holds exactly. */
export const ZBigIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'Must be a positive whole number')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n), 'Too large')
  .describe('A positive whole number (an id)');

/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: ZIdText });

/** An id in a query that a typed client may also send as a number (filters of the lists). */
export const ZIdQuery = z.union([z.number().int().positive().max(MAX_INT4), ZIdText]);

/**
 * The text of a search box: trimmed, at most 100 characters, and no control characters (a NUL byte
 * cannot be stored or compared by PostgreSQL, so "%00" would otherwise fail deep inside a query).
 */
export const ZSearchText = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .refine((text) => !hasControlCharacter(text), 'Remove control characters from the search');

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
