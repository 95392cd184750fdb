// The payroll office's Excel uploads (monthly attendance, salary structures): the uploaded workbook's first sheet,
// and a cell's value whether typed or computed by a formula.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { BadRequest } from './errors';
import { readMultipartFile } from './upload';

/** The first sheet of the uploaded .xlsx (400 when it is not one). */
export async function uploadedSheet(request: FastifyRequest, maxBytes: number, what: string): Promise<ExcelJS.Worksheet> {
  const { buffer } = await readMultipartFile(request, maxBytes, what);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new BadRequest('Upload the filled template as .xlsx');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BadRequest('The workbook has no sheet');
  return ws;
}

/** A cell's value: what a formula computed, else what was typed. */
export const cellValue = (v: unknown): unknown => (typeof v === 'object' && v && 'result' in v ? (v as { result: unknown }).result : v);
