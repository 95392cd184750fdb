// Salary formulas (/outlet/master/salaryFormula): a formula per calculative head, by default or for one unit,
// effective from a month. Saving parses it and checks the whole set it joins (unknown names, cycles) and
// refuses a month already approved or locked; the preview computes one employee's month with a draft.
// Queries in formulas.ts and formula-preview.ts.
import { MENU, ZFormula, ZFormulaPreview, ZFormulaPreviewResult, ZIdParams, ZIdText, ZPayrollHead, ZSaveFormula } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../lib/responses';
import { previewFormula } from './formula-preview';
import { deleteFormula, formulasOf, payrollHeads, saveFormula } from './formulas';

export const formulaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const view = { menu: MENU.salaryFormula, action: 'view' } as const;

  app.get(
    '/api/payroll/heads',
    {
      config: { access: { menu: [MENU.salaryFormula, MENU.salaryIncrement, MENU.salaryProcess, MENU.salaryAdvance], action: 'view' } },
      schema: { tags, summary: 'Active earning and deduction heads, in print order', response: { 200: z.array(ZPayrollHead) } },
    },
    async () => payrollHeads(app.db),
  );

  app.get(
    '/api/payroll/formulas',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Formulas: the defaults, and with unitId that unit’s own versions too',
        querystring: z.object({ unitId: ZIdText.optional() }),
        response: { 200: z.array(ZFormula) },
      },
    },
    async (request) => formulasOf(app.db, request.auth, request.query.unitId),
  );

  app.post(
    '/api/payroll/formulas',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'add' } },
      schema: {
        tags,
        summary: 'Adds a formula version (400 naming a syntax error, unknown name or cycle)',
        body: ZSaveFormula,
        response: { 201: ZFormula },
      },
    },
    async (request, reply) => reply.code(201).send(await saveFormula(app.db, request.auth, request.body, null, request.id)),
  );

  app.put(
    '/api/payroll/formulas/:id',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes a formula version not yet used by an approved month',
        params: ZIdParams,
        body: ZSaveFormula,
        response: { 200: ZFormula },
      },
    },
    async (request) => saveFormula(app.db, request.auth, request.body, request.params.id, request.id),
  );

  app.delete(
    '/api/payroll/formulas/:id',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'delete' } },
      schema: {
        tags,
        summary: 'Removes a formula version not yet used by an approved month',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteFormula(app.db, request.auth, request.params.id, request.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/payroll/formulas/preview',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "One employee's month computed with the formulas (and a draft), nothing saved",
        body: ZFormulaPreview,
        response: { 200: ZFormulaPreviewResult },
      },
    },
    async (request) => previewFormula(app.db, request.auth, request.body),
  );
};
