// What a payment needs set up once: the bank file layouts (data; an administrator adds a bank's layout) and each
// unit's salary account (the debit account of the bank file and the advice letter's addressee).
import { MENU, ZBankLayout, ZBankLayoutInput, ZIdParams, ZUnitBankAccount, ZUnitBankAccountInput, ZUnitIdParams } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../lib/responses';
import { addLayout, retireLayout } from './layout-admin';
import { listLayouts } from './layouts';
import { listUnitAccounts, setUnitAccount } from './unit-accounts';

const tags = ['payments'];

export const paymentLayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/layouts',
    {
      // Also to the settlement menu: a full and final settlement is paid in the same layouts.
      config: { access: { menu: [MENU.salaryProcess, MENU.settlement], action: 'view' } },
      schema: { tags, summary: 'The bank file layouts (built-in banks first)', response: { 200: z.array(ZBankLayout) } },
    },
    async () => listLayouts(app.db),
  );

  app.post(
    '/api/payments/layouts',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'add' } },
      schema: {
        tags,
        summary: "Adds a bank's file layout (administrators): columns with heading, source field, width / format; 409 for a name in use",
        body: ZBankLayoutInput,
        response: { 201: ZBankLayout },
      },
    },
    async (request, reply) => reply.code(201).send(await addLayout(app.db, request.auth, request.body, request.id)),
  );

  app.delete(
    '/api/payments/layouts/:id',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'delete' } },
      schema: {
        tags,
        summary: 'Retires a layout an administrator added (built-in ones stay)',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await retireLayout(app.db, request.auth, request.params.id, request.id);
      return reply.code(204).send(null);
    },
  );
};

export const paymentAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/accounts',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: { tags, summary: "The salary accounts of the caller's units", response: { 200: z.array(ZUnitBankAccount) } },
    },
    async (request) => listUnitAccounts(app.db, request.auth),
  );

  app.put(
    '/api/payments/accounts/:unitId',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary:
          "Sets a unit's salary account (debit account of the bank file, addressee of the advice letter); 404 outside the caller's units",
        params: ZUnitIdParams,
        body: ZUnitBankAccountInput,
        response: { 200: ZUnitBankAccount },
      },
    },
    async (request) => setUnitAccount(app.db, request.auth, request.params.unitId, request.body, request.id),
  );
};
