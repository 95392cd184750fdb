import { z } from 'zod';

// The bulk import of employees from a spreadsheet: its result and errors by row and column.

export const ZImportError = z.object({
  /** Row number as the spreadsheet shows it (header = 1). */
  row: z.number(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;

export const ZImportResult = z.object({
  ok: z.boolean(),
  rowsRead: z.number(),
  imported: z.number(),
  errors: z.array(ZImportError),
  /** Rows with at least one error. */
  errorRows: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** POST /api/employees/import/error-report: the errors of a failed import back as an .xlsx file. */
export const ZImportErrorReportRequest = z.object({ errors: z.array(ZImportError).max(200_000) });
