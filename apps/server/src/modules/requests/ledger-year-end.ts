// The leave ledger's year end worked out again: after a posting to a closed year (a manual line, an opening imported,
// a leave approved or cancelled), the next year's carry-forward and the year's lapse and encash lines follow the year's
// lines as they are now, and the next year's credits are capped again on the new carry.
import { capCredit, creditStart, creditsDue, type LedgerKind, yearEnd } from '@hr/attendance';
import { financialYearStarting } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { leavePolicies, onTerms, type StaffFacts, type StaffPolicy, staffSelect, unitMaps } from './leave-terms';

export type LedgerKey = { employeeId: number; leaveTypeId: number; financialYear: number };

/**
 * After a posting to a closed year (one whose year end is posted: the next year has its 'carry' opening), the year
 * end is worked out again from the year's lines as they are now (its own lapse / encash lines left out), on the
 * employee's terms at that year end as the poster did: the next year's carry line and this year's lapse and encash
 * lines are set to the new figures (a line that becomes zero goes; lapse or encash made where there was none). A
 * carry that changes re-works the next year in turn when that one is closed too. Set-based: a few statements per
 * year however many keys; running it again changes nothing. Answers how many lines changed.
 */
export async function reworkYearEnds(tx: Db | Tx, keys: readonly LedgerKey[]): Promise<number> {
  let todo = [...new Map(keys.map((k) => [`${k.employeeId}:${k.leaveTypeId}:${k.financialYear}`, k])).values()];
  let changed = 0;
  const policies = todo.length ? await leavePolicies(tx) : [];
  for (let round = 0; todo.length > 0 && round < 10; round++) {
    const list = (f: (k: LedgerKey) => number) => `{${todo.map(f).join(',')}}`;
    // The closed ones among the keys, with their balance before the year end.
    const closed = await queryRows<{ employeeId: number; leaveTypeId: number; fy: number; balance: number }>(
      tx,
      sql`select k.e as "employeeId", k.t as "leaveTypeId", k.y as fy,
            coalesce((select sum(l.days) from leave_ledger l
                      where l.employee_id = k.e and l.leave_type_id = k.t and l.financial_year = k.y
                        and not (l.period is not distinct from 'yearend' and l.kind in ('lapse', 'encash'))), 0)::float8 as balance
          from unnest(${list((k) => k.employeeId)}::int[], ${list((k) => k.leaveTypeId)}::int[], ${list((k) => k.financialYear)}::int[]) as k(e, t, y)
          where exists (select 1 from leave_ledger c where c.employee_id = k.e and c.leave_type_id = k.t and c.financial_year = k.y + 1
                          and c.kind = 'opening' and c.period = 'carry')`,
    );
    if (closed.length === 0) break;
    const staff = new Map(
      (
        await queryRows<StaffFacts & Record<string, unknown>>(
          tx,
          sql`${staffSelect} where id = any(${`{${[...new Set(closed.map((c) => c.employeeId))].join(',')}}`}::int[])`,
        )
      ).map((e) => [e.id, e]),
    );
    const maps = await unitMaps(tx, [...new Set([...staff.values()].map((e) => e.unitId))]);
    const target = closed.flatMap((c) => {
      const e = staff.get(c.employeeId);
      const p = policies.find((x) => x.id === c.leaveTypeId);
      if (!e || !p) return [];
      const terms = onTerms(p, e, maps.get(e.unitId) ?? [], financialYearStarting(c.fy).endDate);
      return [{ ...c, ...yearEnd(c.balance, terms), limit: terms.carryForwardLimit }];
    });
    if (target.length === 0) break;
    const col = <K extends keyof (typeof target)[number]>(k: K) => `{${target.map((x) => x[k]).join(',')}}`;
    const v = sql`unnest(${col('employeeId')}::int[], ${col('leaveTypeId')}::int[], ${col('fy')}::int[], ${col('carry')}::numeric[],
      ${col('lapse')}::numeric[], ${col('encash')}::numeric[], ${col('limit')}::numeric[]) as v(e, t, y, carry, lapse, encash, lim)`;
    // The next year's carry: the keys whose carry changed go round again (that year may be closed too).
    const moved = await queryRows<{ employeeId: number; leaveTypeId: number; fy: number }>(
      tx,
      sql`update leave_ledger l set days = v.carry from ${v}
          where l.employee_id = v.e and l.leave_type_id = v.t and l.financial_year = v.y + 1 and l.kind = 'opening'
            and l.period = 'carry' and l.days <> v.carry
          returning l.employee_id as "employeeId", l.leave_type_id as "leaveTypeId", l.financial_year as fy`,
    );
    changed += moved.length;
    // The next year's credits were capped at the maximum balance on top of the old carry: capped again on the new one.
    changed += await recapCredits(tx, moved, (k) => {
      const e = staff.get(k.employeeId);
      const p = policies.find((x) => x.id === k.leaveTypeId);
      return e && p ? { e, terms: onTerms(p, e, maps.get(e.unitId) ?? [], financialYearStarting(k.fy).endDate) } : null;
    });
    for (const [kind, reason] of [
      ['lapse', 'Beyond the carry-forward limit of '],
      ['encash', 'Beyond the carry-forward limit of '],
    ] as const) {
      const amount = sql.raw(`v.${kind}`);
      const gone = await queryRows<{ n: number }>(
        tx,
        sql`with d as (delete from leave_ledger l using ${v}
                       where l.employee_id = v.e and l.leave_type_id = v.t and l.financial_year = v.y and l.kind = ${kind}
                         and l.period = 'yearend' and ${amount} = 0 returning 1)
            select count(*)::int as n from d`,
      );
      const set = await queryRows<{ n: number }>(
        tx,
        sql`with u as (insert into leave_ledger (employee_id, leave_type_id, financial_year, kind, days, period, reason)
                       select v.e, v.t, v.y, ${kind}, -${amount}, 'yearend',
                         ${reason} || trim_scale(v.lim)::text || ${kind === 'encash' ? ': to be encashed' : ''} || ' (worked out again)'
                       from ${v} where ${amount} > 0
                       on conflict (employee_id, leave_type_id, financial_year, kind, period) where period is not null
                       do update set days = excluded.days, reason = excluded.reason
                       where leave_ledger.days <> excluded.days returning 1)
            select count(*)::int as n from u`,
      );
      changed += gone[0].n + set[0].n;
    }
    todo = moved.map((m) => ({ employeeId: m.employeeId, leaveTypeId: m.leaveTypeId, financialYear: m.fy }));
  }
  return changed;
}

