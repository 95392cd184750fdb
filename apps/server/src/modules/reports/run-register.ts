// A salary run's register as one download from the run screen: the report framework's salary register for the
// run's unit and month (its processed slips too). Served by the reports module, which sits above payroll.
import { MENU, ZRunIdParams } from '@hr/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { units } from '../../db/schema';
import { fileResponse } from '../../lib/responses';
import { loadRun } from '../payroll/runs';
import { reportContext } from './context';
import { sendExport } from './export';
import { salaryRegister } from './registers/wages';
import { planOf } from './run';

export const runRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/register',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The salary register of the run (.xlsx): a row per employee, a column per head, totals (the report framework’s salary register)',
        params: ZRunIdParams,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      const [unit] = await app.db.select({ name: units.name, code: units.code }).from(units).where(eq(units.id, run.unitId));
      const q = { unitId: run.unitId, year: run.year, month: run.month, status: 'processed', dir: 'asc' as const, page: 1, pageSize: 1 };
      const ctx = await reportContext(app.db, request.auth, salaryRegister, q);
      const fileName = `Salary_Register_${unit?.code ?? run.unitId}_${run.year}_${String(run.month).padStart(2, '0')}.xlsx`;
      return sendExport(reply, await planOf(salaryRegister, ctx, q), 'xlsx', fileName);
    },
  );
};
