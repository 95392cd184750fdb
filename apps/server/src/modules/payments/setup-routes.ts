// What a payment needs set up once: the bank file layouts (data; an administrator adds a bank's layout) and each
// unit's salary account (the debit account of the bank file and the advice letter's addressee).
import { MENU, ZBankLayout, ZBankLayoutInput, ZIdParams, ZUnitBankAccount, ZUnitBankAccountInput, ZUnitIdParams } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankFileLayouts, unitBankAccounts, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Forbidden, NotFound } from '../../lib/errors';
import { noContent } from '../../lib/responses';
import { canReachUnit, unitScope } from '../access/context';
import { layoutView, listLayouts } from './layouts';

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
    async (request, reply) => {
      if (!request.auth.isAdmin) throw new Forbidden('Only an administrator adds a bank file layout');
      const b = request.body;
      const [row] = await app.db
        .insert(bankFileLayouts)
        .values({
          ...b,
          bankName: b.bankName ?? null,
          source: b.source ?? null,
          createdBy: request.auth.userId,
          updatedBy: request.auth.userId,
        })
        .returning();
      await writeAudit(app.db, {
        entity: 'bank_file_layouts',
        entityId: row.id,
        action: 'create',
        after: row,
        userId: request.auth.userId,
        requestId: request.id,
      });
      return reply.code(201).send(layoutView(row));
    },
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
      if (!request.auth.isAdmin) throw new Forbidden('Only an administrator retires a bank file layout');
      const [row] = await app.db
        .update(bankFileLayouts)
        .set({ isActive: false, updatedAt: new Date(), updatedBy: request.auth.userId })
        .where(and(eq(bankFileLayouts.id, request.params.id), eq(bankFileLayouts.isBuiltIn, false), eq(bankFileLayouts.isActive, true)))
        .returning({ id: bankFileLayouts.id });
      if (!row) throw new NotFound('Bank file layout not found');
      await writeAudit(app.db, {
        entity: 'bank_file_layouts',
        entityId: row.id,
        action: 'delete',
        userId: request.auth.userId,
        requestId: request.id,
      });
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
    async (request) =>
      app.db
        .select({
          unitId: unitBankAccounts.unitId,
          accountNo: unitBankAccounts.accountNo,
          ifsc: unitBankAccounts.ifsc,
          bankName: unitBankAccounts.bankName,
          branch: unitBankAccounts.branch,
          branchAddress: unitBankAccounts.branchAddress,
          clientCode: unitBankAccounts.clientCode,
        })
        .from(unitBankAccounts)
        .where(unitScope(request.auth, unitBankAccounts.unitId))
        .orderBy(unitBankAccounts.unitId),
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
    async (request) => {
      const unitId = request.params.unitId;
      const [unit] = await app.db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
      if (!unit || !canReachUnit(request.auth, unitId)) throw new NotFound('Unit not found');
      const b = request.body;
      const values = {
        ...b,
        branchAddress: b.branchAddress ?? null,
        clientCode: b.clientCode ?? null,
        updatedAt: new Date(),
        updatedBy: request.auth.userId,
      };
      const [before] = await app.db.select().from(unitBankAccounts).where(eq(unitBankAccounts.unitId, unitId));
      const [row] = await app.db
        .insert(unitBankAccounts)
        .values({ unitId, ...values, createdBy: request.auth.userId })
        .onConflictDoUpdate({ target: unitBankAccounts.unitId, set: values })
        .returning();
      await writeAudit(app.db, {
        entity: 'unit_bank_accounts',
        entityId: unitId,
        action: before ? 'update' : 'create',
        before,
        after: row,
        userId: request.auth.userId,
        requestId: request.id,
      });
      return {
        unitId: row.unitId,
        accountNo: row.accountNo,
        ifsc: row.ifsc,
        bankName: row.bankName,
        branch: row.branch,
        branchAddress: row.branchAddress,
        clientCode: row.clientCode,
      };
    },
  );
};
