// Adding, changing and deleting an employee record, and creating the employee's sign-in account.
import { MENU, ZCreateUserAccount, ZEmployee, ZEmployeeInput, ZIdParams } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../lib/responses';
import { createStorage } from '../../lib/storage';
import { readEmployee } from './read';
import { tags } from './routes';
import { createEmployee, deleteEmployee, updateEmployee } from './service';
import { createUserAccount } from './user-account';

export const employeeRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);

  app.post(
    '/api/employees',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: { tags, summary: 'Add an employee', body: ZEmployeeInput, response: { 201: ZEmployee } },
    },
    async (request, reply) => {
      const row = await createEmployee(app.db, request.auth, request.body, request.id);
      return reply.code(201).send(await readEmployee(app.db, request.auth, row.id));
    },
  );

  app.post(
    '/api/employees/:id',
    {
      config: { access: { menu: MENU.employee, action: 'edit' } },
      schema: { tags, summary: 'Update an employee', params: ZIdParams, body: ZEmployeeInput, response: { 200: ZEmployee } },
    },
    async (request) => {
      await updateEmployee(app.db, request.auth, request.params.id, request.body, request.id);
      return readEmployee(app.db, request.auth, request.params.id);
    },
  );

  app.delete(
    '/api/employees/:id',
    {
      config: { access: { menu: MENU.employee, action: 'delete' } },
      schema: { tags, summary: 'Delete an employee nothing uses yet (409 otherwise)', params: ZIdParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const keys = await deleteEmployee(app.db, request.auth, request.params.id, request.id);
      for (const k of keys) await storage.delete(k).catch(() => {});
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/employees/:id/user-account',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: {
        tags,
        summary: 'Create the sign-in account of an employee (role Employee by default)',
        params: ZIdParams,
        body: ZCreateUserAccount,
        response: { 201: z.object({ userId: z.number(), userName: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = await createUserAccount(app.db, request.auth, request.params.id, request.body, request.id);
      return reply.code(201).send({ userId: user.id, userName: user.userName });
    },
  );
};
