// A unit's Form 16s for a financial year, as a job (a unit can have thousands): one PDF of every employee, or a
// ZIP of one PDF per employee named with the PAN and the year. Records are read a batch of employees at a time
// (a handful of queries per batch); the file goes to the file storage and is downloaded from /api/jobs/{id}/file.
import { buildForm16Doc, type Form16Record, form16BatchFileName, form16FileName, unitsForFileName } from '@hr/documents';
import { renderPdf } from '@hr/documents/node';
import { underAct2025 } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { defineJob, JobFailure } from '../../jobs/runner';
import { AppError } from '../../lib/errors';
import { createStorage, newKey } from '../../lib/storage';
import { type ZipEntry, zipStored } from '../../lib/zip';
import { loadStatutoryTables } from '../statutory/parameters';
import { form16EmployeesOfUnit, loadForm16Records } from './data';

/** Employees read and built per step. */
const BATCH = 100;

export const form16BatchJob = defineJob({
  name: 'form16.batch',
  schema: z.object({
    unitId: z.number().int().positive(),
    financialYear: z.string().regex(/^\d{4}-\d{2}$/),
    format: z.enum(['pdf', 'zip']),
  }),
  maxAttempts: 2,
  cancellable: true,
  async run(ctx, data, progress) {
    try {
      const ids = await form16EmployeesOfUnit(ctx.db, data.unitId, data.financialYear);
      if (ids.length === 0) throw new JobFailure(`No approved salary of the unit in the financial year ${data.financialYear}`);
      const tables = await loadStatutoryTables(ctx.db);
      const total = ids.length;
      await progress.set(0, total, `Preparing ${total} Form 16s`);
      const records: Form16Record[] = [];
      const entries: ZipEntry[] = [];
      const names = new Set<string>();
      for (let i = 0; i < ids.length; i += BATCH) {
        await progress.checkCancelled();
        const batch = await loadForm16Records(ctx.db, ids.slice(i, i + BATCH), data.financialYear, tables);
        for (const [k, record] of batch.entries()) {
          if (data.format === 'pdf') records.push(record);
          else {
            entries.push({
              name: uniqueName(form16FileName(record), record.employee.employeeCode, names),
              data: await renderPdf(buildForm16Doc([record])),
            });
            if (k % 10 === 9) await progress.set(i + k + 1, total, `${i + k + 1} of ${total} Form 16s`);
          }
        }
        await progress.set(Math.min(i + BATCH, total), total, `${Math.min(i + BATCH, total)} of ${total} Form 16s`);
      }
      let file: Buffer;
      let name: string;
      if (data.format === 'pdf') {
        await progress.set(total, total, `Writing one PDF of ${total} Form 16s`);
        // Each employee's pages are one top-level item and the footer prints no page number: render in chunks.
        file = await renderPdf(buildForm16Doc(records), { chunkSize: 50 });
        name = form16BatchFileName(records);
      } else {
        file = zipStored(entries);
        const [unit] = await queryRows<{ name: string }>(ctx.db, sql`select name from units where id = ${data.unitId}`);
        name = `${underAct2025(data.financialYear) ? 'Form130' : 'Form16'}_${unitsForFileName([{ unitName: unit?.name ?? '' }]) || `Unit${data.unitId}`}_${data.financialYear}.zip`;
      }
      const key = newKey('jobs/form16', data.format);
      await createStorage(ctx.config).put(key, file);
      return {
        employees: total,
        file: { key, name, mime: data.format === 'pdf' ? 'application/pdf' : 'application/zip', bytes: file.length },
      };
    } catch (err) {
      if (err instanceof AppError) throw new JobFailure(err.message);
      throw err;
    }
  },
});

/** Two employees with one PAN (a data error) still get a file each: the second name carries the code. */
function uniqueName(name: string, code: string, taken: Set<string>): string {
  let out = name;
  if (taken.has(out)) out = name.replace(/\.pdf$/, `_${code.replace(/[^A-Za-z0-9-]/g, '')}.pdf`);
  for (let n = 2; taken.has(out); n++) out = name.replace(/\.pdf$/, `_${n}.pdf`);
  taken.add(out);
  return out;
}
