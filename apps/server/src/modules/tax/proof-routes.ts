// The proof files of a declaration's lines (proofs.ts): attached, downloaded and removed by the employee (until the
// year's proof cut-off) and by payroll users of the employee's units (any time).
import { DECLARATION_SECTIONS, MENU, ZIdText, ZTaxDeclarationQuery } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse, noContent, sendStoredFile } from '../../lib/responses';
import { createStorage } from '../../lib/storage';
import { readUpload } from '../../lib/upload';
import { attachProof, currentFinancialYear, PROOF_KINDS, type ProofTarget, proofFile, removeProof } from './proofs';

const ZProofParams = z.object({ employeeId: ZIdText, section: z.enum(DECLARATION_SECTIONS) }).strict();
export const ZTaxProofFile = z.object({ section: z.enum(DECLARATION_SECTIONS), fileName: z.string(), sizeBytes: z.number() });

/** The declared section a request names, in the query's financial year (default: the current one). */
const targetOf = (params: z.output<typeof ZProofParams>, query: { financialYear?: string }): ProofTarget => ({
  employeeId: params.employeeId,
  section: params.section,
  financialYear: query.financialYear ?? currentFinancialYear(),
});

export const taxProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const maxBytes = Math.round(app.config.uploadMaxMb * 1024 * 1024);
  const tags = ['payroll'];
  const path = '/api/payroll/tax-declarations/:employeeId/proofs/:section';
  const menus = [MENU.salaryProcess, MENU.taxDeclaration];

  app.post(
    path,
    {
      config: { access: { menu: menus, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Attaches the proof of a declared section (multipart; PDF, JPEG or PNG by content): the employee until the proof cut-off, payroll users any time',
        params: ZProofParams,
        querystring: ZTaxDeclarationQuery,
        consumes: ['multipart/form-data'],
        response: { 201: ZTaxProofFile },
      },
    },
    async (request, reply) => {
      const { section } = request.params;
      const read = () => readUpload(request, { maxBytes, allowed: PROOF_KINDS, fallbackName: `Proof ${section}`, what: 'a proof' });
      const saved = await attachProof(app.db, storage, request.auth, targetOf(request.params, request.query), read, request.id);
      return reply.code(201).send(saved);
    },
  );

  app.get(
    path,
    {
      config: { access: { menu: menus, action: 'view' } },
      schema: {
        tags,
        summary: 'Downloads the proof of a declared section (the employee, payroll users of the unit; 404 for anyone else)',
        params: ZProofParams,
        querystring: ZTaxDeclarationQuery,
        response: { 200: fileResponse('The proof as uploaded (PDF, JPEG or PNG)') },
      },
    },
    async (request, reply) => {
      const file = await proofFile(app.db, request.auth, targetOf(request.params, request.query));
      return sendStoredFile(reply, storage, file.key, { mime: file.mime, fileName: file.fileName });
    },
  );

  app.delete(
    path,
    {
      config: { access: { menu: menus, action: 'edit' } },
      schema: {
        tags,
        summary: 'Removes the proof of a declared section (the employee until the proof cut-off, payroll users any time)',
        params: ZProofParams,
        querystring: ZTaxDeclarationQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeProof(app.db, storage, request.auth, targetOf(request.params, request.query), request.id);
      return reply.code(204).send(null);
    },
  );
};
