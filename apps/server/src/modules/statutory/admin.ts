// The statutory parameters as an administrator keeps them (issue 25): the rows in force on a day and their
// history, each with where it came from and whether an approved or locked salary month used it; and the checks
// of a row an employer adds or changes (the kind's shape, bands that overlap or leave a gap, a known state, the
// financial year of an income-tax row). A row's period runs from its effective date to the day before the next
// active row of the same kind and state; a final run (lib/month-lock.ts) whose month has a day in that period —
// of a unit in the row's state, for PT and LWF — used it.
import {
  bandProblems,
  STATUTORY_PARAMETER_KINDS,
  type TStatutoryOrigin,
  type TStatutoryParameter,
  withoutBandStarts,
  ZStatutoryParameterRow,
} from '@hr/contract';
import { MID_MONTH_DEFAULT } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { BadRequest, type FieldErrors } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';

type Filter = { kind?: string; state?: string; id?: number };

const FIRST_OF_MONTH = sql`make_date(r.year, r.month, 1)`;

/** Every row (active or not) of the kinds and states asked for, newest first within each kind and state. */
export async function parameterRows(db: Db | Tx, filter: Filter, on: string): Promise<TStatutoryParameter[]> {
  const where: SQL[] = [sql`true`];
  if (filter.kind) where.push(sql`p.kind = ${filter.kind}`);
  if (filter.state) where.push(sql`(p.state_code is null or p.state_code = ${filter.state})`);
  if (filter.id) where.push(sql`p.id = ${filter.id}`);
  const rows = await queryRows<TStatutoryParameter & { nextFrom: string | null }>(
    db,
    sql`with p as (
          select p.*, case when p.is_active then lead(p.effective_from) over (
                   partition by p.kind, coalesce(p.state_code, ''), p.is_active order by p.effective_from) end as next_from
          from statutory_parameters p
        )
        select p.id, p.kind, p.state_code as "stateCode", st.name as "stateName",
          to_char(p.effective_from, 'YYYY-MM-DD') as "effectiveFrom",
          to_char(p.next_from - 1, 'YYYY-MM-DD') as "effectiveTo",
          p.data, p.source, p.notification, to_char(p.notification_date, 'YYYY-MM-DD') as "notificationDate",
          p.source_url as "sourceUrl", p.origin, p.is_active as "isActive",
          (p.is_active and p.effective_from <= ${on}::date and (p.next_from is null or p.next_from > ${on}::date)) as "inForce",
          case when used.runs > 0 then json_build_object('runs', used.runs, 'firstMonth', used.first_month, 'lastMonth', used.last_month) end
            as "usedBy",
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
          coalesce(cu.full_name, cu.user_name) as "createdBy",
          to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
        from p
        left join lateral (select s.name from states s where upper(s.code) = p.state_code and s.is_active order by s.id limit 1) st on true
        left join users cu on cu.id = p.created_by
        left join lateral (
          select count(*)::int as runs, to_char(min(${FIRST_OF_MONTH}), 'YYYY-MM') as first_month,
                 to_char(max(${FIRST_OF_MONTH}), 'YYYY-MM') as last_month
          from payroll_runs r
          join units u on u.id = r.unit_id
          left join states s on s.id = u.state_id
          where p.is_active and ${FINAL_RUN}
            and (p.state_code is null or upper(s.code) = p.state_code)
            and (${FIRST_OF_MONTH} + interval '1 month')::date > p.effective_from
            and (p.next_from is null or ${FIRST_OF_MONTH} < p.next_from)
        ) used on true
        where ${sql.join(where, sql` and `)}
        order by p.kind, p.state_code nulls first, p.effective_from desc, p.is_active desc, p.id desc`,
  );
  return rows.map(({ nextFrom: _n, ...r }) => ({ ...r, origin: r.origin as TStatutoryOrigin }));
}

export async function knownStates(db: Db | Tx): Promise<{ code: string; name: string }[]> {
  return queryRows(
    db,
    sql`select distinct on (upper(code)) upper(code) as code, name from states
        where is_active and code is not null and trim(code) <> '' order by upper(code), id`,
  );
}

/** The figures of a row as the rules will read them, or a 400 naming every field that is wrong. */
export async function checkedRow(
  db: Db | Tx,
  row: { kind: string; stateCode: string | null; effectiveFrom: string; data: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const errors: FieldErrors = {};
  const kind = STATUTORY_PARAMETER_KINDS.find((k) => k.kind === row.kind);
  if (kind?.perState) {
    if (!row.stateCode) errors.stateCode = ['Choose the state whose law this is'];
    else if (!(await knownStates(db)).some((s) => s.code === row.stateCode))
      errors.stateCode = [`No state with the code ${row.stateCode} in the states list`];
  } else if (row.stateCode) {
    errors.stateCode = ['This kind is the same in every state: leave the state empty'];
  }
  Object.assign(errors, bandProblems(row.data));
  const parsed = ZStatutoryParameterRow.safeParse({
    kind: row.kind,
    stateCode: kind?.perState ? (row.stateCode ?? '') : null,
    effectiveFrom: row.effectiveFrom,
    source: 'checked',
    data: withoutBandStarts(row.data),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (path === 'stateCode' && errors.stateCode) continue;
      if (!errors[path]?.length) errors[path] = [issue.message];
    }
  }
  const fy = typeof row.data.financialYear === 'string' ? row.data.financialYear : null;
  if (row.kind.startsWith('income_tax') && fy && /^\d{4}-\d{2}$/.test(fy)) {
    const start = `${fy.slice(0, 4)}-04-01`;
    const end = `${Number(fy.slice(0, 4)) + 1}-03-31`;
    if (row.effectiveFrom < start || row.effectiveFrom > end)
      errors.effectiveFrom = [`An income-tax row for ${fy} takes effect within that year (${start} to ${end})`];
    const regime = row.kind === 'income_tax_new' ? 'new' : 'old';
    if (row.data.regime !== undefined && row.data.regime !== regime)
      errors['data.regime'] = [`A row of this kind is for the ${regime} regime`];
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    throw new BadRequest('The row cannot be saved: see the fields marked', errors);
  }
  const data = parsed.data.data as Record<string, unknown>;
  // An ESI, PT or LWF row that does not say how it applies within its first month gets its authority's rule written in.
  const k = parsed.data.kind;
  if ((k === 'esi' || k === 'pt' || k === 'lwf') && data.midMonthRule === undefined) return { midMonthRule: MID_MONTH_DEFAULT[k], ...data };
  return data;
}

/** The active row of the same kind, state and day, other than `exceptId`. */
export async function sameDayRow(
  db: Db | Tx,
  row: { kind: string; stateCode: string | null; effectiveFrom: string },
  exceptId: number | null,
): Promise<{ id: number; origin: string } | undefined> {
  const [found] = await queryRows<{ id: number; origin: string }>(
    db,
    sql`select id, origin from statutory_parameters
        where is_active and kind = ${row.kind} and coalesce(state_code, '') = ${row.stateCode ?? ''}
          and effective_from = ${row.effectiveFrom}::date and id <> ${exceptId ?? 0}`,
  );
  return found;
}
