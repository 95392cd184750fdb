// Proof files of an income-tax declaration's lines (issue 13). An employee attaches a file — PDF, JPEG or PNG by its
// content, at most the installation's UPLOAD_MAX_MB — to a section of their own declaration until the year's proof
// cut-off (a new file takes back the line's proved mark: payroll looks again); payroll users attach, read and remove
// the proofs of the employees of their units at any time, when marking lines proved. One file a line, kept in the
// one file storage (lib/storage, read by the employee documents' upload reader); the line keeps its key and name.
// Another employee's proof answers 404, as a record the caller cannot reach.
import multipart from '@fastify/multipart';
import { DECLARATION_SECTIONS, MENU, ZIdText, ZTaxDeclarationQuery } from '@hr/contract';
import { financialYearOf } from '@hr/payroll';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { employees, taxDeclarationLines, taxDeclarations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { fileResponse, noContent } from '../../lib/responses';
import { createStorage, newKey, StorageNotFound } from '../../lib/storage';
import { readUpload } from '../../lib/upload';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { proofCutoff } from './declarations';

const KINDS = ['pdf', 'jpg', 'png'] as const;
const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };
const ZProofParams = z.object({ employeeId: ZIdText, section: z.enum(DECLARATION_SECTIONS) }).strict();
export const ZTaxProofFile = z.object({ section: z.enum(DECLARATION_SECTIONS), fileName: z.string(), sizeBytes: z.number() });

/** The financial year of the organisation's today. */
export function currentFinancialYear(now: Date = new Date()): string {
  const d = orgToday(now);
  return financialYearOf(Number(d.slice(0, 4)), Number(d.slice(5, 7)));
}

/**
 * Whether the year's proof window has closed at `now` (the clock by default): the cut-off is the last day of the
 * organisation's calendar on which an employee may still attach proofs or change the declaration, so it closes
 * at the organisation's midnight, not UTC's (5½ hours late in India).
 */
export function proofWindowClosed(cutoff: string | null, now: Date = new Date()): boolean {
  return cutoff !== null && orgToday(now) > cutoff;
}

/**
 * Whom the caller acts as for an employee's proofs: the employee themself (the declaration screen's action) or
 * a payroll user (the salary process's action, within their units). Someone else's employee is 404.
 */
async function proofAccess(db: Db, auth: AuthContext, employeeId: number, action: 'view' | 'edit') {
  const [e] = await db.select({ id: employees.id, unitId: employees.unitId }).from(employees).where(eq(employees.id, employeeId));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId })) throw new NotFound('Employee not found');
  if (await hasAction(db, auth, MENU.salaryProcess, action)) return { employeeId: e.id, asEmployee: false };
  if (auth.employeeId === e.id) {
    if (await hasAction(db, auth, MENU.taxDeclaration, action)) return { employeeId: e.id, asEmployee: true };
    throw new Forbidden('Your role may not do this');
  }
  // Someone else's: a payroll viewer lacks the action (403); to anyone else the record is not there.
  if (action === 'edit' && (await hasAction(db, auth, MENU.salaryProcess, 'view'))) throw new Forbidden('Your role may not change proofs');
  throw new NotFound('Employee not found');
}

/** The declared line of a section (400 when the year has no declaration or the section is not declared). */
async function declaredLine(db: Db | Tx, employeeId: number, financialYear: string, section: string) {
  const [line] = await db
    .select({ id: taxDeclarationLines.id, key: taxDeclarationLines.proofFileKey, name: taxDeclarationLines.proofFileName })
    .from(taxDeclarationLines)
    .innerJoin(taxDeclarations, eq(taxDeclarations.id, taxDeclarationLines.declarationId))
    .where(
      and(
        eq(taxDeclarations.employeeId, employeeId),
        eq(taxDeclarations.financialYear, financialYear),
        eq(taxDeclarations.isActive, true),
        eq(taxDeclarationLines.section, section),
      ),
    );
  if (!line)
    throw new BadRequest(`${section} is not declared for ${financialYear}`, { section: ['Declare an amount for this section first'] });
  return line;
}

export const taxProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const maxBytes = Math.round(app.config.uploadMaxMb * 1024 * 1024);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  }
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
      const who = await proofAccess(app.db, request.auth, request.params.employeeId, 'edit');
      const fy = request.query.financialYear ?? currentFinancialYear();
      if (who.asEmployee) {
        const cutoff = await proofCutoff(app.db, fy);
        if (proofWindowClosed(cutoff)) throw new Conflict(`The proof window of ${fy} closed on ${cutoff}: hand the proof to payroll`);
      }
      await declaredLine(app.db, who.employeeId, fy, section);
      const file = await readUpload(request, { maxBytes, allowed: KINDS, fallbackName: `Proof ${section}`, what: 'a proof' });
      const key = newKey(`employees/${who.employeeId}/tax-proofs`, file.ext);
      await storage.put(key, file.buffer);
      let replaced: string | null;
      try {
        replaced = await app.db.transaction(async (tx) => {
          const line = await declaredLine(tx, who.employeeId, fy, section);
          await tx
            .update(taxDeclarationLines)
            .set({
              proofFileKey: key,
              proofFileName: file.fileName,
              ...(who.asEmployee ? { proved: false, provedBy: null, provedAt: null } : {}),
            })
            .where(eq(taxDeclarationLines.id, line.id));
          await writeAudit(tx, {
            entity: 'tax_declaration_lines',
            entityId: line.id,
            action: 'proof',
            before: { proofFileName: line.name },
            after: { section, proofFileName: file.fileName, sizeBytes: file.buffer.length, mimeType: file.mime },
            userId: request.auth.userId,
            requestId: request.id,
          });
          return line.key;
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      if (replaced) await storage.delete(replaced).catch(() => {});
      return reply.code(201).send({ section, fileName: file.fileName, sizeBytes: file.buffer.length });
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
      const who = await proofAccess(app.db, request.auth, request.params.employeeId, 'view');
      const fy = request.query.financialYear ?? currentFinancialYear();
      const line = await declaredLine(app.db, who.employeeId, fy, request.params.section).catch(() => null);
      if (!line?.key) throw new NotFound('No proof is attached to this section');
      const stream = await storage.get(line.key).catch((err) => {
        throw err instanceof StorageNotFound ? new NotFound('The stored file is missing') : err;
      });
      const name = line.name ?? `Proof ${request.params.section}.${line.key.split('.').pop()}`;
      reply
        .header('content-type', MIME[line.key.split('.').pop() ?? ''] ?? 'application/octet-stream')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      return reply.send(stream);
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
      const { section } = request.params;
      const who = await proofAccess(app.db, request.auth, request.params.employeeId, 'edit');
      const fy = request.query.financialYear ?? currentFinancialYear();
      if (who.asEmployee) {
        const cutoff = await proofCutoff(app.db, fy);
        if (proofWindowClosed(cutoff)) throw new Conflict(`The proof window of ${fy} closed on ${cutoff}`);
      }
      const line = await declaredLine(app.db, who.employeeId, fy, section);
      if (!line.key) throw new NotFound('No proof is attached to this section');
      await app.db.transaction(async (tx) => {
        await tx
          .update(taxDeclarationLines)
          .set({ proofFileKey: null, proofFileName: null, proved: false, provedBy: null, provedAt: null })
          .where(eq(taxDeclarationLines.id, line.id));
        await writeAudit(tx, {
          entity: 'tax_declaration_lines',
          entityId: line.id,
          action: 'proof-removed',
          before: { section, proofFileName: line.name },
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      await storage.delete(line.key).catch(() => {});
      return reply.code(204).send(null);
    },
  );
};
