// A master list as Excel: the rows the list shows (search, filters, sort, the caller's reach), up to EXPORT_LIMIT,
// streamed as an .xlsx with choices and references by their labels.

import type { PassThrough } from 'node:stream';
import { type TFieldKind, type TListQuery, ZListQuery } from '@hr/contract';
import type { Db } from '../../db/client';
import { streamXlsx, type XlsxCell, type XlsxColumnType } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { listOrder, listWhere, type Plan } from './query';

const EXPORT_LIMIT = 100_000;

/** The cell type of a field's column in the list's export: dates as date cells, numbers (decimals too) as numbers. */
function columnType(kind: TFieldKind | undefined): XlsxColumnType {
  return kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text';
}

/** The list of one resource as an .xlsx stream, with the file's name. */
export async function listExport(
  db: Db,
  plan: Plan,
  auth: AuthContext,
  query: TListQuery,
): Promise<{ filename: string; stream: PassThrough }> {
  const r = plan.resource;
  const q = ZListQuery.parse(query);
  const where = listWhere(plan, auth, q);
  const rows = (await db
    .select(plan.selection)
    .from(plan.table)
    .where(where)
    .orderBy(...listOrder(plan, q))
    .limit(EXPORT_LIMIT)) as Record<string, unknown>[];
  const cols = r.columns;
  const filename = `${r.title.replace(/[^A-Za-z0-9]+/g, '_')}.xlsx`;
  // A choice shows the label the screen shows ("National / public"), not its stored value; dates and numbers
  // are the writer's date and number cells.
  const cell = (row: Record<string, unknown>, c: string): XlsxCell => {
    const label = row[`${c}Label`];
    const v = label !== undefined ? label : row[c];
    const choice = r.fields[c]?.options?.find((o) => o.value === v);
    if (choice) return choice.label;
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    if (v === null || v === undefined) return null;
    return typeof v === 'number' || v instanceof Date ? v : String(v);
  };
  // A column shown through its reference's label is text whatever the stored value's kind.
  const labelled = (c: string) => rows.some((row) => row[`${c}Label`] !== undefined);
  const stream = streamXlsx({
    sheet: r.title,
    columns: [
      ...cols.map((c) => ({
        header: r.fields[c]?.label ?? c,
        width: 22,
        type: labelled(c) ? ('text' as const) : columnType(r.fields[c]?.kind),
      })),
      { header: 'Active', width: 10 },
    ],
    rows: (async function* () {
      for (let i = 0; i < rows.length; i += 1000)
        yield rows.slice(i, i + 1000).map((row) => ({ values: [...cols.map((c) => cell(row, c)), row.isActive ? 'Yes' : 'No'] }));
    })(),
  });
  return { filename, stream };
}