/**
 * The credit lines of some employee-type-years capped again at the maximum balance, as the poster capped them: the
 * year's lines replayed in the order they were posted, each credit the amount due for its period (yearly allocation
 * or a month's accrual, on the employee's terms) limited so the running balance stays within the maximum. What a
 * changed carry-forward (the year's opening) does to the credits posted on top of it. Answers how many lines changed.
 */
async function recapCredits(
  tx: Db | Tx,
  keys: readonly { employeeId: number; leaveTypeId: number; fy: number }[],
  termsOf: (k: { employeeId: number; leaveTypeId: number; fy: number }) => { e: StaffFacts; terms: StaffPolicy } | null,
): Promise<number> {
  if (keys.length === 0) return 0;
  const list = (f: (k: (typeof keys)[number]) => number) => `{${keys.map(f).join(',')}}`;
  const lines = await queryRows<{
    id: number;
    employeeId: number;
    leaveTypeId: number;
    fy: number;
    kind: LedgerKind;
    days: number;
    period: string | null;
  }>(
    tx,
    sql`select l.id, l.employee_id as "employeeId", l.leave_type_id as "leaveTypeId", l.financial_year as fy, l.kind,
          l.days::float8 as days, l.period
        from leave_ledger l
        join unnest(${list((k) => k.employeeId)}::int[], ${list((k) => k.leaveTypeId)}::int[], ${list((k) => k.fy)}::int[]) as k(e, t, y)
          on l.employee_id = k.e and l.leave_type_id = k.t and l.financial_year = k.y
        order by l.employee_id, l.leave_type_id, l.financial_year, l.id`,
  );
  const ids: number[] = [];
  const days: number[] = [];
  let key = '';
  let running = 0;
  let due = new Map<string, number>();
  let maxBalance = 0;
  for (const l of lines) {
    const k = `${l.employeeId}:${l.leaveTypeId}:${l.fy}`;
    if (k !== key) {
      key = k;
      running = 0;
      const t = termsOf(l);
      const start = t ? creditStart(t.terms, t.e) : null;
      due =
        t && start !== null
          ? new Map(
              creditsDue(t.terms, l.fy, { joined: start, exited: t.e.exited }, financialYearStarting(l.fy).endDate).map((c) => [
                c.period,
                c.days,
              ]),
            )
          : new Map();
      maxBalance = t?.terms.maxBalance ?? 0;
    }
    const owed = l.kind === 'credit' && l.period !== null ? due.get(l.period) : undefined;
    if (owed === undefined) {
      running += l.days;
      continue;
    }
    const capped = capCredit(running, owed, maxBalance);
    running += capped;
    if (capped !== l.days) {
      ids.push(l.id);
      days.push(capped);
    }
  }
  if (ids.length === 0) return 0;
  await tx.execute(
    sql`update leave_ledger l set days = v.days from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${days.join(',')}}`}::numeric[]) as v(id, days)
        where l.id = v.id`,
  );
  return ids.length;
}
