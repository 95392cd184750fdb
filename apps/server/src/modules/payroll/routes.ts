// The salary process API: runs (create, process as a job, approve level by level, lock, unlock), their
// records in the spec's shape, the salary register, and payslips for employees and payroll users. Each route calls
// one function of runs.ts, run-list.ts, payslips.ts or slips.ts; the other payroll screens' routes are registered here.
import {
  MENU,
  ZApproveRun,
  ZCreateRun,
  ZJobStarted,
  ZLockRun,
  ZPayslipBatchQuery,
  ZPayslipMonths,
  ZPayslipQuery,
  ZProcessRun,
  ZRun,
  ZRunEmployee,
  ZRunIdParams,
  ZRunListQuery,
  ZRunPage,
  ZRunPaymentDate,
  ZSalarySlip,
  ZUnlockRun,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advanceRoutes } from './advance-routes';
import { attendanceRoutes } from './attendance-routes';
import { bonusRoutes } from './bonus-routes';
import { formulaRoutes } from './formula-routes';
import { payslipViewRoutes } from './payslip-view-routes';
import { ownPayslip, ownPayslipMonths, payslipBatch, runSlips, startPayslipEmails } from './payslips';
import { runApprovalRoutes } from './run-approval-routes';
import { listRuns } from './run-list';
import { approveRun, createRun, loadRun, lockRun, runView, setRunPaymentDate, startProcess, unlockRun } from './runs';
import { runEmployees } from './slips';
import { statutoryReturnRoutes } from './statutory-routes';
import { structureImportRoutes, structureRoutes } from './structure-routes';

type App = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['payroll'];
const view = { menu: MENU.salaryProcess, action: 'view' } as const;
const edit = { menu: MENU.salaryProcess, action: 'edit' } as const;

export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  runRoutes(app);
  runStateRoutes(app);
  payslipRoutes(app);
  await app.register(formulaRoutes);
  await app.register(structureImportRoutes);
  await app.register(structureRoutes);
  await app.register(advanceRoutes);
  await app.register(bonusRoutes);
  await app.register(attendanceRoutes);
  await app.register(statutoryReturnRoutes);
  await app.register(runApprovalRoutes);
  await app.register(payslipViewRoutes);
};

/** The runs: the list, opening one, reading one, processing it as a job and approving its levels. */
function runRoutes(app: App) {
  app.get(
    '/api/payroll/runs',
    {
      config: { access: view },
      schema: { tags, summary: 'Salary runs (paged), newest month first', querystring: ZRunListQuery, response: { 200: ZRunPage } },
    },
    async (request) => listRuns(app.db, request.auth, request.query),
  );

  app.post(
    '/api/payroll/runs',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'add' } },
      schema: { tags, summary: 'Opens a draft run for a unit and month (409 when one exists)', body: ZCreateRun, response: { 201: ZRun } },
    },
    async (request, reply) => {
      const run = await createRun(app.db, request.auth, request.body, request.id);
      return reply.code(201).send(await runView(app.db, request.auth, run, !!app.config.smtpUrl));
    },
  );

  app.get(
    '/api/payroll/runs/:id',
    {
      config: { access: view },
      schema: { tags, summary: 'One run with its totals, errors, approval and progress', params: ZRunIdParams, response: { 200: ZRun } },
    },
    async (request) => runView(app.db, request.auth, await loadRun(app.db, request.auth, request.params.id), !!app.config.smtpUrl),
  );

  app.post(
    '/api/payroll/runs/:id/process',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Processes (or reprocesses) the run, or some of its employees, as a job (202 { jobId }); 409 when approved or locked',
        params: ZRunIdParams,
        body: ZProcessRun.nullish(),
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const jobId = await startProcess(app.db, request.auth, request.params.id, request.body?.employeeIds);
      app.jobs.kick();
      return reply.code(202).send({ jobId });
    },
  );

  app.post(
    '/api/payroll/runs/:id/approve',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'approve' } },
      schema: {
        tags,
        summary: "Approves the run's current level (the unit's salary approver of that level; levels in order)",
        params: ZRunIdParams,
        body: ZApproveRun.optional(),
        response: { 200: ZRun },
      },
    },
    async (request) => {
      const b = request.body;
      const run = await approveRun(app.db, request.auth, request.params.id, b?.remark ?? null, request.id, b?.withoutFailed?.reason);
      return runView(app.db, request.auth, run, !!app.config.smtpUrl);
    },
  );
}

