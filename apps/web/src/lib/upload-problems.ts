// What an upload's refusal (400) says, in the two forms the import screens show: lines above a grid or a card
// ('Row 7: …'), or the rows of a table (row, error). The server keys a sheet row's problems 'row N'.
import type { ApiError } from './api';

const rowOf = (key: string) => Number(/\d+/.exec(key)?.[0] ?? 0);

/** The problems as lines, by row: a 'row N' key's as 'Row N: …', other keys' (the file, an employee) as they are. */
export function uploadProblemLines(e: ApiError): string[] {
  const entries = Object.entries(e.fieldErrors).sort(([a], [b]) => rowOf(a) - rowOf(b));
  if (entries.length === 0) return [e.message];
  return entries.flatMap(([k, messages]) => messages.map((m) => (/^row \d+$/.test(k) ? `Row ${rowOf(k)}: ${m}` : m)));
}

/** The problems as table rows: where ('7' for 'row 7', else the key) and the problem; a whole-sheet one under 'File'. */
export function uploadProblemRows(e: ApiError): { where: string; problem: string }[] {
  const rows = Object.entries(e.fieldErrors).flatMap(([where, list]) =>
    list.map((problem) => ({ where: where.replace(/^row /, ''), problem })),
  );
  return rows.length ? rows : [{ where: 'File', problem: e.message }];
}
