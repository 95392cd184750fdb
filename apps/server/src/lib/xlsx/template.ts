// Workbooks built whole in memory: the import templates (headings with notes, drop-down lists, an example row) and
// their error files.
import ExcelJS from 'exceljs';
import {
  cellOf,
  columnLetter,
  formatOf,
  sheetName,
  type XlsxCell,
  type XlsxColumn,
  type XlsxColumnType,
  type XlsxRow,
  xlsxText,
} from './cells';

/** A column of a workbook written whole (`xlsxBook`: an import template, an error file). */
export interface XlsxBookColumn extends XlsxColumn {
  /** A note on the heading (what to write there), shown when the pointer rests on it. */
  note?: string;
  /** The values the column takes: a drop-down on the rows below the heading (other text gets a warning, not a refusal). */
  list?: readonly string[];
  /** The heading's own fill (ARGB), e.g. a Sunday or a holiday of a roster. */
  headerFill?: string;
}

/** A row of a workbook written whole; `example` is the template's example row (italic, grey). */
export interface XlsxBookRow extends XlsxRow {
  example?: boolean;
}

export interface XlsxBookSheet {
  sheet: string;
  columns: XlsxBookColumn[];
  rows: XlsxBookRow[];
  /** Columns kept in view when scrolling right (the heading row always is). */
  frozenColumns?: number;
  /** The heading row: `strong` white on blue (a template's columns; else bold), `wrap` long headings on `height` points. */
  header?: { strong?: boolean; wrap?: boolean; height?: number };
  /** The rows below the heading the drop-downs reach (a template is filled by hand): 1,000 by default. */
  inputRows?: number;
}

const HEADER_FILL = 'FF1E3A8A';
const EXAMPLE_FONT = { italic: true, color: { argb: 'FF6B7280' } };
/** Excel keeps a list typed into the validation itself to 255 characters; a longer one is read from a hidden sheet. */
const INLINE_LIST_MAX = 255;

/**
 * The one writer's small workbooks, built whole in memory: the import templates and their error files, one or more
 * sheets. Every cell goes through `cellOf` and `xlsxText` as the streamed exports' do (dates are date cells shown
 * dd/mm/yyyy, numbers numbers, money paise rupees, formula-looking text quoted); headings may carry notes, columns
 * drop-down lists, widths and formats, and the heading row is frozen.
 */
export async function xlsxBook(sheets: XlsxBookSheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'HR Payroll';
  const lists: (readonly string[])[] = [];
  const listRange = (values: readonly string[]): string => {
    const inline = `"${values.join(',')}"`;
    if (inline.length <= INLINE_LIST_MAX && !values.some((v) => v.includes(',') || v.includes('"'))) return inline;
    lists.push(values);
    return `Lists!$${columnLetter(lists.length)}$1:$${columnLetter(lists.length)}$${values.length}`;
  };
  for (const spec of sheets) {
    const ws = wb.addWorksheet(sheetName(spec.sheet), { views: [{ state: 'frozen', ySplit: 1, xSplit: spec.frozenColumns ?? 0 }] });
    const formats = spec.columns.map(formatOf);
    const types = spec.columns.map((c) => c.type ?? 'text');
    ws.columns = spec.columns.map((c, i) => ({ width: c.width, style: formats[i] ? { numFmt: formats[i] } : {} }));
    const strong = spec.header?.strong ?? false;
    const head = ws.addRow(spec.columns.map((c) => xlsxText(c.header)));
    head.font = strong ? { bold: true, color: { argb: 'FFFFFFFF' } } : { bold: true };
    if (spec.header?.wrap) head.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    if (spec.header?.height) head.height = spec.header.height;
    spec.columns.forEach((c, i) => {
      const cell = head.getCell(i + 1);
      const fill = c.headerFill ?? (strong ? HEADER_FILL : undefined);
      if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
      if (c.note) cell.note = c.note;
    });
    for (const r of spec.rows) {
      const row = ws.addRow(spec.columns.map((_, i) => bookValue(types[i] ?? 'text', r.values[i])));
      formats.forEach((f, i) => {
        if (f) row.getCell(i + 1).numFmt = f;
      });
      if (r.bold) row.font = { bold: true };
      if (r.example) row.font = EXAMPLE_FONT;
    }
    const last = 1 + Math.max(spec.inputRows ?? 1000, spec.rows.length);
    spec.columns.forEach((c, i) => {
      if (!c.list?.length) return;
      const letter = columnLetter(i + 1);
      // ExcelJS has the worksheet's data validations, though its typings lack them.
      (ws as unknown as { dataValidations: { add(range: string, rule: object): void } }).dataValidations.add(
        `${letter}2:${letter}${last}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [listRange(c.list)],
          showErrorMessage: true,
          errorStyle: 'warning',
          errorTitle: c.header,
          error: `Not one of the listed values of ${c.header}`,
        },
      );
    });
  }
  if (lists.length) {
    const ws = wb.addWorksheet('Lists', { state: 'veryHidden' });
    lists.forEach((values, i) => {
      values.forEach((v, j) => {
        ws.getCell(j + 1, i + 1).value = xlsxText(v);
      });
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell's value for ExcelJS: as `cellOf` makes it, text through `xlsxText`. */
function bookValue(type: XlsxColumnType, v: XlsxCell | undefined): string | number | null {
  const x = cellOf(type, v);
  return typeof x === 'string' ? xlsxText(x) : x;
}
