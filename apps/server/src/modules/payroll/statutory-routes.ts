// The statutory returns of a processed salary run, built from its slips' statutory figures (worked out by the
// rules when the run was processed): the EPFO's ECR 2.0 text file. Payroll users of the run's unit only.
import { MENU, ZRunIdParams } from '@hr/contract';
import { buildEcr, EcrError, type EcrMember } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import type { SlipStatutory } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { loadRun } from './runs';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const statutoryReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/ecr',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The ECR 2.0 file of a processed run (text, one line per PF member: UAN#~#name#~#gross#~#EPF#~#EPS#~#EDLI wages#~#contributions#~#NCP days#~#refund); 409 when a member has no valid UAN or the run is not processed',
        params: ZRunIdParams,
        response: { 200: fileResponse('text/plain') },
      },
    },
    async (request, reply) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      if (run.status === 'draft') throw new Conflict('Process the run before downloading its ECR');
      const slips = await queryRows<{
        code: string;
        name: string;
        uan: string | null;
        gross: string;
        lwop: string | null;
        st: SlipStatutory;
      }>(
        app.db,
        sql`select s.employee_code as code, s.name, s.uan_no as uan, s.gross::text as gross,
              (s.attendance->>'lwopDays') as lwop, s.statutory as st
            from salary_slips s where s.run_id = ${run.id}
              and (s.statutory->>'pfEmployee')::bigint + (s.statutory->>'epf')::bigint + (s.statutory->>'eps')::bigint > 0
            order by s.employee_code`,
      );
      if (!slips.length) {
        const [any] = await queryRows<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from salary_slips where run_id = ${run.id} and statutory ? 'pfEmployee'`,
        );
        throw new Conflict(
          any?.n ? 'No employee of this run contributes to PF' : 'This run was processed before PF was computed by the rules: reprocess it',
        );
      }
      const members: EcrMember[] = slips.map((s) => ({
        uan: s.uan ?? '',
        name: s.name,
        grossWages: BigInt(s.gross),
        pf: {
          epfWages: BigInt(s.st.epfWages),
          epsWages: BigInt(s.st.epsWages),
          edliWages: BigInt(s.st.edliWages),
          employee: BigInt(s.st.pfEmployee),
          eps: BigInt(s.st.eps),
          epf: BigInt(s.st.epf),
          edli: BigInt(s.st.edli),
        },
        // Non-contributing days are whole days: a half day of leave without pay counts as one.
        ncpDays: Math.ceil(Number(s.lwop ?? 0)),
      }));
      let text: string;
      try {
        text = buildEcr(members);
      } catch (e) {
        if (!(e instanceof EcrError)) throw e;
        const lines = e.problems.map((p) => `${slips[p.row].code} ${slips[p.row].name}: ${p.message}`);
        throw new Conflict(`The ECR cannot be built: ${lines.join('; ')}`);
      }
      const [unit] = await queryRows<{ code: string }>(app.db, sql`select code from units where id = ${run.unitId}`);
      const fileName = `ECR_${(unit?.code ?? String(run.unitId)).replace(/[^A-Za-z0-9_-]/g, '_')}_${MONTH_NAMES[run.month - 1]}_${run.year}.txt`;
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
