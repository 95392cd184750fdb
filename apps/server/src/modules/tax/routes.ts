// Income-tax declarations (issue 13): an employee reads and saves their own for a financial year (until the year's
// proof cut-off); payroll users read, save and mark proofs for the employees of their units (an employee outside
// them is 404); the proof cut-off per year. Each answer carries the regime comparison (declaration-view.ts). The
// proof files have their own routes (proof-routes.ts); the earlier salary of the year its own (earlier-salary-routes.ts).
import { MENU, ZIdText, ZTaxDeclaration, ZTaxDeclarationInput, ZTaxDeclarationQuery, ZTaxProofsInput, ZTaxProofWindow } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../lib/storage';
import { markProofs, saveEmployeeDeclaration, saveOwnDeclaration } from './declaration-save';
import { declarationView, employeeFor, ownEmployee } from './declaration-view';
import { proofWindows, saveProofWindow } from './proof-windows';
import { currentFinancialYear } from './proofs';

const tags = ['payroll'];
const view = { menu: MENU.salaryProcess, action: 'view' } as const;
const edit = { menu: MENU.salaryProcess, action: 'edit' } as const;
const yearOf = (q: { financialYear?: string }) => q.financialYear ?? currentFinancialYear();
const ZEmployeeParams = z.object({ employeeId: ZIdText }).strict();

export const taxDeclarationRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);

  app.get(
    '/api/payroll/tax-declarations/me',
    {
      config: { access: { menu: MENU.taxDeclaration, action: 'view' } },
      schema: {
        tags,
        summary: 'The caller’s own income-tax declaration for a financial year (default: the current one), with the regime comparison',
        querystring: ZTaxDeclarationQuery,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => declarationView(app.db, await ownEmployee(app.db, request.auth), yearOf(request.query)),
  );

  app.put(
    '/api/payroll/tax-declarations/me',
    {
      config: { access: { menu: MENU.taxDeclaration, action: 'edit' } },
      schema: {
        tags,
        summary: 'Saves the caller’s own declaration (409 after the year’s proof cut-off)',
        body: ZTaxDeclarationInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => saveOwnDeclaration(app.db, storage, request.auth, request.body, request.id),
  );

  app.get(
    '/api/payroll/tax-declarations/:employeeId',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'An employee’s income-tax declaration for a financial year (payroll users; 404 outside their units)',
        params: ZEmployeeParams,
        querystring: ZTaxDeclarationQuery,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => declarationView(app.db, await employeeFor(app.db, request.auth, request.params.employeeId), yearOf(request.query)),
  );

  app.put(
    '/api/payroll/tax-declarations/:employeeId',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Saves an employee’s declaration (payroll users, also after the proof cut-off)',
        params: ZEmployeeParams,
        body: ZTaxDeclarationInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => saveEmployeeDeclaration(app.db, storage, request.auth, request.params.employeeId, request.body, request.id),
  );

  app.post(
    '/api/payroll/tax-declarations/:employeeId/proofs',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Marks declared lines (and the rent) proved or not; after the proof cut-off only proved claims count in the run',
        params: ZEmployeeParams,
        body: ZTaxProofsInput,
        response: { 200: ZTaxDeclaration },
      },
    },
    async (request) => markProofs(app.db, request.auth, request.params.employeeId, request.body, request.id),
  );
};

/** The proof cut-off of each financial year. */
export const taxProofWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/tax-proof-windows',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The proof cut-off of each financial year that has one',
        response: { 200: z.array(z.object({ financialYear: z.string(), proofCutoff: z.string() })) },
      },
    },
    async () => proofWindows(app.db),
  );

  app.put(
    '/api/payroll/tax-proof-windows',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Sets a financial year’s proof cut-off: salary months starting after it count proved claims only',
        body: ZTaxProofWindow,
        response: { 200: ZTaxProofWindow },
      },
    },
    async (request) => {
      await saveProofWindow(app.db, request.auth, request.body, request.id);
      return request.body;
    },
  );
};
