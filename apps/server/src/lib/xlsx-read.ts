// Excel uploads (monthly attendance, salary structures, rosters, opening leave balances…): the uploaded workbook's
// first sheet, and a cell's value whether typed or computed by a formula, or its text.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { BadRequest } from './errors';
import { readMultipartFile } from './upload';
import { fromXlsxText } from './xlsx';

/** The first sheet of the uploaded .xlsx (400 when it is not one). */
export async function uploadedSheet(request: FastifyRequest, maxBytes: number, what: string): Promise<ExcelJS.Worksheet> {
  const { buffer } = await readMultipartFile(request, maxBytes, what);
  return firstSheet(buffer);
}

/** The workbook's first sheet; 400 with `notXlsx` when the bytes are not an .xlsx, or when it has no sheet. */
export async function firstSheet(buffer: Buffer, notXlsx = 'Upload the filled template as .xlsx'): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new BadRequest(notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BadRequest('The workbook has no sheet');
  return ws;
}

/** A cell's value: what a formula computed, else what was typed. */
export const cellValue = (v: unknown): unknown => (typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v);

/** A cell's text, trimmed: a formula's result, rich text joined, a text cell without the guard xlsxText put before it. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'result' in v) return String((v as { result: unknown }).result ?? '').trim();
  if (typeof v === 'object' && 'richText' in v)
    return (v as { richText: { text: string }[] }).richText
      .map((t) => t.text)
      .join('')
      .trim();
  return fromXlsxText(String(v).trim());
}
