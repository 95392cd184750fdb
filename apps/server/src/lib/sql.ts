import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE/ILIKE wildcards in user input, so a search for "50%" finds "50%" and not everything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `s` anywhere. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;

/**
 * A set of employees a query reads: a list of ids (a few employees) or an SQL subquery of ids (a whole unit: the
 * database joins instead of unpacking a list of 1,00,000 ids sent as one parameter).
 */
export type EmployeeSet = readonly number[] | SQL;

export function idsIn(set: EmployeeSet): SQL {
  return Array.isArray(set) ? sql`(select jsonb_array_elements_text(${JSON.stringify(set)}::jsonb)::int)` : sql`(${set as SQL})`;
}
