// Payslips on screen and the organisation's payslip layout (issue 26). An employee reads their own slip of an
// approved or locked month; payroll staff (the salary process's view) read the slips of their units' employees —
// anyone else, and anyone outside those units, gets 404 like a missing slip. The layout (the payslip as specified,
// or the Code on Wages wage slip) is an organisation-wide setting: changed by a salary-process editor who reaches
// every unit, audited. Read and written in payslips.ts and wage-slip-data.ts.
import { MENU, ZIdParams, ZPayslipLayout, ZPayslipQuery, ZSalarySlip } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePayslipLayout, employeePayslip } from './payslips';
import { payslipLayout } from './wage-slip-data';

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
    async (request) => employeePayslip(app.db, request.auth, request.params.id, request.query),
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
    async (request) => changePayslipLayout(app.db, request.auth, request.body.layout, request.id),
  );
};
