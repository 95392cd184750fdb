// The master-data area: the generic routes of every registered resource (list, options, export, one row, its audit
// trail, add, change, remove, and a mapping's checklist), each guarded by the resource's menu. Queries in query.ts,
// service.ts and export.ts.
import {
  mappingSaveSchema,
  RESOURCES,
  referencesTo,
  type TResource,
  type TResourceName,
  ZAuditRow,
  ZIdParams,
  ZIdText,
  ZListQuery,
  ZMappingLine,
  ZSearchText,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden } from '../../lib/errors';
import { fileResponse, noContent } from '../../lib/responses';
import { listExport } from './export';
import { listRows, optionRows, type Plan, planOf } from './query';
import { auditTrail, createRow, deleteRow, getRow, mappingLines, saveMapping, updateRow } from './service';
import { OPTION_MENUS } from './tables';

type App = Parameters<FastifyPluginAsyncZod>[0];

const ZRow = z.record(z.string(), z.unknown());
const ZList = z.object({ rows: z.array(ZRow), total: z.number() });
/** A saved checklist line: the item and its extras (order, level, mandatory). */
const ZMappingRow = z.looseObject({ itemId: z.number() });
const ZId = ZIdParams;
const ZOwner = z.object({ ownerId: ZIdText });
const ZOptionsQuery = z.object({
  search: ZSearchText.optional(),
  /** Comma-separated ids to include whatever the search (the current values of a form). */
  ids: z
    .string()
    .max(2000)
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** JSON object of filter field → value, e.g. {"stateId":29} for the cities of a state. */
  filters: z.string().max(2000).optional(),
  /** Only the rows the unit-wise mappings give this unit (every row when the unit has no mapping). */
  mappedToUnit: ZIdText.optional(),
});
const tags = ['masters'];

/** The list, its options for another resource's select, and its Excel export. */
function listRoutes(app: App, r: TResource, plan: Plan) {
  const base = `/api/resources/${r.name}`;
  const view = { menu: r.menu, action: 'view' } as const;
  // A select in another resource's form lists this resource's options.
  const optionMenus = [r.menu, ...referencesTo(r.name).map((x) => x.resource.menu), ...(OPTION_MENUS[r.name as TResourceName] ?? [])];

  app.get(
    base,
    { config: { access: view }, schema: { tags, summary: `List ${r.title}`, querystring: ZListQuery, response: { 200: ZList } } },
    async (request) => listRows(app.db, plan, request.auth, request.query),
  );

  app.get(
    `${base}/options`,
    {
      config: { access: { menu: [...new Set(optionMenus)], action: 'view' } },
      schema: {
        tags,
        summary: `${r.title} choices for a select`,
        querystring: ZOptionsQuery,
        response: { 200: z.array(z.object({ id: z.number(), label: z.string().nullable() })) },
      },
    },
    async (request) => {
      const { search, ids, limit, filters, mappedToUnit } = request.query;
      return optionRows(app.db, plan, request.auth, { search, ids: ids?.split(',').map(Number), limit, filters, mappedToUnit });
    },
  );

  app.get(
    `${base}/export.xlsx`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: `${r.title} list as Excel`,
        querystring: ZListQuery,
        response: { 200: fileResponse('The list as .xlsx') },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await listExport(app.db, plan, request.auth, request.query);
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${filename}"`);
      return reply.send(stream);
    },
  );
}

/** One row, its change history, and adding, changing and removing rows (as the resource allows). */
function rowRoutes(app: App, r: TResource, plan: Plan) {
  const base = `/api/resources/${r.name}`;
  const view = { menu: r.menu, action: 'view' } as const;

  app.get(
    `${base}/:id`,
    { config: { access: view }, schema: { tags, summary: `One ${r.singular}`, params: ZId, response: { 200: ZRow } } },
    async (request) => getRow(app.db, plan, request.auth, request.params.id),
  );

  app.get(
    `${base}/:id/audit`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: `Change history of one ${r.singular} (administrators)`,
        params: ZId,
        response: { 200: z.array(ZAuditRow) },
      },
    },
    async (request) => {
      if (!request.auth.isAdmin) throw new Forbidden('Only administrators read the audit trail');
      return auditTrail(app.db, plan, request.params.id);
    },
  );

  if (r.canCreate) {
    app.post(
      base,
      {
        config: { access: { menu: r.menu, action: 'add' } },
        schema: { tags, summary: `Add a ${r.singular}`, body: r.schema, response: { 201: ZRow } },
      },
      async (request, reply) => {
        const row = await createRow(app.db, plan, { auth: request.auth, requestId: request.id }, request.body);
        return reply.code(201).send(row);
      },
    );
  }

  app.put(
    `${base}/:id`,
    {
      config: { access: { menu: r.menu, action: 'edit' } },
      schema: { tags, summary: `Change a ${r.singular}`, params: ZId, body: r.schema, response: { 200: ZRow } },
    },
    async (request) => updateRow(app.db, plan, { auth: request.auth, requestId: request.id }, request.params.id, request.body),
  );

  if (r.canDelete) {
    app.delete(
      `${base}/:id`,
      {
        config: { access: { menu: r.menu, action: 'delete' } },
        schema: { tags, summary: `Remove a ${r.singular}`, params: ZId, response: { 204: noContent } },
      },
      async (request, reply) => {
        await deleteRow(app.db, plan, { auth: request.auth, requestId: request.id }, request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
}

/** A mapping resource's checklist of one owner, read and saved whole. */
function mappingRoutes(app: App, r: TResource, plan: Plan) {
  const base = `/api/resources/${r.name}`;
  app.get(
    `${base}/mapping/:ownerId`,
    {
      config: { access: { menu: r.menu, action: 'view' } },
      schema: { tags, summary: `${r.title}: the checklist of one owner`, params: ZOwner, response: { 200: z.array(ZMappingLine) } },
    },
    async (request) => mappingLines(app.db, plan, request.auth, request.params.ownerId),
  );
  app.put(
    `${base}/mapping/:ownerId`,
    {
      config: { access: { menu: r.menu, action: 'edit' } },
      schema: {
        tags,
        summary: `${r.title}: save one owner's checklist`,
        params: ZOwner,
        body: mappingSaveSchema(r),
        response: { 200: z.array(ZMappingRow) },
      },
    },
    async (request) => saveMapping(app.db, plan, { auth: request.auth, requestId: request.id }, request.params.ownerId, request.body),
  );
}

/** Registers the generic routes of one resource, each guarded by the resource's menu. */
function resourceRoutes(r: TResource): FastifyPluginAsyncZod {
  return async (app) => {
    const plan = planOf(r);
    listRoutes(app, r, plan);
    rowRoutes(app, r, plan);
    if (r.mapping) mappingRoutes(app, r, plan);
  };
}

/** The master-data area: the generic routes of every registered resource. */
export const mastersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const r of RESOURCES) await app.register(resourceRoutes(r as unknown as TResource));
};
