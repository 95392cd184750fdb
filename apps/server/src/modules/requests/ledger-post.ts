// The leave ledger's poster: credits due (yearly allocation or monthly accrual, pro-rated for joiners, capped at the
// type's maximum) and the carry-forward into a new financial year with lapse or encashment. One poster writes the
// system lines, the scheduled job `leave.post` (and the seed): set-based, and each line carries a `period` so posting
// again adds nothing (a unique index says so).
import { capCredit, type LedgerKind, summarizeLedger, yearEnd } from '@hr/attendance';
import { financialYearStarting, type IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { leaveLedger } from '../../db/schema';
import { dueCredits, fyOf, leavePolicies, onTerms, type StaffFacts, type StaffPolicy, unitMaps } from './leave-terms';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM' → 'May 2026' (how a credit's month reads in the ledger). */
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

type LedgerInsert = typeof leaveLedger.$inferInsert;

/** What a posting knows and makes: the running lines per 'employee:type:year', the periods posted, the new lines. */
interface Posting {
  byKey: Map<string, { kind: LedgerKind; days: number }[]>;
  have: Set<string>;
  out: LedgerInsert[];
}

/** The staff a posting covers: joined by `asOf`, not exited before the previous financial year. */
function postingStaff(tx: Db | Tx, asOf: IsoDate, fy: number, employeeIds?: number[]) {
  const only = employeeIds ? sql`and e.id = any(${`{${employeeIds.join(',') || 0}}`}::int[])` : sql``;
  return queryRows<StaffFacts & Record<string, unknown>>(
    tx,
    sql`select e.id, e.unit_id as "unitId", lower(e.gender) as gender, e.category_id as "categoryId",
          e.date_of_joining::text as joined, e.confirmation_date::text as confirmed, e.exit_date::text as exited,
          e.reporting_manager_id as "managerId", e.name, e.employee_code as code
        from employees e
        where e.date_of_joining <= ${asOf}::date
          and (e.exit_date is null or e.exit_date >= ${financialYearStarting(fy - 1).startDate}::date) ${only}`,
  );
}

/** Sums per employee, type, year and kind, and the credit periods already posted, of `fy` and the year before (two queries). */
async function postedLines(tx: Db | Tx, staff: readonly StaffFacts[], fy: number) {
  const ids = `{${staff.map((e) => e.id).join(',')}}`;
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
  const posting: Posting = { byKey: new Map(), have: new Set(posted.map((r) => r.k)), out: [] };
  for (const l of lines) {
    const k = `${l.employeeId}:${l.leaveTypeId}:${l.fy}`;
    posting.byKey.set(k, [...(posting.byKey.get(k) ?? []), { kind: l.kind, days: l.days }]);
  }
  const withLinesBefore = new Set(lines.filter((l) => l.fy === fy - 1).map((l) => l.employeeId));
  return { posting, withLinesBefore };
}

/** The credits of `year` due by `day` and not posted, capped at the maximum; the running lines are updated. */
function credit(posting: Posting, e: StaffFacts, p: StaffPolicy, year: number, day: IsoDate) {
  const { byKey, have, out } = posting;
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
}

/**
 * The year end of `fy - 1` for one employee and type with lines in it and no carry yet: its credits completed, then the
 * carry-forward up to the limit as `fy`'s opening and the rest lapsed or encashed.
 */
function closeYear(posting: Posting, e: StaffFacts, p: StaffPolicy, fy: number) {
  const { byKey, have, out } = posting;
  const prevSpan = financialYearStarting(fy - 1);
  const key = `${e.id}:${p.id}:${fy - 1}`;
  if (!byKey.has(key) || have.has(`${e.id}:${p.id}:${fy}:opening:carry`)) return;
  credit(posting, e, p, fy - 1, prevSpan.endDate);
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
  const beyond = `Beyond the carry-forward limit of ${p.carryForwardLimit}`;
  if (end.lapse > 0)
    out.push({ ...base, financialYear: fy - 1, kind: 'lapse', days: String(-end.lapse), period: 'yearend', reason: beyond });
  if (end.encash > 0)
    out.push({
      ...base,
      financialYear: fy - 1,
      kind: 'encash',
      days: String(-end.encash),
      period: 'yearend',
      reason: `${beyond}: to be encashed`,
    });
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
  const staff = await postingStaff(tx, asOf, fy, employeeIds);
  if (staff.length === 0) return { lines: 0 };
  const policies = await leavePolicies(tx);
  const maps = await unitMaps(tx, 'all');
  const terms = (e: StaffFacts, onDay: IsoDate) => policies.map((p) => onTerms(p, e, maps.get(e.unitId) ?? [], onDay));
  const { posting, withLinesBefore } = await postedLines(tx, staff, fy);
  const prevEnd = financialYearStarting(fy - 1).endDate;
  for (const e of staff) {
    if (withLinesBefore.has(e.id)) for (const p of terms(e, prevEnd)) closeYear(posting, e, p, fy);
    for (const p of terms(e, asOf)) credit(posting, e, p, fy, asOf);
  }
  let inserted = 0;
  for (let i = 0; i < posting.out.length; i += 1000) {
    const rows = await tx
      .insert(leaveLedger)
      .values(posting.out.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: leaveLedger.id });
    inserted += rows.length;
  }
  return { lines: inserted };
}
