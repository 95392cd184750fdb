// The leave ledger: credits due (yearly allocation or monthly accrual, pro-rated for joiners, capped at the
// type's maximum), the carry-forward into a new financial year with lapse or encashment, and balances as the sum
// of the lines. One poster writes the system lines, the scheduled job `leave.post` (and the seed): set-based, and
// each line carries a `period` so posting again adds nothing (a unique index says so). Reads never write.
// Who a type applies to (gender, category, after probation) and how a unit offers it (unit-wise leave type mapping)
// come from the pure rules in @hr/attendance.
import {
  type BalanceSummary,
  capCredit,
  creditStart,
  creditsDue,
  type LedgerKind,
  leaveDates,
  type NotApplicable,
  notApplicable,
  policyForUnit,
  rosterDay,
  type ShiftAssignment,
  summarizeLedger,
  type UnitLeaveRow,
  weeklyOffsOf,
  yearEnd,
} from '@hr/attendance';
import { financialYearOf, financialYearStarting, type IsoDate } from '@hr/calendar';
import type { TLeaveBalance } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { leaveLedger } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { unitHolidays } from '../../lib/holidays';
import { orgToday } from '../../lib/org-zone';
import { pendingLwopByType } from './pending-lwop';

export interface LeavePolicy {
  id: number;
  code: string;
  name: string;
  isPaid: boolean;
  yearlyQuota: number;
  accrual: 'yearly' | 'monthly';
  carryForwardLimit: number;
  isEncashable: boolean;
  halfDayAllowed: boolean;
  applicableGender: string;
  applicableCategoryId: number | null;
  categoryName: string | null;
  afterProbation: boolean;
  maxBalance: number;
  sandwich: boolean;
  minNoticeDays: number;
  maxConsecutiveDays: number;
  attachmentAfterDays: number;
  excessAsLwop: boolean;
  isActive: boolean;
}

const policySelect = sql`select lt.id, lt.code, lt.name, lt.is_paid as "isPaid", lt.yearly_quota::float8 as "yearlyQuota", lt.accrual,
  lt.carry_forward_limit::float8 as "carryForwardLimit", lt.is_encashable as "isEncashable", lt.half_day_allowed as "halfDayAllowed",
  lt.applicable_gender as "applicableGender", lt.applicable_category_id as "applicableCategoryId", c.name as "categoryName",
  lt.after_probation as "afterProbation", lt.max_balance::float8 as "maxBalance", lt.sandwich, lt.min_notice_days as "minNoticeDays",
  lt.max_consecutive_days::float8 as "maxConsecutiveDays", lt.attachment_after_days::float8 as "attachmentAfterDays",
  lt.excess_as_lwop as "excessAsLwop", lt.is_active as "isActive"
  from leave_types lt left join categories c on c.id = lt.applicable_category_id`;

/** Every leave type as the master holds it (no unit's mapping applied). */
export async function leavePolicies(db: Db | Tx): Promise<LeavePolicy[]> {
  return queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} order by lt.name`);
}

/** One leave type as the master holds it (names, the ledger's kinds); use `policyOf` for an employee's terms. */
export async function leavePolicy(db: Db | Tx, id: number): Promise<LeavePolicy | null> {
  const [p] = await queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} where lt.id = ${id}`);
  return p ?? null;
}

/** The unit-wise leave type mapping rows of some units (active rows), by unit: each unit's own terms of a type. */
async function unitMaps(db: Db | Tx, unitIds: number[] | 'all'): Promise<Map<number, UnitLeaveRow[]>> {
  const rows = await queryRows<UnitLeaveRow & { unitId: number } & Record<string, unknown>>(
    db,
    sql`select unit_id as "unitId", leave_type_id as "leaveTypeId", yearly_quota::float8 as "yearlyQuota", accrual,
          carry_forward_limit::float8 as "carryForwardLimit", max_balance::float8 as "maxBalance",
          max_consecutive_days::float8 as "maxConsecutiveDays", min_notice_days as "minNoticeDays"
        from unit_leave_type_map where is_active
          ${unitIds === 'all' ? sql`` : sql`and unit_id = any(${`{${unitIds.join(',') || 0}}`}::int[])`}`,
  );
  const out = new Map<number, UnitLeaveRow[]>();
  for (const r of rows) out.set(r.unitId, [...(out.get(r.unitId) ?? []), r]);
  return out;
}

export interface StaffFacts {
  id: number;
  unitId: number;
  gender: string;
  categoryId: number | null;
  joined: IsoDate;
  confirmed: IsoDate | null;
  exited: IsoDate | null;
  managerId: number | null;
  name: string;
  code: string;
}

const staffSelect = sql`select id, unit_id as "unitId", lower(gender) as gender, category_id as "categoryId",
  date_of_joining::text as joined, confirmation_date::text as confirmed, exit_date::text as exited,
  reporting_manager_id as "managerId", name, employee_code as code from employees`;

