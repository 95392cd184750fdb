/** The sort of a server-paged list: a column id and its direction; null for the server's default order. */
export type SortState = { id: string; desc: boolean } | null;

/**
 * The sort after a click on a column's header: a new column sorts ascending, the same column turns
 * descending, and then (when `removable`) back to the server's default order, else ascending again.
 */
export function nextSort(current: SortState, id: string, removable = true): SortState {
  if (current?.id !== id) return { id, desc: false };
  if (!current.desc) return { id, desc: true };
  return removable ? null : { id, desc: false };
}
