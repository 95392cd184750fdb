// The payments API (issue 26): a final run's bank file (the contract's `?format=csv`, or a bank's `?layout=`), a batch
// of one month's runs of several units, the advice letter to the branch, the payment list (with the cash / cheque
// list), marking payments made and the bank's response file. Payroll users of the run's units (404 outside them);
// self-service sign-ins hold no salary-process menu (403).
import {
  MENU,
  type TRunPayments,
  ZBankBatchQuery,
  ZBankFileQuery,
  ZBankFileRefused,
  ZBankResponse,
  ZBankResponseResult,
  ZMarkPaid,
  ZPaymentListQuery,
  ZRunIdParams,
  ZRunPayments,
  ZSlipPayment,
} from '@hr/contract';
import { buildBankAdviceDoc } from '@hr/documents';
import { renderPdf } from '@hr/documents/node';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { canReachUnit } from '../access/context';
import { loadRun, type RunRow } from '../payroll/runs';
import { ofSlip, paymentRows, paymentView } from './data';
import { adviceInput, BankDetailsMissing, type BankFile, makeBankFile } from './files';
import { loadLayout } from './layouts';
import { importResponse, markPaid } from './status';

const tags = ['payments'];
const view = { menu: MENU.salaryProcess, action: 'view' } as const;
const edit = { menu: MENU.salaryProcess, action: 'edit' } as const;

function sendFile(reply: FastifyReply, file: { fileName: string; mime: string }, body: string | Buffer) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

function refused(reply: FastifyReply, e: BankDetailsMissing, requestId: string) {
  return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: e.message, requestId, problems: e.problems });
}

function paymentsOf(run: RunRow, rows: Awaited<ReturnType<typeof paymentRows>>): TRunPayments {
  const sum = (f: (r: (typeof rows)[number]) => boolean) => toRupees(rows.filter(f).reduce((s, r) => s + r.amount, 0));
  return {
    runId: run.id,
    status: run.status,
    rows: rows.map(paymentView),
    totals: {
      amount: sum(() => true),
      paid: sum((r) => r.status === 'paid'),
      pending: sum((r) => r.status === 'pending'),
      bank: sum((r) => r.mode === 'bank'),
      cash: sum((r) => r.mode === 'cash'),
      cheque: sum((r) => r.mode === 'cheque'),
    },
  };
}

