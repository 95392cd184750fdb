// The salary process API: runs (create, process as a job, approve level by level, lock, unlock), their
// records in the spec's shape, the salary register, and payslips for employees and payroll users.
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
import { toRupees } from '@hr/payroll';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payrollRuns, units } from '../../db/schema';
import { enqueue } from '../../jobs/runner';
import { Conflict, NotFound } from '../../lib/errors';
import { FINAL_RUN, finalStatus, isFinalRunStatus } from '../../lib/month-lock';
import { unitScope } from '../access/context';
import { advanceRoutes } from './advance-routes';
import { attendanceRoutes } from './attendance-routes';
import { bonusRoutes } from './bonus-routes';
import { emailPayslipsJob } from './email';
import { formulaRoutes } from './formula-routes';
import { netFigures, runNets } from './net-paid';
import { payslipViewRoutes } from './payslip-view-routes';
import { runApprovalRoutes } from './run-approval-routes';
import { approveRun, createRun, loadRun, lockRun, runView, setRunPaymentDate, startProcess, unlockRun } from './runs';
import { runEmployees, slipRecords } from './slips';
import { statutoryReturnRoutes } from './statutory-routes';
import { structureImportRoutes, structureRoutes } from './structure-routes';

/** Months whose payslips employees see. */

export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const view = { menu: MENU.salaryProcess, action: 'view' } as const;

  app.get(
    '/api/payroll/runs',
    {
      config: { access: view },
      schema: { tags, summary: 'Salary runs (paged), newest month first', querystring: ZRunListQuery, response: { 200: ZRunPage } },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        unitScope(request.auth, payrollRuns.unitId),
        q.unitId ? eq(payrollRuns.unitId, Number(q.unitId)) : undefined,
        q.year ? eq(payrollRuns.year, q.year) : undefined,
        // April of the financial year to March of the next
        q.financialYear
          ? sql`${payrollRuns.year} * 12 + ${payrollRuns.month} between ${q.financialYear * 12 + 4} and ${q.financialYear * 12 + 15}`
          : undefined,
        q.month ? eq(payrollRuns.month, q.month) : undefined,
        q.status && q.status !== 'processing' ? eq(payrollRuns.status, q.status) : undefined,
        q.status === 'processing'
          ? sql`exists (select 1 from jobs j where j.id = ${payrollRuns.jobId} and j.state in ('queued', 'running'))`
          : undefined,
      ) as SQL | undefined;
      const rows = await app.db
        .select({
          id: payrollRuns.id,
          unitId: payrollRuns.unitId,
          unitName: units.name,
          year: payrollRuns.year,
          month: payrollRuns.month,
          status: payrollRuns.status,
          running: sql<boolean>`exists (select 1 from jobs j where j.id = ${payrollRuns.jobId} and j.state in ('queued', 'running'))`,
          employeeCount: payrollRuns.employeeCount,
          gross: payrollRuns.gross,
          deductions: payrollRuns.deductions,
          processedAt: payrollRuns.processedAt,
          lockedAt: payrollRuns.lockedAt,
          paidOn: payrollRuns.paidOn,
          parentRunId: payrollRuns.parentRunId,
        })
        .from(payrollRuns)
        .innerJoin(units, eq(units.id, payrollRuns.unitId))
        .where(where)
        .orderBy(desc(payrollRuns.year), desc(payrollRuns.month), units.name)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [{ total }] = await app.db.select({ total: count() }).from(payrollRuns).where(where);
      const nets = await runNets(
        app.db,
        rows.map((r) => r.id),
      );
      return {
        total,
        rows: rows.map(({ running, ...r }) => ({
          ...r,
          status: running ? ('processing' as const) : (r.status as 'draft'),
          gross: toRupees(r.gross),
          deductions: toRupees(r.deductions),
          // The amount paid (the slips' nets rounded to ₹10 as their payslips print them), the exact net and the round-off.
          ...netFigures(nets.get(r.id)?.paid ?? 0, nets.get(r.id)?.exact ?? 0),
          processedAt: r.processedAt?.toISOString() ?? null,
          lockedAt: r.lockedAt?.toISOString() ?? null,
        })),
      };
    },
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
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
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
    async (request) =>
      runView(
        app.db,
        request.auth,
        await approveRun(
          app.db,
          request.auth,
          request.params.id,
          request.body?.remark ?? null,
          request.id,
          request.body?.withoutFailed?.reason,
        ),
        !!app.config.smtpUrl,
      ),
  );

  app.post(
    '/api/payroll/runs/:id/lock',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Locks an approved run: its month refuses every change. paidOn (YYYY-MM-DD, default today) is the date of payment printed in Form B and 24Q',
        params: ZRunIdParams,
        body: ZLockRun.nullish(),
        response: { 200: ZRun },
      },
    },
    async (request) =>
      runView(
        app.db,
        request.auth,
        await lockRun(app.db, request.auth, request.params.id, request.id, request.body?.paidOn),
        !!app.config.smtpUrl,
      ),
  );

  app.post(
    '/api/payroll/runs/:id/payment-date',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Sets or corrects the date the wages of an approved or locked run were paid (not before the wage month, not after today); audited',
        params: ZRunIdParams,
        body: ZRunPaymentDate,
        response: { 200: ZRun },
      },
    },
    async (request) =>
      runView(
        app.db,
        request.auth,
        await setRunPaymentDate(app.db, request.auth, request.params.id, request.body.paidOn, request.id),
        !!app.config.smtpUrl,
      ),
  );

  app.post(
    '/api/payroll/runs/:id/unlock',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary: 'Unlocks an approved or locked run (administrators, with a reason)',
        params: ZRunIdParams,
        body: ZUnlockRun,
        response: { 200: ZRun },
      },
    },
    async (request) =>
      runView(
        app.db,
        request.auth,
        await unlockRun(app.db, request.auth, request.params.id, request.body.reason, request.id),
        !!app.config.smtpUrl,
      ),
  );

  app.post(
    '/api/payroll/runs/:id/email',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
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
      const run = await loadRun(app.db, request.auth, request.params.id);
      if (!app.config.smtpUrl) throw new Conflict('E-mail is not set up on this server (SMTP_URL)');
      if (!isFinalRunStatus(run.status)) throw new Conflict('Payslips are e-mailed once the month is approved');
      const jobId = await enqueue(
        app.db,
        emailPayslipsJob,
        { runId: run.id, protect: request.body.protect, userId: request.auth.userId },
        { createdBy: request.auth.userId },
      );
      app.jobs.kick();
      return reply.code(202).send({ jobId: jobId as number });
    },
  );

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
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      return slipRecords(app.db, sql`r.id = ${run.id}`);
    },
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
    async (request) => {
      const employeeId = request.auth.employeeId;
      if (!employeeId) throw new NotFound('No employee record is linked to this sign-in');
      const q = request.query;
      const [slip] = await slipRecords(
        app.db,
        sql`s.employee_id = ${employeeId} and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`,
      );
      if (!slip) throw new NotFound('No approved payslip for this month');
      return slip;
    },
  );

  app.get(
    '/api/payroll/payslips/me/months',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: "Months with the caller's approved payslip, newest first", response: { 200: ZPayslipMonths } },
    },
    async (request) => {
      const employeeId = request.auth.employeeId;
      if (!employeeId) return [];
      return app.db
        .select({ year: payrollRuns.year, month: payrollRuns.month })
        .from(payrollRuns)
        .where(
          sql`${finalStatus(sql`${payrollRuns.status}`)} and exists (select 1 from salary_slips s where s.run_id = ${payrollRuns.id} and s.employee_id = ${employeeId})`,
        )
        .orderBy(desc(payrollRuns.year), desc(payrollRuns.month));
    },
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
    async (request) => {
      const q = request.query;
      const reach = request.auth.unitIds;
      const ids = reach === 'all' ? q.unitIds : q.unitIds.filter((u) => reach.includes(u));
      if (ids.length === 0) return [];
      return slipRecords(
        app.db,
        sql`r.unit_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int) and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`,
      );
    },
  );

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
