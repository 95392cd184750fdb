/** Escapes LIKE/ILIKE wildcards in user input, so a search for "50%" finds "50%" and not everything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `s` anywhere. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;
