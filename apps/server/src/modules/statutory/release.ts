// Law updates ship as data (issue 25): the parameter rows this release knows (STATUTORY_PARAMETERS of
// @hr/payroll, each with its source) are applied at every start — a new installation's seed and every upgrade
// (seed/index.ts: seedDemo and applyReleaseData both call seedStatutory). Only rows of origin 'release' are
// written: a row the release now carries differently is brought up to it, a release row the release no longer
// carries is retired (deactivated), a new one is inserted unless an active row of the employer already holds
// that kind, state and day. A row the employer added is never touched. Each change is in the audit trail
// (no user: the release made it).
import { STATUTORY_PARAMETERS, type StatutoryParameterRow } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** A release row may cite its notification apart from the source text (parameters*.ts may add these). */
type ReleaseRow = StatutoryParameterRow & { notification?: string; notificationDate?: string; sourceUrl?: string };

const ENTITY = 'statutory_parameters';

/** The release's rows as one jsonb array (the statements below read it with jsonb_to_recordset). */
function releaseJson(rows: readonly ReleaseRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      kind: r.kind,
      state_code: r.stateCode,
      effective_from: r.effectiveFrom,
      data: r.data,
      source: r.source,
      notification: r.notification ?? null,
      notification_date: r.notificationDate ?? null,
      source_url: r.sourceUrl ?? null,
    })),
  );
}

const sameKey = (a: string, b: string) =>
  sql.raw(
    `${a}.kind = ${b}.kind and coalesce(${a}.state_code, '') = coalesce(${b}.state_code, '') and ${a}.effective_from = ${b}.effective_from`,
  );

/** Applies the release's parameter rows; returns how many rows were inserted, updated and retired. */
export async function applyReleaseParameters(
  db: Db,
  rows: readonly ReleaseRow[] = STATUTORY_PARAMETERS,
): Promise<{ inserted: number; updated: number; retired: number }> {
  const rel = sql`(select * from jsonb_to_recordset(${releaseJson(rows)}::jsonb) as x(kind text, state_code text, effective_from date,
      data jsonb, source text, notification text, notification_date date, source_url text))`;
  return db.transaction(async (tx) => {
    const retired = await audited(
      tx,
      'release-retire',
      sql`update statutory_parameters p set is_active = false, updated_at = now()
          where p.origin = 'release' and p.is_active and not exists (select 1 from ${rel} r where ${sameKey('p', 'r')})
          returning p.id, p.kind, p.state_code, p.effective_from, p.data, p.source`,
    );
    const updated = await audited(
      tx,
      'release-update',
      sql`update statutory_parameters p
          set data = r.data, source = r.source, notification = r.notification, notification_date = r.notification_date,
              source_url = r.source_url, is_active = true, updated_at = now()
          from ${rel} r
          where p.origin = 'release' and ${sameKey('p', 'r')}
            and (p.data is distinct from r.data or p.source is distinct from r.source
                 or p.notification is distinct from r.notification or p.notification_date is distinct from r.notification_date
                 or p.source_url is distinct from r.source_url or not p.is_active)
            and not exists (select 1 from statutory_parameters o where o.id <> p.id and o.is_active and ${sameKey('o', 'p')})
          returning p.id, p.kind, p.state_code, p.effective_from, p.data, p.source`,
    );
    const inserted = await audited(
      tx,
      'release-create',
      sql`insert into statutory_parameters (kind, state_code, effective_from, data, source, notification, notification_date, source_url, origin)
          select r.kind, r.state_code, r.effective_from, r.data, r.source, r.notification, r.notification_date, r.source_url, 'release'
          from ${rel} r
          where not exists (select 1 from statutory_parameters o where ${sameKey('o', 'r')} and (o.is_active or o.origin = 'release'))
          returning id, kind, state_code, effective_from, data, source`,
    );
    return { inserted, updated, retired };
  });
}

/** Runs a data-changing statement that returns the rows it wrote and records each in the audit trail. */
async function audited(tx: Tx, action: string, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await tx.execute(sql`with changed as (${statement})
      insert into audit_log (entity, entity_id, action, after)
      select ${ENTITY}, changed.id::text, ${action}, to_jsonb(changed) from changed
      returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
