// Form 16 downloads (issue 13): an employee's own for a financial year, one employee's for the payroll office, and
// a unit's as one PDF or a ZIP of one PDF per employee (a job).
import { z } from 'zod';
import { ZIdQuery } from './ids';
import { ZFinancialYearText } from './statutory';

export const ZForm16Query = z.object({ financialYear: ZFinancialYearText });
export type TForm16Query = z.input<typeof ZForm16Query>;

export const FORM16_BATCH_FORMATS = ['pdf', 'zip'] as const;

export const ZForm16Batch = z.object({
  unitId: ZIdQuery,
  financialYear: ZFinancialYearText,
  /** 'pdf': every employee's Form 16 in one file; 'zip': one file per employee, named with the PAN and the year. */
  format: z.enum(FORM16_BATCH_FORMATS),
});
export type TForm16Batch = z.input<typeof ZForm16Batch>;