export async function staffFacts(db: Db | Tx, employeeId: number): Promise<StaffFacts | null> {
  const [e] = await queryRows<StaffFacts & Record<string, unknown>>(db, sql`${staffSelect} where id = ${employeeId}`);
  return e ?? null;
}

/** A leave type on an employee's terms: the unit's mapping applied, and why it does not apply on `onDay` (or null). */
export interface StaffPolicy extends LeavePolicy {
  notApplicable: NotApplicable | null;
}

function onTerms(p: LeavePolicy, e: StaffFacts, unitRows: readonly UnitLeaveRow[], onDay: IsoDate): StaffPolicy {
  const offered = policyForUnit(p, unitRows);
  return { ...(offered ?? p), notApplicable: notApplicable(p, e, onDay, offered !== null) };
}

/** Every type on the employee's terms on a day. */
export async function policiesOf(db: Db | Tx, e: StaffFacts, onDay: IsoDate): Promise<StaffPolicy[]> {
  const rows = (await unitMaps(db, [e.unitId])).get(e.unitId) ?? [];
  return (await leavePolicies(db)).map((p) => onTerms(p, e, rows, onDay));
}

/** One type on the employee's terms on a day (null: no such type). */
export async function policyOf(db: Db | Tx, e: StaffFacts, leaveTypeId: number, onDay: IsoDate): Promise<StaffPolicy | null> {
  const p = await leavePolicy(db, leaveTypeId);
  if (!p) return null;
  return onTerms(p, e, (await unitMaps(db, [e.unitId])).get(e.unitId) ?? [], onDay);
}

/** Why a type does not apply, in words for the employee. */
export function notApplicableMessage(p: StaffPolicy): string | null {
  switch (p.notApplicable) {
    case null:
      return null;
    case 'unit':
      return `${p.name} is not offered in your unit`;
    case 'gender':
      return `${p.name} does not apply to you`;
    case 'category':
      return `${p.name} is for the ${p.categoryName ?? 'other'} category only`;
    case 'probation':
      return `${p.name} applies after probation (from your confirmation date)`;
  }
}

const fyOf = (day: IsoDate) => financialYearOf(day).startYear;

export { fyOf };

