import {
  mappingSaveSchema,
  RESOURCES,
  referencesTo,
  type TFieldKind,
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
import { streamXlsx, type XlsxCell, type XlsxColumnType } from '../../lib/xlsx';
import { listOrder, listRows, listWhere, optionRows, planOf } from './query';
import { auditTrail, createRow, deleteRow, getRow, mappingLines, saveMapping, updateRow } from './service';
import { OPTION_MENUS } from './tables';

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

const EXPORT_LIMIT = 100_000;

/** Registers the generic routes of one resource, each guarded by the resource's menu. */
function resourceRoutes(r: TResource): FastifyPluginAsyncZod {
  return async (app) => {
    const base = `/api/resources/${r.name}`;
    const plan = planOf(r);
    const tags = ['masters'];
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
        const q = ZListQuery.parse(request.query);
        const where = listWhere(plan, request.auth, q);
        const rows = (await app.db
          .select(plan.selection)
          .from(plan.table)
          .where(where)
          .orderBy(...listOrder(plan, q))
          .limit(EXPORT_LIMIT)) as Record<string, unknown>[];
        const cols = r.columns;
        const filename = `${r.title.replace(/[^A-Za-z0-9]+/g, '_')}.xlsx`;
        // A choice shows the label the screen shows ("National / public"), not its stored value; dates and numbers
        // are the writer's date and number cells.
        const cell = (row: Record<string, unknown>, c: string): XlsxCell => {
          const label = row[`${c}Label`];
          const v = label !== undefined ? label : row[c];
          const choice = r.fields[c]?.options?.find((o) => o.value === v);
          if (choice) return choice.label;
          if (typeof v === 'boolean') return v ? 'Yes' : 'No';
          if (v === null || v === undefined) return null;
          return typeof v === 'number' || v instanceof Date ? v : String(v);
        };
        // A column shown through its reference's label is text whatever the stored value's kind.
        const labelled = (c: string) => rows.some((row) => row[`${c}Label`] !== undefined);
        const stream = streamXlsx({
          sheet: r.title,
          columns: [
            ...cols.map((c) => ({
              header: r.fields[c]?.label ?? c,
              width: 22,
              type: labelled(c) ? ('text' as const) : columnType(r.fields[c]?.kind),
            })),
            { header: 'Active', width: 10 },
          ],
          rows: (async function* () {
            for (let i = 0; i < rows.length; i += 1000)
              yield rows.slice(i, i + 1000).map((row) => ({ values: [...cols.map((c) => cell(row, c)), row.isActive ? 'Yes' : 'No'] }));
          })(),
        });
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${filename}"`);
        return reply.send(stream);
      },
    );

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

    if (r.mapping) {
      app.get(
        `${base}/mapping/:ownerId`,
        {
          config: { access: view },
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
  };
}

/** The master-data area: the generic routes of every registered resource. */
export const mastersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const r of RESOURCES) await app.register(resourceRoutes(r as unknown as TResource));
};

/** The cell type of a field's column in the list's export: dates as date cells, numbers (decimals too) as numbers. */
function columnType(kind: TFieldKind | undefined): XlsxColumnType {
  return kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text';
}
