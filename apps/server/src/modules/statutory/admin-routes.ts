// /outlet/statutory-parameters (issue 25): the dated statutory parameters an administrator or the payroll
// office keeps current. List the rows in force on a day with their history; add a row from the day a
// notification takes effect; change or deactivate an employer's row that no approved or locked month used.
// A release's rows are never changed here: a newer employer row supersedes them. Every change is audited.
import {
  MENU,
  STATUTORY_KIND_LABELS,
  STATUTORY_PARAMETER_KINDS,
  type TStatutoryParameter,
  ZIdParams,
  ZStatutoryParameter,
  ZStatutoryParameterInput,
  ZStatutoryParameterList,
  ZStatutoryParametersQuery,
  ZStatutoryParameterUpdate,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { noContent } from '../../lib/responses';
import type { AuthContext } from '../access/context';
import { checkedRow, knownStates, parameterRows, sameDayRow } from './admin';
import { parameterRowsAdded } from './parameter-listeners';

const ENTITY = 'statutory_parameters';
const tags = ['statutory'];

const kindLabel = (kind: string) => STATUTORY_KIND_LABELS[kind] ?? kind;

function monthText(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The row, locked for the change, or 404; 409 when it is a release's, deactivated, or used by a final month. */
async function changeableRow(tx: Tx, id: number, on: string, what: 'change' | 'deactivate'): Promise<TStatutoryParameter> {
  await tx.execute(sql`select id from statutory_parameters where id = ${id} for update`);
  const [row] = await parameterRows(tx, { id }, on);
  if (!row) throw new NotFound('No such statutory parameter row');
  if (!row.isActive) throw new Conflict('This row was deactivated already');
  if (row.origin === 'release') {
    throw new Conflict(
      `This row came with a release and stays as the release shipped it: add a newer row from the day the change takes effect instead`,
    );
  }
  if (row.usedBy) {
    const { runs, firstMonth, lastMonth } = row.usedBy;
    const months = firstMonth === lastMonth ? monthText(firstMonth) : `${monthText(firstMonth)} to ${monthText(lastMonth)}`;
    throw new Conflict(
      `Salaries of ${months} (${runs} approved or locked run${runs === 1 ? '' : 's'}) were worked out with this row, so it cannot ${what}: ` +
        'add a new row from the day the change takes effect instead',
    );
  }
  return row;
}

async function saveChange(
  tx: Tx,
  auth: AuthContext,
  requestId: string,
  before: TStatutoryParameter,
  body: z.output<typeof ZStatutoryParameterUpdate>,
): Promise<void> {
  const effectiveFrom = body.effectiveFrom;
  const data = await checkedRow(tx, { kind: before.kind, stateCode: before.stateCode, effectiveFrom, data: body.data });
  if (await sameDayRow(tx, { kind: before.kind, stateCode: before.stateCode, effectiveFrom }, before.id)) {
    throw new Conflict(`Another ${kindLabel(before.kind)} row takes effect on ${effectiveFrom}`, 'effectiveFrom');
  }
  const parsed = body;
  await tx.execute(sql`update statutory_parameters set effective_from = ${effectiveFrom}::date, data = ${JSON.stringify(data)}::jsonb,
      source = ${parsed.source || parsed.notification}, notification = ${parsed.notification},
      notification_date = ${parsed.notificationDate}::date, source_url = ${parsed.sourceUrl}, updated_at = now(), updated_by = ${auth.userId}
      where id = ${before.id}`);
  await writeAudit(tx, {
    entity: ENTITY,
    entityId: before.id,
    action: 'update',
    before,
    after: { ...parsed, data },
    userId: auth.userId,
    requestId,
  });
}

export const statutoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const menu = MENU.statutoryParameters;
  const one = async (tx: Tx | typeof app.db, id: number) => (await parameterRows(tx, { id }, orgToday()))[0];

  app.get(
    '/api/statutory/parameters',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'The statutory parameter rows in force on a day (one per kind and state) and their dated history',
        querystring: ZStatutoryParametersQuery,
        response: { 200: ZStatutoryParameterList },
      },
    },
    async (request) => {
      const on = request.query.on ?? orgToday();
      const history = await parameterRows(app.db, { kind: request.query.kind, state: request.query.state }, on);
      return {
        on,
        inForce: history.filter((r) => r.inForce),
        history,
        states: await knownStates(app.db),
        kinds: STATUTORY_PARAMETER_KINDS.map((k) => ({ ...k, label: kindLabel(k.kind) })),
      };
    },
  );

  app.post(
    '/api/statutory/parameters',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: 'Adds a row from the day a notification takes effect (400 naming overlapping or missing bands; 409 for a day taken)',
        body: ZStatutoryParameterInput,
        response: { 201: ZStatutoryParameter },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const auth = request.auth;
      const stateCode = body.stateCode ?? null;
      const id = await app.db.transaction(async (tx) => {
        const data = await checkedRow(tx, { kind: body.kind, stateCode, effectiveFrom: body.effectiveFrom, data: body.data });
        const taken = await sameDayRow(tx, { kind: body.kind, stateCode, effectiveFrom: body.effectiveFrom }, null);
        if (taken) {
          throw new Conflict(
            `A ${kindLabel(body.kind)} row${stateCode ? ` for ${stateCode}` : ''} takes effect on ${body.effectiveFrom} already` +
              (taken.origin === 'release' ? ' (from a release): add yours from a later day' : ': change that row instead'),
            'effectiveFrom',
          );
        }
        const [created] = await queryRows<{ id: number }>(
          tx,
          sql`insert into statutory_parameters
                (kind, state_code, effective_from, data, source, notification, notification_date, source_url, origin, created_by, updated_by)
              values (${body.kind}, ${stateCode}, ${body.effectiveFrom}::date, ${JSON.stringify(data)}::jsonb,
                ${body.source || body.notification}, ${body.notification}, ${body.notificationDate}::date, ${body.sourceUrl},
                'employer', ${auth.userId}, ${auth.userId})
              returning id`,
        );
        await writeAudit(tx, {
          entity: ENTITY,
          entityId: created.id,
          action: 'create',
          after: { ...body, stateCode, data },
          userId: auth.userId,
          requestId: request.id,
        });
        return created.id;
      });
      await parameterRowsAdded(app.db, { kinds: [body.kind], effectiveFrom: body.effectiveFrom, userId: auth.userId }, request.log);
      return reply.code(201).send(await one(app.db, id));
    },
  );

  app.put(
    '/api/statutory/parameters/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes an employer’s row that no approved or locked month used (409 otherwise, and for a release’s row)',
        params: ZIdParams,
        body: ZStatutoryParameterUpdate,
        response: { 200: ZStatutoryParameter },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await changeableRow(tx, id, orgToday(), 'change');
        await saveChange(tx, request.auth, request.id, before, request.body);
      });
      return withArrears(app.db, await one(app.db, id), request);
    },
  );

  app.delete(
    '/api/statutory/parameters/:id',
    {
      config: { access: { menu, action: 'delete' } },
      schema: {
        tags,
        summary: 'Deactivates an employer’s row that no approved or locked month used (409 otherwise, and for a release’s row)',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await changeableRow(tx, id, orgToday(), 'deactivate');
        await tx.execute(
          sql`update statutory_parameters set is_active = false, updated_at = now(), updated_by = ${request.auth.userId} where id = ${id}`,
        );
        await writeAudit(tx, {
          entity: ENTITY,
          entityId: id,
          action: 'delete',
          before,
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      return reply.code(204).send(null);
    },
  );
};

/** A changed row's date or figures may now reach an approved or locked month: arrears as for a row added. */
async function withArrears<R extends { kind: string; effectiveFrom: string }>(
  db: Parameters<typeof parameterRowsAdded>[0],
  row: R,
  request: { auth: { userId: number }; log: Parameters<typeof parameterRowsAdded>[2] },
): Promise<R> {
  await parameterRowsAdded(db, { kinds: [row.kind], effectiveFrom: row.effectiveFrom, userId: request.auth.userId }, request.log);
  return row;
}
