// The audit-trail screen's API: every change recorded by writeAudit(), filtered by entity, record, user,
// action and dates, newest first, paged on the server, read-only, for administrators.
import { MENU, ZAuditPage, ZAuditQuery } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden } from '../../lib/errors';
import { auditDistinct, auditPage } from './trail';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  // Beside the menu grant: an audit line is not scoped to units (it may describe any unit's records), so only a
  // caller who reaches every unit reads the trail, whatever menu a role was given.
  const adminOnly = (isAdmin: boolean) => {
    if (!isAdmin) throw new Forbidden('Only administrators read the audit trail');
  };

  app.get(
    '/api/audit',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: {
        tags,
        summary: 'The audit trail: who changed what and when, newest first (administrators)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      return auditPage(app.db, request.query, app.config.orgTimeZone);
    },
  );

  app.get(
    '/api/audit/entities',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: { tags, summary: 'The kinds of record the audit trail holds (for its filter)', response: { 200: z.array(z.string()) } },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      return auditDistinct(app.db, 'entity');
    },
  );

  app.get(
    '/api/audit/actions',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: { tags, summary: 'The actions the audit trail holds (for its filter)', response: { 200: z.array(z.string()) } },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      return auditDistinct(app.db, 'action');
    },
  );
};
