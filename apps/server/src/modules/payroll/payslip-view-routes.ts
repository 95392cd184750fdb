// Payslips on screen and the organisation's payslip layout (issue 26). An employee reads their own slip of an
// approved or locked month; payroll staff (the salary process's view) read the slips of their units' employees —
// anyone else, and anyone outside those units, gets 404 like a missing slip. The layout (the payslip as specified,
// or the Code on Wages wage slip) is an organisation-wide setting: changed by a salary-process editor who reaches
// every unit, audited.
import { MENU, ZIdParams, ZPayslipLayout, ZPayslipQuery, ZSalarySlip } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { Forbidden, NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { canReachRecord, hasAction } from '../access/context';
import { slipRecords } from './slips';
import { payslipLayout, setPayslipLayout } from './wage-slip-data';

const tags = ['payroll'];
const ZLayoutBody = z.object({ layout: ZPayslipLayout });

export const payslipViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/payslips/employee/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "An employee's salary record of an approved or locked month, for the payslip on screen: the caller's own, or (salary process view) an employee of the caller's units; 404 otherwise",
        params: ZIdParams,
        querystring: ZPayslipQuery,
        response: { 200: ZSalarySlip },
      },
    },
    async (request) => {
      const { auth } = request;
      const employeeId = request.params.id;
      if (auth.employeeId !== employeeId) {
        const [employee] = await queryRows<{ unitId: number }>(
          app.db,
          sql`select unit_id as "unitId" from employees where id = ${employeeId}`,
        );
        const reached = employee && canReachRecord(auth, { employeeId, unitId: employee.unitId });
        if (!reached || auth.isSelfService || !(await hasAction(app.db, auth, MENU.salaryProcess, 'view'))) {
          throw new NotFound('No approved payslip for this month');
        }
      }
      const q = request.query;
      const [slip] = await slipRecords(
        app.db,
        sql`s.employee_id = ${employeeId} and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`,
        // The screen shows the paid and loss-of-pay days whatever the layout (the PDF follows the layout).
        { details: true },
      );
      if (!slip) throw new NotFound('No approved payslip for this month');
      return slip;
    },
  );

  app.get(
    '/api/payroll/payslip-layout',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags,
        summary: "The organisation's payslip layout: 'standard' (as specified) or 'wageSlip' (Code on Wages)",
        response: { 200: ZLayoutBody },
      },
    },
    async () => ({ layout: await payslipLayout(app.db) }),
  );

  app.put(
    '/api/payroll/payslip-layout',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary: "Sets the organisation's payslip layout (a user who reaches every unit)",
        body: ZLayoutBody,
        response: { 200: ZLayoutBody },
      },
    },
    async (request) => {
      const { auth } = request;
      if (auth.unitIds !== 'all')
        throw new Forbidden("The payslip layout is the whole organisation's: only a user of every unit may change it");
      const layout = request.body.layout;
      await app.db.transaction(async (tx) => {
        const before = await setPayslipLayout(tx, layout, auth.userId);
        if (before !== layout) {
          await writeAudit(tx, {
            entity: 'organisation',
            entityId: 1,
            action: 'update',
            before: { payslipLayout: before },
            after: { payslipLayout: layout },
            userId: auth.userId,
            requestId: request.id,
          });
        }
      });
      return { layout };
    },
  );
};