export const paymentFileRoutes: FastifyPluginAsyncZod = async (app) => {
  async function answerFile(
    reply: FastifyReply,
    runs: RunRow[],
    q: z.infer<typeof ZBankFileQuery>,
    auth: { userId: number },
    requestId: string,
  ) {
    const layout = await loadLayout(app.db, q.layout);
    let file: BankFile;
    try {
      file = await makeBankFile(app.db, runs, layout, {
        valueDate: q.valueDate,
        narration: q.narration,
        pendingOnly: q.pendingOnly === 'true',
      });
    } catch (e) {
      if (e instanceof BankDetailsMissing) return refused(reply, e, requestId);
      throw e;
    }
    await writeAudit(app.db, {
      entity: 'payroll_runs',
      entityId: runs.map((r) => r.id).join(','),
      action: 'bank-file',
      after: { layout: layout.name, employees: file.count, total: toRupees(file.total) },
      userId: auth.userId,
      requestId,
    });
    return sendFile(reply, file, file.text);
  }

  app.get(
    '/api/payroll/runs/:id/bank-file',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          'The bank transfer file of an approved or locked run: format=csv (Employee Code, Employee Name, Account Number, IFSC, Amount…) or a bank layout; one row per employee paid by bank, the amount paid in rupees; 409 for another state or with the employees whose bank details need correcting',
        params: ZRunIdParams,
        querystring: ZBankFileQuery,
        response: { 200: fileResponse('text/csv'), 409: ZBankFileRefused.or(z.any()) },
      },
    },
    async (request, reply) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      return answerFile(reply, [run], request.query, request.auth, request.id);
    },
  );

  app.get(
    '/api/payments/bank-file',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "One bank file for a month's runs of several units (each approved or locked; 404 for a unit out of reach or without a run)",
        querystring: ZBankBatchQuery,
        response: { 200: fileResponse('text/csv'), 409: ZBankFileRefused.or(z.any()) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const runs: RunRow[] = [];
      for (const unitId of q.unitIds) {
        if (!canReachUnit(request.auth, unitId)) throw new NotFound('Salary run not found');
        const [found] = await queryRows<{ id: number }>(
          app.db,
          sql`select id from payroll_runs where unit_id = ${unitId} and year = ${q.year} and month = ${q.month}`,
        );
        if (!found) throw new NotFound(`No salary run of unit ${unitId} for ${q.year}-${String(q.month).padStart(2, '0')}`);
        runs.push(await loadRun(app.db, request.auth, found.id));
      }
      return answerFile(reply, runs, q, request.auth, request.id);
    },
  );

  app.get(
    '/api/payroll/runs/:id/bank-advice',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "The bank advice letter (PDF) of an approved or locked run: to the unit's salary account branch, the total in figures and words, the list",
        params: ZRunIdParams,
        querystring: ZBankFileQuery.pick({ valueDate: true }),
        response: { 200: fileResponse('application/pdf'), 409: ZBankFileRefused.or(z.any()) },
      },
    },
    async (request, reply) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      try {
        const input = await adviceInput(app.db, run, request.query.valueDate);
        const pdf = await renderPdf(buildBankAdviceDoc(input));
        return sendFile(reply, { fileName: input.fileName, mime: 'application/pdf' }, pdf);
      } catch (e) {
        if (e instanceof BankDetailsMissing) return refused(reply, e, request.id);
        throw e;
      }
    },
  );
};

export const paymentStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/payments',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "Each slip's payment: mode, account, amount paid, paid on / pending (with the bank's reason when returned); mode filters",
        params: ZRunIdParams,
        querystring: ZPaymentListQuery,
        response: { 200: ZRunPayments },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      const mode = request.query.mode;
      const filter =
        mode === 'cashCheque'
          ? sql`and ${ofSlip('pay_mode_id')} <> 2`
          : mode
            ? sql`and ${ofSlip('pay_mode_id')} = ${{ cash: 1, bank: 2, cheque: 3 }[mode]}`
            : sql``;
      return paymentsOf(run, await paymentRows(app.db, sql`r.id = ${run.id} ${filter}`));
    },
  );

  app.get(
    '/api/payroll/runs/:id/cash-cheque',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The employees of the run paid by cash or cheque, with the cheque numbers once issued',
        params: ZRunIdParams,
        response: { 200: z.array(ZSlipPayment) },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      return (await paymentRows(app.db, sql`r.id = ${run.id} and ${ofSlip('pay_mode_id')} <> 2`)).map(paymentView);
    },
  );

  app.post(
    '/api/payroll/runs/:id/payments/mark-paid',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Marks the run's pending payments (or the chosen employees') paid with the value date and the bank's UTR or a cheque; 409 unless approved or locked",
        params: ZRunIdParams,
        body: ZMarkPaid,
        response: { 200: ZRunPayments },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      await markPaid(app.db, request.auth, run, request.body, request.id);
      return paymentsOf(run, await paymentRows(app.db, sql`r.id = ${run.id}`));
    },
  );

  app.post(
    '/api/payroll/runs/:id/payments/bank-response',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Reads the bank's response file (CSV: employee code or account, amount, status, UTR, reason): paid lines are marked paid, failed ones go back to pending with the reason; all or nothing",
        params: ZRunIdParams,
        body: ZBankResponse,
        response: { 200: ZBankResponseResult },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      return importResponse(app.db, request.auth, run, request.body.content, request.id);
    },
  );
};
