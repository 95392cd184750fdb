// Paying full and final settlements (issue 27) through the payments area: a settlement's bank file (or a unit's
// pending approved settlements in one file), marking it paid, and the bank's response file. Users of the settlement
// menu within the settlement's unit (404 outside it); marking paid and the response need its edit action.
import {
  MENU,
  ZBankFileRefused,
  ZBankResponse,
  ZBankResponseResult,
  ZIdParams,
  ZSettlement,
  ZSettlementBankFileQuery,
  ZSettlementMarkPaid,
} from '@hr/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import type { AuthContext } from '../access/context';
import { loadSettlement, settlementView } from '../exits/settlements';
import { sendBankFile } from './http';
import { loadLayout } from './layouts';
import {
  importSettlementResponse,
  makeSettlementBankFile,
  markSettlementPaid,
  pendingBankSettlements,
  type SettlementPaymentRow,
  settlementPaymentRows,
} from './settlement-payments';

const tags = ['payments', 'exits'];
const view = { menu: MENU.settlement, action: 'view' } as const;
const edit = { menu: MENU.settlement, action: 'edit' } as const;

export const settlementPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  async function answerFile(
    reply: FastifyReply,
    auth: AuthContext,
    requestId: string,
    rows: SettlementPaymentRow[],
    q: z.infer<typeof ZSettlementBankFileQuery>,
    stem: string,
  ) {
    const layout = await loadLayout(app.db, q.layout);
    const entityId = rows.map((r) => r.settlementId).join(',');
    const audit = { entity: 'exit_settlements', entityId, layoutName: layout.name, userId: auth.userId, requestId };
    return sendBankFile(app.db, reply, audit, () =>
      makeSettlementBankFile(app.db, rows, layout, { valueDate: q.valueDate, narration: q.narration, stem }),
    );
  }

  app.get(
    '/api/exits/settlements/:id/bank-file',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "An approved settlement's bank transfer file in a bank's layout (the same layouts as the salary's); 409 while not approved, when paid, when the employee owes, or with the bank details to correct",
        params: ZIdParams,
        querystring: ZSettlementBankFileQuery.omit({ unitId: true }),
        response: { 200: fileResponse('text/csv'), 409: ZBankFileRefused.or(z.any()) },
      },
    },
    async (request, reply) => {
      const x = await loadSettlement(app.db, request.auth, request.params.id);
      const rows = await settlementPaymentRows(app.db, x.id);
      return answerFile(reply, request.auth, request.id, rows, request.query, rows[0].employeeCode);
    },
  );

  app.get(
    '/api/exits/settlements/bank-file',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "One bank file of the approved settlements not yet paid by bank (a unit's with unitId), the employee owing none",
        querystring: ZSettlementBankFileQuery,
        response: { 200: fileResponse('text/csv'), 409: ZBankFileRefused.or(z.any()) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await pendingBankSettlements(app.db, request.auth, q.unitId ? Number(q.unitId) : undefined);
      return answerFile(reply, request.auth, request.id, rows, q, q.unitId ? `unit${q.unitId}` : 'Batch');
    },
  );

  app.post(
    '/api/exits/settlements/:id/mark-paid',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: "Marks an approved settlement paid (value date, the bank's UTR or a cheque); 409 unless approved with a net to pay",
        params: ZIdParams,
        body: ZSettlementMarkPaid,
        response: { 200: ZSettlement },
      },
    },
    async (request) => {
      const x = await loadSettlement(app.db, request.auth, request.params.id);
      await markSettlementPaid(app.db, request.auth, x.id, request.body, request.id);
      return settlementView(app.db, request.auth, x.id);
    },
  );

  app.post(
    '/api/exits/settlements/bank-response',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Reads the bank's response file for settlements (CSV: employee code or account, amount, status, UTR, reason): paid lines marked paid, failed ones pending with the reason; all or nothing",
        body: ZBankResponse,
        response: { 200: ZBankResponseResult },
      },
    },
    async (request) => {
      return importSettlementResponse(app.db, request.auth, request.body.content, request.id);
    },
  );
};
