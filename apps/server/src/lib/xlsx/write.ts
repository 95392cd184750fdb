// The streamed writer: reports, registers and list exports, one worksheet written a batch of rows at a time.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellOf, columnLetter, formatOf, sheetName, type XlsxColumn, type XlsxRow, xlsxText } from './cells';

export interface XlsxSheet {
  sheet: string;
  columns: XlsxColumn[];
  /** Lines above the headings (title, filters), each in bold in column A, followed by one blank row. */
  preamble?: string[];
  /** Columns kept in view when scrolling right. */
  frozenColumns?: number;
  /** The rows, a batch at a time (a batch is committed before the next is asked for). */
  rows: AsyncIterable<XlsxRow[]>;
}

/**
 * The one Excel writer of the server: one worksheet through ExcelJS's streaming writer (workbook, styles, zip),
 * the rows written as XML a batch at a time, so memory holds one batch of rows whatever the sheet's size. Returns the stream at once; a
 * failure while writing destroys it (a download breaks off rather than ending as a valid-looking file).
 * Callers read their first batch before calling, so an error found there still answers properly.
 */
export function streamXlsx(spec: XlsxSheet): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const preamble = spec.preamble ?? [];
  const headRow = preamble.length ? preamble.length + 2 : 1;
  const ws = wb.addWorksheet(sheetName(spec.sheet), {
    views: [{ state: 'frozen', ySplit: headRow, xSplit: spec.frozenColumns ?? 0 }],
  });
  const formats = spec.columns.map(formatOf);
  ws.columns = spec.columns.map((c, i) => ({ width: c.width, style: formats[i] ? { numFmt: formats[i] } : {} }));
  void (async () => {
    for (const line of preamble) {
      const row = ws.addRow([xlsxText(line)]);
      row.font = { bold: true, size: line === preamble[0] ? 13 : 11 };
      row.commit();
    }
    if (preamble.length) ws.addRow([]).commit();
    const head = ws.addRow(spec.columns.map((c) => xlsxText(c.header)));
    head.font = { bold: true };
    head.commit();
    // The rows' XML is written straight into the sheet's stream, a batch at a time: ExcelJS would make a Row, a
    // Cell per value and a style per cell (most of the time of a large sheet). The cells are what ExcelJS writes:
    // numbers as <v>, text as t="str", the column's number format, bold through a style of its own.
    const styles = (wb as unknown as { styles: { addStyleModel(model: object, type: number): number } }).styles;
    const plain = formats.map((f) => (f ? styles.addStyleModel({ numFmt: f }, ExcelJS.ValueType.Number) : 0));
    const bold = formats.map((f) => styles.addStyleModel({ font: { bold: true }, ...(f ? { numFmt: f } : {}) }, ExcelJS.ValueType.Number));
    const types = spec.columns.map((c) => c.type ?? 'text');
    const letters = spec.columns.map((_, i) => columnLetter(i + 1));
    const sheetStream = (ws as unknown as { stream: { write(xml: string): void } }).stream;
    let rowNumber = head.number;
    for await (const batch of spec.rows) {
      let xml = '';
      for (const r of batch) {
        rowNumber++;
        const ids = r.bold ? bold : plain;
        xml += `<row r="${rowNumber}">`;
        r.values.forEach((value, i) => {
          const v = cellOf(types[i] ?? 'text', value);
          if (v === null) return;
          const s = ids[i] ? ` s="${ids[i]}"` : '';
          xml +=
            typeof v === 'number'
              ? `<c r="${letters[i]}${rowNumber}"${s}><v>${v}</v></c>`
              : `<c r="${letters[i]}${rowNumber}"${s} t="str"><v>${xmlText(xlsxText(v))}</v></c>`;
        });
        xml += '</row>';
      }
      if (xml) sheetStream.write(xml);
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}

/** Text for XML: the markup characters escaped, characters XML cannot hold left out (as ExcelJS does). */
function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"]/g, (c) => XML_ENTITIES[c]);
}
const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/** A stream's bytes (a job's file goes to the storage whole). */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}
