// The payments API (issue 26): a final run's bank file (the contract's `?format=csv`, or a bank's `?layout=`), a batch
// of one month's runs of several units, the advice letter to the branch, the payment list (with the cash / cheque
// list), marking payments made and the bank's response file. Payroll users of the run's units (404 outside them);
// self-service sign-ins hold no salary-process menu (403).
import {
  MENU,
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import type { AuthContext } from '../access/context';
import { loadRun, type RunRow } from '../payroll/runs';
import { adviceInput, makeBankFile } from './files';
import { sendBankFile, sendOrRefuse } from './http';
import { loadLayout } from './layouts';
import { importRunResponse, markRunPaid, monthRuns, runPayments } from './run-payments';

const tags = ['payments'];
const view = { menu: MENU.salaryProcess, action: 'view' } as const;
const edit = { menu: MENU.salaryProcess, action: 'edit' } as const;

export const paymentFileRoutes: FastifyPluginAsyncZod = async (app) => {
  async function answerFile(reply: FastifyReply, runs: RunRow[], q: z.infer<typeof ZBankFileQuery>, auth: AuthContext, requestId: string) {
    const layout = await loadLayout(app.db, q.layout);
    const audit = {
      entity: 'payroll_runs',
      entityId: runs.map((r) => r.id).join(','),
      layoutName: layout.name,
      userId: auth.userId,
      requestId,
    };
    return sendBankFile(app.db, reply, audit, () =>
      makeBankFile(app.db, runs, layout, { valueDate: q.valueDate, narration: q.narration, pendingOnly: q.pendingOnly === 'true' }),
    );
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
      const runs = await monthRuns(app.db, request.auth, request.query);
      return answerFile(reply, runs, request.query, request.auth, request.id);
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
      return sendOrRefuse(reply, request.id, async () => {
        const input = await adviceInput(app.db, run, request.query.valueDate);
        return { file: { fileName: input.fileName, mime: 'application/pdf' }, body: await renderPdf(buildBankAdviceDoc(input)) };
      });
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
      return runPayments(app.db, run, request.query.mode);
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
      return (await runPayments(app.db, run, 'cashCheque')).rows;
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
      await markRunPaid(app.db, request.auth, run, request.body, request.id);
      return runPayments(app.db, run);
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
      return importRunResponse(app.db, request.auth, run, request.body.content, request.id);
    },
  );
};
