// The statutory parameters an administrator or the payroll office keeps current (issue 25): the rows in force on a
// day with their history; a row added from the day a notification takes effect; an employer's row that no approved
// or locked month used changed or deactivated. A release's rows are never changed here. Every change is audited, and
// a row added or changed may reach an approved or locked month: arrears as for a row added (parameter-listeners.ts).
import {
  STATUTORY_KIND_LABELS,
  STATUTORY_PARAMETER_KINDS,
  type TStatutoryParameter,
  type ZStatutoryParameterInput,
  type ZStatutoryParametersQuery,
  type ZStatutoryParameterUpdate,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { checkedRow, knownStates, parameterRows, sameDayRow } from './admin';
import { parameterRowsAdded } from './parameter-listeners';

const ENTITY = 'statutory_parameters';
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

const one = async (db: Db, id: number) => (await parameterRows(db, { id }, orgToday()))[0];

/** The rows in force on a day (default today) and their dated history, with the states and kinds to choose from. */
export async function listParameters(db: Db, q: z.infer<typeof ZStatutoryParametersQuery>) {
  const on = q.on ?? orgToday();
  const history = await parameterRows(db, { kind: q.kind, state: q.state }, on);
  return {
    on,
    inForce: history.filter((r) => r.inForce),
    history,
    states: await knownStates(db),
    kinds: STATUTORY_PARAMETER_KINDS.map((k) => ({ ...k, label: kindLabel(k.kind) })),
  };
}

/** Adds an employer's row (400 for its figures, 409 for a day taken); answers it as it stands now. */
export async function addParameter(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof ZStatutoryParameterInput>,
  requestId: string,
  log: FastifyBaseLogger,
): Promise<TStatutoryParameter> {
  const stateCode = body.stateCode ?? null;
  const id = await db.transaction(async (tx) => {
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
      requestId,
    });
    return created.id;
  });
  await parameterRowsAdded(db, { kinds: [body.kind], effectiveFrom: body.effectiveFrom, userId: auth.userId }, log);
  return one(db, id);
}

/** Changes an employer's row no final month used (409 otherwise); answers it after any arrears. */
export async function changeParameter(
  db: Db,
  auth: AuthContext,
  id: number,
  body: z.output<typeof ZStatutoryParameterUpdate>,
  requestId: string,
  log: FastifyBaseLogger,
): Promise<TStatutoryParameter> {
  await db.transaction(async (tx) => {
    const before = await changeableRow(tx, id, orgToday(), 'change');
    await saveChange(tx, auth, requestId, before, body);
  });
  const row = await one(db, id);
  // A changed row's date or figures may now reach an approved or locked month: arrears as for a row added.
  await parameterRowsAdded(db, { kinds: [row.kind], effectiveFrom: row.effectiveFrom, userId: auth.userId }, log);
  return row;
}

/** Deactivates an employer's row no final month used (409 otherwise). */
export async function deactivateParameter(db: Db, auth: AuthContext, id: number, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await changeableRow(tx, id, orgToday(), 'deactivate');
    await tx.execute(
      sql`update statutory_parameters set is_active = false, updated_at = now(), updated_by = ${auth.userId} where id = ${id}`,
    );
    await writeAudit(tx, { entity: ENTITY, entityId: id, action: 'delete', before, userId: auth.userId, requestId });
  });
}
