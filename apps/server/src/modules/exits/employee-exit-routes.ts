// The separation and settlement on the employee's record (employee-exit.ts). Readable to those who may read the
// employee (the employee record's menu, or the separation / settlement menus).
import { MENU, ZEmployeeExit, ZIdParams } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeeExit } from './employee-exit';

export const employeeExitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employees/:id/exit',
    {
      config: { access: { menu: [MENU.employee, MENU.separation, MENU.settlement], action: 'view' } },
      schema: {
        tags: ['exits'],
        summary: "The employee's separation (type, dates, status) and its full and final settlement (status, net, paid on)",
        params: ZIdParams,
        response: { 200: ZEmployeeExit },
      },
    },
    async (request) => employeeExit(app.db, request.auth, request.params.id),
  );
};