async function sums(db: Db | Tx, employeeId: number, fy: number) {
  return queryRows<{ leaveTypeId: number; kind: LedgerKind; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", kind, sum(days)::float8 as days from leave_ledger
        where employee_id = ${employeeId} and financial_year = ${fy} group by leave_type_id, kind`,
  );
}

// ---- the poster (scheduled job and seed) ----

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM' → 'May 2026' (how a credit's month reads in the ledger). */
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

type LedgerInsert = typeof leaveLedger.$inferInsert;

/** Credits due on the employee's terms in `fy` up to `asOf` (none where the type does not apply then). */
function dueCredits(p: StaffPolicy, e: StaffFacts, fy: number, asOf: IsoDate) {
  if (!p.isActive || (p.notApplicable !== null && p.notApplicable !== 'probation')) return [];
  const start = creditStart(p, e);
  if (start === null) return [];
  return creditsDue(p, fy, { joined: start, exited: e.exited }, asOf);
}

/**
 * Posts what is due by `asOf` and not yet posted, for every employee (or `employeeIds`), in a handful of statements:
 * the year-end of the financial year before `asOf`'s (its credits completed, then the carry-forward up to the limit as
 * the new year's opening and the rest lapsed or encashed) for each employee and type with lines in that year, then the
 * credits of `asOf`'s year (yearly allocation or monthly accruals, pro-rated for joiners, from the confirmation date
 * for types after probation, capped at the maximum balance), on each employee's unit terms. Inserts conflict on the
 * unique (employee, type, year, kind, period) key and add nothing, so running it twice posts each line once.
 */
export async function postDueLeave(tx: Db | Tx, asOf: IsoDate, employeeIds?: number[]): Promise<{ lines: number }> {
  const fy = fyOf(asOf);
  const only = employeeIds ? sql`and e.id = any(${`{${employeeIds.join(',') || 0}}`}::int[])` : sql``;
  const staff = await queryRows<StaffFacts & Record<string, unknown>>(
    tx,
    sql`select e.id, e.unit_id as "unitId", lower(e.gender) as gender, e.category_id as "categoryId",
          e.date_of_joining::text as joined, e.confirmation_date::text as confirmed, e.exit_date::text as exited,
          e.reporting_manager_id as "managerId", e.name, e.employee_code as code
        from employees e
        where e.date_of_joining <= ${asOf}::date
          and (e.exit_date is null or e.exit_date >= ${financialYearStarting(fy - 1).startDate}::date) ${only}`,
  );
  if (staff.length === 0) return { lines: 0 };
  const policies = await leavePolicies(tx);
  const maps = await unitMaps(tx, 'all');
  const terms = (e: StaffFacts, onDay: IsoDate) => policies.map((p) => onTerms(p, e, maps.get(e.unitId) ?? [], onDay));
  const ids = `{${staff.map((e) => e.id).join(',')}}`;
  // Sums per employee, type, year and kind, and the credit periods already posted, of both years (two queries).
  const lines = await queryRows<{ employeeId: number; leaveTypeId: number; fy: number; kind: LedgerKind; days: number }>(
    tx,
    sql`select employee_id as "employeeId", leave_type_id as "leaveTypeId", financial_year as fy, kind, sum(days)::float8 as days
        from leave_ledger where employee_id = any(${ids}::int[]) and financial_year in (${fy - 1}, ${fy})
        group by 1, 2, 3, 4`,
  );
  const posted = await queryRows<{ k: string }>(
    tx,
    sql`select employee_id || ':' || leave_type_id || ':' || financial_year || ':' || kind || ':' || period as k
        from leave_ledger where employee_id = any(${ids}::int[]) and financial_year in (${fy - 1}, ${fy}) and period is not null`,
  );
  const have = new Set(posted.map((r) => r.k));
  const byKey = new Map<string, { kind: LedgerKind; days: number }[]>();
  for (const l of lines) {
    const k = `${l.employeeId}:${l.leaveTypeId}:${l.fy}`;
    byKey.set(k, [...(byKey.get(k) ?? []), { kind: l.kind, days: l.days }]);
  }
  const withLinesBefore = new Set(lines.filter((l) => l.fy === fy - 1).map((l) => l.employeeId));
  const out: LedgerInsert[] = [];

  /** The credits of `year` due by `day` and not posted, capped at the maximum; the running lines are updated. */
  const credit = (e: StaffFacts, p: StaffPolicy, year: number, day: IsoDate) => {
    const key = `${e.id}:${p.id}:${year}`;
    const running = byKey.get(key) ?? [];
    let balance = summarizeLedger(running).balance;
    for (const c of dueCredits(p, e, year, day)) {
      if (have.has(`${key}:credit:${c.period}`)) continue;
      const days = capCredit(balance, c.days, p.maxBalance);
      balance += days;
      running.push({ kind: 'credit', days });
      have.add(`${key}:credit:${c.period}`);
      out.push({
        employeeId: e.id,
        leaveTypeId: p.id,
        financialYear: year,
        kind: 'credit',
        days: String(days),
        period: c.period,
        reason: c.period === 'year' ? 'Yearly allocation' : `Accrual for ${monthName(c.period)}`,
      });
    }
    byKey.set(key, running);
  };

  const prevSpan = financialYearStarting(fy - 1);
  for (const e of staff) {
    if (withLinesBefore.has(e.id)) {
      for (const p of terms(e, prevSpan.endDate)) {
        const key = `${e.id}:${p.id}:${fy - 1}`;
        if (!byKey.has(key) || have.has(`${e.id}:${p.id}:${fy}:opening:carry`)) continue;
        credit(e, p, fy - 1, prevSpan.endDate);
        const end = yearEnd(summarizeLedger(byKey.get(key) ?? []).balance, p);
        const base = { employeeId: e.id, leaveTypeId: p.id };
        out.push({
          ...base,
          financialYear: fy,
          kind: 'opening',
          days: String(end.carry),
          period: 'carry',
          reason: `Carried forward from ${prevSpan.name}`,
        });
        byKey.set(`${e.id}:${p.id}:${fy}`, [...(byKey.get(`${e.id}:${p.id}:${fy}`) ?? []), { kind: 'opening', days: end.carry }]);
        if (end.lapse > 0)
          out.push({
            ...base,
            financialYear: fy - 1,
            kind: 'lapse',
            days: String(-end.lapse),
            period: 'yearend',
            reason: `Beyond the carry-forward limit of ${p.carryForwardLimit}`,
          });
        if (end.encash > 0)
          out.push({
            ...base,
            financialYear: fy - 1,
            kind: 'encash',
            days: String(-end.encash),
            period: 'yearend',
            reason: `Beyond the carry-forward limit of ${p.carryForwardLimit}: to be encashed`,
          });
      }
    }
    for (const p of terms(e, asOf)) credit(e, p, fy, asOf);
  }
  let inserted = 0;
  for (let i = 0; i < out.length; i += 1000) {
    const rows = await tx
      .insert(leaveLedger)
      .values(out.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: leaveLedger.id });
    inserted += rows.length;
  }
  return { lines: inserted };
}

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

/**
 * Credits that are due by `asOf` (a leave's start) on the employee's terms and not posted yet: a request may count on
 * the accrual of the months before it, and on credits the scheduled poster has not reached yet, without posting them.
 */
export async function upcomingCredits(db: Db | Tx, employee: StaffFacts, policy: StaffPolicy, fy: number, asOf: IsoDate): Promise<number> {
  const posted = await queryRows<{ period: string }>(
    db,
    sql`select period from leave_ledger where employee_id = ${employee.id} and leave_type_id = ${policy.id}
          and financial_year = ${fy} and kind = 'credit' and period is not null`,
  );
  const have = new Set(posted.map((r) => r.period));
  return dueCredits(policy, employee, fy, asOf)
    .filter((c) => !have.has(c.period))
    .reduce((sum, c) => sum + c.days, 0);
}

/** Pending leave (paid days) per type in a financial year, optionally leaving one request out. */
async function pendingByType(db: Db | Tx, employeeId: number, fy: number, except?: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ leaveTypeId: number; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", sum(days - lwop_days)::float8 as days from requests
        where kind = 'leave' and status = 'pending' and employee_id = ${employeeId} and financial_year = ${fy}
          and id <> ${except ?? 0}
        group by leave_type_id`,
  );
  return new Map(rows.map((r) => [r.leaveTypeId, r.days]));
}

