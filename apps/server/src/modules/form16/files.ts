// Form 16 files: an employee's own of a financial year, one employee's for the payroll office (within its units, else
// 404 like a missing one), and a unit's batch started as a job.
import { MENU, type ZForm16Batch } from '@hr/contract';
import { buildForm16Doc, financialYearStart, form16FileName } from '@hr/documents';
import { renderPdf } from '@hr/documents/node';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { enqueue } from '../../jobs/runner';
import { NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { type AuthContext, canReachRecord, canReachUnit, hasAction } from '../access/context';
import { loadForm16Records, runInYear } from './data';
import { form16BatchJob } from './job';

/** A Form 16 PDF and its file name. */
export interface Form16File {
  pdf: Buffer;
  fileName: string;
}

async function form16Pdf(db: Db, employeeId: number, financialYear: string): Promise<Form16File> {
  const [record] = await loadForm16Records(db, [employeeId], financialYear);
  if (!record) throw new NotFound(`No approved salary in the financial year ${financialYear}`);
  return { pdf: await renderPdf(buildForm16Doc([record])), fileName: form16FileName(record) };
}

/** The caller's own Form 16 of the year (404 without a linked employee or an approved slip in the year). */
export async function ownForm16(db: Db, auth: AuthContext, financialYear: string): Promise<Form16File> {
  const employeeId = auth.employeeId;
  if (!employeeId) throw new NotFound('No employee record is linked to this sign-in');
  return form16Pdf(db, employeeId, financialYear);
}

/** One employee's Form 16: their own, or the payroll office's (salary process view) within its units; else 404. */
export async function employeeForm16(db: Db, auth: AuthContext, id: number, financialYear: string): Promise<Form16File> {
  const own = auth.employeeId === id;
  const payroll = !own && (await hasAction(db, auth, MENU.salaryProcess, 'view'));
  const [e] = await queryRows<{ unitId: number }>(db, sql`select unit_id as "unitId" from employees where id = ${id}`);
  if (!e || !(own || (payroll && canReachRecord(auth, { employeeId: id, unitId: e.unitId })))) {
    throw new NotFound('Employee not found');
  }
  return form16Pdf(db, id, financialYear);
}

/** Enqueues a unit's Form 16s of a year (404 for a unit out of reach or without an approved salary in the year). */
export async function startForm16Batch(db: Db, auth: AuthContext, body: z.infer<typeof ZForm16Batch>): Promise<number> {
  const { unitId, financialYear, format } = body;
  const unit = Number(unitId);
  const [u] = await queryRows<{ id: number }>(db, sql`select id from units where id = ${unit}`);
  if (!u || !canReachUnit(auth, unit)) throw new NotFound('Unit not found');
  const start = financialYearStart(financialYear);
  const [any] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payroll_runs r where r.unit_id = ${unit} and ${FINAL_RUN} and ${runInYear(start)}`,
  );
  if (!any?.n) throw new NotFound(`No approved salary of the unit in the financial year ${financialYear}`);
  return (await enqueue(db, form16BatchJob, { unitId: unit, financialYear, format }, { createdBy: auth.userId })) as number;
}
