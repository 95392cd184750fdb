// Earlier salary of the financial year (issue 26, going live mid-year): the list by unit and year, the unit's Excel
// template, the upload (every row checked first; an employee in the file has the year's rows replaced by the file's;
// all rows or none) and the change or removal of one row until the year is closed for the unit (its March run
// approved or locked). Payroll users reach the employees of their units only (another's row is 404).
import {
  MENU,
  ZEarlierSalaryImported,
  ZEarlierSalaryImportQuery,
  ZEarlierSalaryInput,
  ZEarlierSalaryPage,
  ZEarlierSalaryQuery,
  ZEarlierSalaryTemplateQuery,
  ZIdParams,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse, noContent } from '../../lib/responses';
import { uploadedSheet } from '../../lib/xlsx';
import { changeEarlierSalary, importEarlierSalary, removeEarlierSalary } from './earlier-salary-changes';
import { earlierSalaryTemplate, listEarlierSalary } from './earlier-salary-office';

const menu = MENU.earlierSalary;
const tags = ['tax'];

type App = Parameters<FastifyPluginAsyncZod>[0];

function listRoutes(app: App) {
  app.get(
    '/api/tax/earlier-salary',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "The salary of the financial year paid before going live, by employee (this employer's months, a previous employer)",
        querystring: ZEarlierSalaryQuery,
        response: { 200: ZEarlierSalaryPage },
      },
    },
    async (request) => listEarlierSalary(app.db, request.auth, request.query),
  );

  app.get(
    '/api/tax/earlier-salary/template',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "An .xlsx listing the unit's staff, a column per figure: fill the rows of salary paid before going live",
        querystring: ZEarlierSalaryTemplateQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const file = await earlierSalaryTemplate(app.db, request.auth, Number(request.query.unitId));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Earlier_Salary_${request.query.financialYear}.xlsx"`)
        .send(file);
    },
  );
}

function importRoute(app: App) {
  app.post(
    '/api/tax/earlier-salary/import',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary:
          'Uploads the earlier salary of a financial year (.xlsx, the template): every row checked first, all rows or none; an employee in the file has the year’s rows replaced',
        consumes: ['multipart/form-data'],
        querystring: ZEarlierSalaryImportQuery,
        response: { 200: ZEarlierSalaryImported },
      },
    },
    async (request) => {
      const fy = request.query.financialYear;
      const sheet = await uploadedSheet(request, 20 * 1024 * 1024, 'an earlier salary sheet');
      return importEarlierSalary(app.db, request.auth, fy, sheet, request.id);
    },
  );
}

function changeRoutes(app: App) {
  app.put(
    '/api/tax/earlier-salary/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes one row of earlier salary (until the year is closed for the unit)',
        params: ZIdParams,
        body: ZEarlierSalaryInput,
        response: { 200: ZEarlierSalaryPage.shape.rows.element },
      },
    },
    async (request) => changeEarlierSalary(app.db, request.auth, Number(request.params.id), request.body, request.id),
  );

  app.delete(
    '/api/tax/earlier-salary/:id',
    {
      config: { access: { menu, action: 'delete' } },
      schema: {
        tags,
        summary: 'Removes one row of earlier salary (until the year is closed for the unit)',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeEarlierSalary(app.db, request.auth, Number(request.params.id), request.id);
      return reply.code(204).send(null);
    },
  );
}

export const earlierSalaryRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app);
  importRoute(app);
  changeRoutes(app);
};