/** An approved run's later states: locked, its payment date, unlocked, and its payslips e-mailed. */
function runStateRoutes(app: App) {
  app.post(
    '/api/payroll/runs/:id/lock',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          'Locks an approved run: its month refuses every change. paidOn (YYYY-MM-DD, default today) is the date of payment printed in Form B and 24Q',
        params: ZRunIdParams,
        body: ZLockRun.nullish(),
        response: { 200: ZRun },
      },
    },
    async (request) => {
      const run = await lockRun(app.db, request.auth, request.params.id, request.id, request.body?.paidOn);
      return runView(app.db, request.auth, run, !!app.config.smtpUrl);
    },
  );

  app.post(
    '/api/payroll/runs/:id/payment-date',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          'Sets or corrects the date the wages of an approved or locked run were paid (not before the wage month, not after today); audited',
        params: ZRunIdParams,
        body: ZRunPaymentDate,
        response: { 200: ZRun },
      },
    },
    async (request) => {
      const run = await setRunPaymentDate(app.db, request.auth, request.params.id, request.body.paidOn, request.id);
      return runView(app.db, request.auth, run, !!app.config.smtpUrl);
    },
  );

  app.post(
    '/api/payroll/runs/:id/unlock',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Unlocks an approved or locked run (administrators, with a reason)',
        params: ZRunIdParams,
        body: ZUnlockRun,
        response: { 200: ZRun },
      },
    },
    async (request) => {
      const run = await unlockRun(app.db, request.auth, request.params.id, request.body.reason, request.id);
      return runView(app.db, request.auth, run, !!app.config.smtpUrl);
    },
  );

  app.post(
    '/api/payroll/runs/:id/email',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          'E-mails each employee of an approved or locked run their payslip (optionally protected with PAN + date of birth), as a job',
        params: ZRunIdParams,
        body: z.object({ protect: z.boolean().default(false) }),
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const jobId = await startPayslipEmails(app.db, request.auth, request.params.id, request.body.protect, !!app.config.smtpUrl);
      app.jobs.kick();
      return reply.code(202).send({ jobId });
    },
  );
}

/** A run's employees and salary records, the caller's own payslips, and the payslip batch of several units. */
function payslipRoutes(app: App) {
  app.get(
    '/api/payroll/runs/:id/employees',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "The run's employees with totals and last month's net",
        params: ZRunIdParams,
        response: { 200: z.array(ZRunEmployee) },
      },
    },
    async (request) => runEmployees(app.db, await loadRun(app.db, request.auth, request.params.id)),
  );

  app.get(
    '/api/payroll/runs/:id/slips',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "The run's employee salary records (spec section 3)",
        params: ZRunIdParams,
        response: { 200: z.array(ZSalarySlip) },
      },
    },
    async (request) => runSlips(app.db, request.auth, request.params.id),
  );

  app.get(
    '/api/payroll/payslips/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's own salary record of a month (404 unless approved or locked)",
        querystring: ZPayslipQuery,
        response: { 200: ZSalarySlip },
      },
    },
    async (request) => ownPayslip(app.db, request.auth, request.query),
  );

  app.get(
    '/api/payroll/payslips/me/months',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: "Months with the caller's approved payslip, newest first", response: { 200: ZPayslipMonths } },
    },
    async (request) => ownPayslipMonths(app.db, request.auth),
  );

  app.get(
    '/api/payroll/payslips',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "Salary records of the chosen units' approved or locked runs of a month (the payslip batch)",
        querystring: ZPayslipBatchQuery,
        response: { 200: z.array(ZSalarySlip) },
      },
    },
    async (request) => payslipBatch(app.db, request.auth, request.query),
  );
}