/** One type's balance (ledger sum) and what is pending. */
export async function balanceOf(
  db: Db | Tx,
  employeeId: number,
  leaveTypeId: number,
  fy: number,
  except?: number,
): Promise<BalanceSummary> {
  const lines = (await sums(db, employeeId, fy)).filter((l) => l.leaveTypeId === leaveTypeId);
  const pending = (await pendingByType(db, employeeId, fy, except)).get(leaveTypeId) ?? 0;
  return summarizeLedger(lines, pending);
}

/**
 * Every type that applies to the employee on `onDay` on the unit's terms (or has lines, or pending days): opening,
 * accrued, taken, pending, balance (the sum of the posted lines).
 */
export async function balancesOf(db: Db | Tx, employee: StaffFacts, fy: number, onDay?: IsoDate): Promise<TLeaveBalance[]> {
  const policies = await policiesOf(db, employee, onDay ?? orgToday());
  const lines = await sums(db, employee.id, fy);
  const pending = await pendingByType(db, employee.id, fy);
  const pendingLwop = await pendingLwopByType(db, employee.id, fy);
  const withLines = new Set(lines.map((l) => l.leaveTypeId));
  return policies
    .filter((p) => withLines.has(p.id) || pending.has(p.id) || pendingLwop.has(p.id) || (p.isActive && p.notApplicable === null))
    .map((p) => {
      const s = summarizeLedger(
        lines.filter((l) => l.leaveTypeId === p.id),
        pending.get(p.id) ?? 0,
      );
      return {
        leaveTypeId: p.id,
        leaveTypeName: p.name,
        leaveTypeCode: p.code,
        isPaid: p.isPaid,
        ...s,
        pendingLwop: pendingLwop.get(p.id) ?? 0,
      };
    });
}

/**
 * An employee's balances per type for a financial year (default `today`'s), read from the ledger (the scheduled
 * `leave.post` job posts credits; reads never write): what `/api/leave/balances/me` and the staff dashboard's leave
 * widget answer.
 */
export async function employeeBalances(db: Db | Tx, employeeId: number, today: IsoDate, fy = fyOf(today)): Promise<TLeaveBalance[]> {
  const e = await staffFacts(db, employeeId);
  if (!e) throw new NotFound('Employee not found');
  return balancesOf(db, e, fy, today);
}

/** The employee's days off (national holidays of the unit, weekly offs from the roster) between two dates. */
export async function offDays(db: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
  const [e] = await queryRows<{ unitId: number; shiftId: number | null; weeklyOffs: number[] }>(
    db,
    sql`select unit_id as "unitId", shift_id as "shiftId", weekly_offs as "weeklyOffs" from employees where id = ${employeeId}`,
  );
  const out = new Set<IsoDate>();
  if (!e) return out;
  for (const day of await unitHolidays(db, e.unitId, from, to)) out.add(day);
  const assignments = await queryRows<{ [K in keyof ShiftAssignment]: ShiftAssignment[K] }>(
    db,
    sql`select id, from_date::text as "fromDate", to_date::text as "toDate", kind, pattern from shift_assignments
        where is_active and employee_id = ${employeeId} and from_date <= ${to}::date and (to_date is null or to_date >= ${from}::date)`,
  );
  const weeklyOffs = weeklyOffsOf(e.weeklyOffs);
  for (const d of leaveDates({ from, to, isOff: () => false })) {
    if (rosterDay(d.day, assignments, { shiftId: e.shiftId, weeklyOffs }).isWeeklyOff) out.add(d.day);
  }
  return out;
}
