// The Labour Codes' wages rule on a processed run (Code on Wages s.2(y) proviso, in force from 21 Nov 2025): which
// employees' excluded payments passed the limit and how much that raised their PF (ESI) wages, read from the slips'
// statutory figures (codeWages, codeWagesAddedBack, pfWagesRaise, esiWagesRaise, written by the engine). The run
// screen lists them under the statutory summary. Payroll users of the run's unit only.
import { MENU, type TRunWageRule, ZRunIdParams, ZRunWageRule } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { Conflict } from '../../lib/errors';
import { loadRun } from './runs';

export const wageRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/wage-rule',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The Labour Codes’ wages rule on a processed run: the employees whose excluded allowances passed half of all remuneration, the amount added back to wages and how much it raised their PF (ESI) wages; 409 for a draft run',
        params: ZRunIdParams,
        response: { 200: ZRunWageRule },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      if (run.status === 'draft') throw new Conflict('Process the run before reading its wages under the Labour Codes');
      const lastDay = new Date(Date.UTC(run.year, run.month, 0)).toISOString().slice(0, 10);
      const [row] = await queryRows<{ effectiveFrom: string; limit: string | null; source: string }>(
        app.db,
        sql`select to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", data->>'excludedLimitPercent' as limit, source
            from statutory_parameters where kind = 'code_wages' and is_active and effective_from <= ${lastDay}::date
            order by effective_from desc limit 1`,
      );
      const slips = await queryRows<{
        employeeId: number;
        employeeCode: string;
        name: string;
        codeWages: string;
        addedBack: string;
        pfRaise: string | null;
        esiRaise: string | null;
      }>(
        app.db,
        sql`select s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name,
              s.statutory->>'codeWages' as "codeWages", s.statutory->>'codeWagesAddedBack' as "addedBack",
              s.statutory->>'pfWagesRaise' as "pfRaise", s.statutory->>'esiWagesRaise' as "esiRaise"
            from salary_slips s where s.run_id = ${run.id} and s.statutory ? 'codeWages'
            order by (s.statutory->>'codeWagesAddedBack')::bigint desc, s.employee_code`,
      );
      return {
        applied: slips.length > 0,
        limitPercent: row?.limit == null ? null : Number(row.limit),
        effectiveFrom: row?.effectiveFrom ?? null,
        source: row?.source ?? null,
        slips: slips.length,
        employees: slips
          .filter((s) => Number(s.addedBack) > 0)
          .map((s) => ({
            employeeId: s.employeeId,
            employeeCode: s.employeeCode,
            name: s.name,
            codeWages: toRupees(s.codeWages),
            addedBack: toRupees(s.addedBack),
            pfWagesRaise: toRupees(s.pfRaise),
            esiWagesRaise: toRupees(s.esiRaise),
          })),
      } satisfies TRunWageRule;
    },
  );
};
