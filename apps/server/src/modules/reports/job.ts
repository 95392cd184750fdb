// A large export runs as a job: the same exporter writes the file, which goes to the file storage; the
// starter follows the progress and downloads it from GET /api/jobs/{id}/file.
import { ZReportExportQuery } from '@hr/contract';
import { z } from 'zod';
import { defineJob, JobFailure } from '../../jobs/runner';
import { AppError } from '../../lib/errors';
import { createStorage, newKey } from '../../lib/storage';
import { collect } from '../../lib/xlsx';
import { ZAuthSnapshot } from '../access/snapshot';
import { reportContext } from './context';
import { reportById } from './define';
import { exportFileName, organisationOf, PDF_MIME, reportPdf, reportXlsx, XLSX_MIME } from './export';
import { countRows, planOf } from './run';

export const reportExportJob = defineJob({
  name: 'reports.export',
  schema: z.object({ auth: ZAuthSnapshot, reportId: z.string(), query: z.record(z.string(), z.unknown()) }),
  maxAttempts: 2,
  cancellable: true,
  async run(ctx, data, progress) {
    const def = reportById(data.reportId);
    if (!def) throw new JobFailure(`Unknown report ${data.reportId}`);
    const q = ZReportExportQuery.parse(data.query);
    try {
      const rctx = await reportContext(ctx.readDb, data.auth, def, q);
      const plan = await planOf(def, rctx, q);
      const total = await countRows(plan);
      await progress.set(0, total, `Writing ${total} rows`);
      const onRows = async (n: number) => {
        await progress.checkCancelled();
        await progress.set(n, total, `${n} of ${total} rows`);
      };
      const org = await organisationOf(plan);
      const file = q.format === 'pdf' ? await reportPdf(plan, org, onRows) : await collect(await reportXlsx(plan, org, onRows));
      const key = newKey(`jobs/reports/${def.id}`, q.format);
      await createStorage(ctx.config).put(key, file);
      return {
        rows: total,
        file: { key, name: exportFileName(plan, q.format), mime: q.format === 'pdf' ? PDF_MIME : XLSX_MIME, bytes: file.length },
      };
    } catch (err) {
      // The filters were checked when the job was started; a refusal now (a unit unmapped meanwhile) is final.
      if (err instanceof AppError) throw new JobFailure(err.message);
      throw err;
    }
  },
});
