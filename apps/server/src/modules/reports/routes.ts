// The report framework's endpoints, the same for every report of the registry: the list the caller may see,
// a report's description, a page of it (sorted, grouped, with subtotals and the grand total over the whole
// filtered set) and its Excel / PDF export (directly when small, else a job answering 202 { jobId }).
// Each report is granted by its own menu: the routes are 'signedIn' and check the report's menu before anything else
// (a preValidation hook); reportEndpointAccess() declares that per-report access for the authorisation matrix.
import {
  REPORT_FILTERS,
  type TMenuPath,
  type TReportMeta,
  ZJobStarted,
  ZReportExportQuery,
  ZReportIdParams,
  ZReportMeta,
  ZReportQuery,
  ZReportResult,
} from '@hr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/runner';
import { Forbidden, NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { type AuthContext, hasAction } from '../access/context';
import { reportContext, viewableMenus } from './context';
import { allReports, metaOf, type ReportDef, reportById } from './define';
import { sendExport } from './export';
import { reportExportJob } from './job';
import { countRows, planOf, resultJson, runPage } from './run';

/** Exports of at most this many rows answer directly; larger ones run as a job. */
export const DIRECT_EXPORT_ROWS = { xlsx: 5000, pdf: 1000 } as const;

/** The report, when it exists (404) and the caller's role holds its menu's view action (403). */
async function reportFor(db: Db, auth: AuthContext, id: string): Promise<ReportDef> {
  const def = reportById(id);
  if (!def) throw new NotFound('Report not found');
  if (!(await hasAction(db, auth, def.menu, 'view'))) throw new Forbidden(`Your role may not see the ${def.title}`);
  if (auth.isSelfService && def.selfService === 'refuse') throw new Forbidden('This report is not open to self-service roles');
  return def;
}

/** The endpoints of one report (the `:id` routes below), each guarded by the report's own menu. */
const REPORT_ENDPOINTS = ['/api/reports/:id', '/api/reports/:id/run', '/api/reports/:id/export'] as const;

/**
 * Every report endpoint of every report of the registry with the menu and action it needs: the per-report access
 * the routes' shared check enforces, declared for the authorisation matrix (apps/server/test/foundation), which
 * calls each with a role lacking it.
 */
export function reportEndpointAccess(): { method: 'GET'; route: string; url: string; access: { menu: TMenuPath; action: 'view' } }[] {
  return allReports().flatMap((def) =>
    REPORT_ENDPOINTS.map((route) => ({
      method: 'GET' as const,
      route,
      url: route.replace(':id', def.id),
      access: { menu: def.menu as TMenuPath, action: 'view' as const },
    })),
  );
}

/** Rows and totals are read from the replica when there is one (DATABASE_READ_URL); the menu checks read the primary. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  /**
   * The report's menu is checked before the query is (404 unknown, 403 without it), so a caller without the report
   * learns nothing of its filters; a malformed id is left to the schema (400).
   */
  const checked = new WeakMap<object, ReportDef>();
  const guard = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id;
    if (!ZReportIdParams.safeParse({ id }).success) return;
    checked.set(request, await reportFor(app.db, request.auth, String(id)));
  };
  /** The report the guard checked for this request (its menu is not looked up a second time). */
  const reportOf = (request: { auth: AuthContext; params: { id: string } }) =>
    checked.get(request) ?? reportFor(app.db, request.auth, request.params.id);

  app.get(
    '/api/reports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The reports the caller may see (each granted by its own menu), optionally of one kind',
        querystring: z.object({ kind: z.enum(['register', 'attendance', 'bonus']).optional() }),
        response: { 200: z.array(ZReportMeta) },
      },
    },
    async (request) => {
      const defs = allReports().filter((d) => !request.query.kind || d.kind === request.query.kind);
      const granted = await viewableMenus(
        app.db,
        request.auth.roleId,
        defs.map((d) => d.menu),
      );
      return defs
        .filter((d) => granted.has(d.menu) && !(request.auth.isSelfService && d.selfService === 'refuse'))
        .map(metaOf) satisfies TReportMeta[];
    },
  );

  app.get(
    '/api/reports/:id',
    {
      config: { access: 'signedIn' },
      preValidation: guard,
      schema: {
        tags,
        summary: "A report's filters, columns and groupings (404 unknown, 403 without its menu)",
        params: ZReportIdParams,
        response: { 200: ZReportMeta },
      },
    },
    async (request) => metaOf(await reportOf(request)),
  );

  app.get(
    '/api/reports/:id/run',
    {
      config: { access: 'signedIn' },
      preValidation: guard,
      schema: {
        tags,
        summary: `A page of the report within the caller's units (own rows for self-service), sorted and grouped on the server, with group subtotals and the grand total over the whole filtered set. Filters: ${REPORT_FILTERS.join(', ')} as the report declares`,
        params: ZReportIdParams,
        querystring: ZReportQuery,
        response: { 200: ZReportResult },
      },
    },
    async (request) => {
      const def = await reportOf(request);
      const q = request.query;
      const ctx = await reportContext(app.readDb, request.auth, def, q);
      const plan = await planOf(def, ctx, q);
      return resultJson(plan, await runPage(plan, q.page, q.pageSize), q.page, q.pageSize);
    },
  );

  app.get(
    '/api/reports/:id/export',
    {
      config: { access: 'signedIn' },
      preValidation: guard,
      schema: {
        tags,
        summary: `The report as Excel or PDF with the same rows, subtotals and totals as the screen: the file itself up to ${DIRECT_EXPORT_ROWS.xlsx} rows (Excel) / ${DIRECT_EXPORT_ROWS.pdf} (PDF), else 202 { jobId } (GET /api/jobs/{id}/file when done); job=always always starts a job`,
        params: ZReportIdParams,
        querystring: ZReportExportQuery.extend({ job: z.enum(['auto', 'always']).default('auto') }),
        response: { 200: fileResponse('The report as .xlsx or .pdf'), 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const def = await reportOf(request);
      const { job, ...q } = request.query;
      const ctx = await reportContext(app.readDb, request.auth, def, q);
      const plan = await planOf(def, ctx, q);
      if (job === 'always' || (await countRows(plan)) > DIRECT_EXPORT_ROWS[q.format]) {
        const jobId = await enqueue(
          app.db,
          reportExportJob,
          { auth: request.auth, reportId: def.id, query: q },
          { createdBy: request.auth.userId },
        );
        app.jobs.kick();
        return reply.code(202).send({ jobId: jobId as number });
      }
      return sendExport(reply, plan, q.format);
    },
  );
};
