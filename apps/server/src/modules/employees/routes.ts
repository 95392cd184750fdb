// The employees API: the list (paged, searched, filtered; its Excel export), the select's options and one record.
// The other sub-areas have their own route files: record-routes.ts (add, change, delete, sign-in account),
// file-routes.ts (photo and documents), profile-routes.ts (My profile and its change requests), import-routes.ts (the
// import) and id-card-routes.ts; each route declares its path, schema and access and calls a service function.
import { MENU, ZEmployee, ZEmployeeList, ZEmployeeListQuery, ZEmployeeOption, ZIdParams, ZIdText, ZSearchText } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import { exportEmployees } from './export';
import { listEmployees } from './list';
import { employeeOptions, readEmployee } from './read';

export const tags = ['employees'];
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employees',
    {
      config: { access: { menu: MENU.employee, action: 'view' } },
      schema: {
        tags,
        summary: 'Employee list (paged, sorted, searched, filtered)',
        querystring: ZEmployeeListQuery,
        response: { 200: ZEmployeeList },
      },
    },
    async (request) => listEmployees(app.db, request.auth, request.query),
  );

  app.get(
    '/api/employees/export',
    {
      config: { access: { menu: MENU.employee, action: 'view' } },
      schema: {
        tags,
        summary: 'The filtered list as Excel',
        querystring: ZEmployeeListQuery,
        response: { 200: fileResponse('The list as .xlsx') },
      },
    },
    async (request, reply) => {
      const stream = await exportEmployees(app.db, request.auth, request.query);
      reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="Employees.xlsx"');
      return reply.send(stream);
    },
  );

  app.get(
    '/api/employees/options',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Employees for a select (within reach)',
        querystring: z.object({ search: ZSearchText.optional(), unitId: ZIdText.optional() }),
        response: { 200: z.array(ZEmployeeOption) },
      },
    },
    async (request) => employeeOptions(app.db, request.auth, request.query),
  );

  app.get(
    '/api/employees/:id',
    {
      config: { access: { menu: [MENU.employee, MENU.profile, MENU.idCard], action: 'view' } },
      schema: { tags, summary: 'One employee', params: ZIdParams, response: { 200: ZEmployee } },
    },
    async (request) => readEmployee(app.db, request.auth, request.params.id),
  );
};
