// Runs a report: one page of rows in the asked order, with the subtotals of every group and the grand total
// over the whole filtered set (not the page), all worked out by the database for SQL reports. The exports walk
// the same rows in the same order a batch at a time.
import type { TReportResult, ZReportQuery } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '../../db/client';
import { BadRequest } from '../../lib/errors';
import {
  chunkTotals,
  publicColumn,
  type ReportColumn,
  type ReportContext,
  type ReportDef,
  type ReportRow,
  type ReportSummaryLine,
} from './define';

type Query = z.output<typeof ZReportQuery>;

/** Rows read at a time by an export. */
export const EXPORT_BATCH = 5000;
/** Groups shown at most (a grouping by employee of a large unit would be no grouping). */
const MAX_GROUPS = 2000;

export interface RunPlan {
  def: ReportDef;
  ctx: ReportContext;
  /** The columns printed (the chosen ones, or all). */
  columns: ReportColumn[];
  /** Every column of the run (rows carry them all: a hidden column may still group). */
  all: ReportColumn[];
  sort: { key: string; dir: 'asc' | 'desc' } | null;
  groupBy: string | null;
}

/** The columns of this run and the checked sort and grouping (400 for a key that is not the report's). */
export async function planOf(
  def: ReportDef,
  ctx: ReportContext,
  q: Pick<Query, 'sort' | 'dir' | 'groupBy'> & { columns?: string },
): Promise<RunPlan> {
  const own = def.columnsFor ? await def.columnsFor(ctx) : def.columns;
  const all = def.source.kind === 'chunks' ? chunkTotals(own) : own;
  let columns = all;
  if (q.columns !== undefined) {
    // An export of the columns chosen on the screen, in the report's order.
    const keys = new Set(q.columns.split(','));
    const unknown = [...keys].filter((k) => !all.some((c) => c.key === k));
    if (unknown.length) throw new BadRequest('Invalid columns', { columns: [`Not columns of this report: ${unknown.join(', ')}`] });
    columns = all.filter((c) => keys.has(c.key));
  }
  let sort = def.defaultSort;
  if (q.sort !== undefined) {
    const col = all.find((c) => c.key === q.sort);
    if (!col?.sortable || def.source.kind !== 'sql')
      throw new BadRequest('Invalid sort', { sort: [`This report cannot be sorted by ${q.sort}`] });
    sort = { key: q.sort, dir: q.dir };
  }
  let groupBy: string | null = null;
  if (q.groupBy !== undefined) {
    if (!def.groupBy.some((g) => g.key === q.groupBy))
      throw new BadRequest('Invalid grouping', { groupBy: [`This report cannot be grouped by ${q.groupBy}`] });
    groupBy = q.groupBy;
  }
  return { def, ctx, columns, all, sort, groupBy };
}

const id = (key: string) => sql.identifier(key);

/** A row as the database answered it, made plain: numbers as numbers, everything else as text. */
function normalise(columns: readonly ReportColumn[], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const c of columns) {
    const v = raw[c.key];
    if (v === null || v === undefined) row[c.key] = null;
    else if (c.type === 'number' || c.type === 'money') row[c.key] = Number(v);
    else if (v instanceof Date) row[c.key] = v.toISOString().slice(0, 10);
    else row[c.key] = String(v);
  }
  return row;
}

function orderSql(plan: RunPlan): SQL {
  const source = plan.def.source;
  const keys: SQL[] = [];
  if (plan.groupBy) keys.push(sql`${id(plan.groupBy)} asc nulls last`);
  if (plan.sort) keys.push(sql`${id(plan.sort.key)} ${plan.sort.dir === 'desc' ? sql`desc` : sql`asc`} nulls last`);
  if (source.kind === 'sql') for (const k of source.order) keys.push(sql`${id(k)} asc`);
  return sql.join(keys, sql`, `);
}

/** The page's rows; costly columns (`expand`) are worked out for the page's rows only. */
async function sqlPage(plan: RunPlan, base: SQL, offset: number, limit: number): Promise<ReportRow[]> {
  const source = plan.def.source;
  const expand = source.kind === 'sql' && source.expand ? await source.expand(plan.ctx) : null;
  const key = source.kind === 'sql' ? source.key : undefined;
  const page = key
    ? sql`select * from (${base}) r where ${sql.identifier(key)} in (
        select ${sql.identifier(key)} from (${base}) r order by ${orderSql(plan)} limit ${limit} offset ${offset})`
    : sql`select * from (${base}) r order by ${orderSql(plan)} limit ${limit} offset ${offset}`;
  const rows = await queryRows<Record<string, unknown>>(
    plan.ctx.db,
    expand || key ? sql`select r.* ${expand ? sql`, ${expand}` : sql``} from (${page}) r order by ${orderSql(plan)}` : page,
  );
  return rows.map((r) => normalise(plan.all, r));
}

/** The rows with their costly columns, for the totals. */
async function expanded(plan: RunPlan, base: SQL): Promise<SQL> {
  const source = plan.def.source;
  if (source.kind !== 'sql' || !source.expand) return base;
  return sql`select r.*, ${await source.expand(plan.ctx)} from (${base}) r`;
}

type KeptSums = { until: number; value: Pick<RunOutcome, 'total' | 'groups' | 'grandTotal'> };

/**
 * Totals and groups kept for the next pages of the same filters (reports with cacheTotalsMs), per database: apps that
 * share a process (the test suite runs many) never read each other's figures.
 */
const totalsCaches = new WeakMap<object, Map<string, KeptSums>>();

function totalsCacheOf(db: object): Map<string, KeptSums> {
  let cache = totalsCaches.get(db);
  if (!cache) {
    cache = new Map();
    totalsCaches.set(db, cache);
  }
  return cache;
}

function cacheKey(plan: RunPlan): string {
  const { auth, f } = plan.ctx;
  const who = auth.isSelfService ? `self:${auth.employeeId}` : JSON.stringify(auth.unitIds);
  return JSON.stringify([plan.def.id, f, who, plan.groupBy, plan.columns.map((c) => c.key)]);
}

const totalColumns = (plan: RunPlan) => plan.columns.filter((c) => c.total);

/** count(*) and the sum of every total column over the filtered set, optionally per group. */
function aggregates(plan: RunPlan, base: SQL, group: string | null): SQL {
  const sums = totalColumns(plan).map((c) => sql`, coalesce(sum(${id(c.key)}), 0)::text as ${id(c.key)}`);
  if (!group) return sql`select count(*)::int as n ${sql.join(sums, sql``)} from (${base}) r`;
  return sql`select ${id(group)}::text as g, count(*)::int as n ${sql.join(sums, sql``)} from (${base}) r
    group by 1 order by 1 asc nulls last limit ${MAX_GROUPS}`;
}

function totalsOf(plan: RunPlan, raw: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(totalColumns(plan).map((c) => [c.key, Number(raw[c.key] ?? 0)]));
}

export interface RunOutcome {
  rows: ReportRow[];
  total: number;
  groups: { value: string; count: number; totals: Record<string, number> }[];
  grandTotal: Record<string, number>;
  summary?: ReportSummaryLine[];
}

/** The report's summary figures (none for a self-service caller, who sees only their own rows). */
export async function summaryOf(plan: RunPlan): Promise<ReportSummaryLine[] | undefined> {
  if (!plan.def.summary || plan.ctx.auth.isSelfService) return undefined;
  return plan.def.summary(plan.ctx);
}

/** One page with the groups' subtotals and the grand total. */
export async function runPage(plan: RunPlan, page: number, pageSize: number): Promise<RunOutcome> {
  const { def, ctx } = plan;
  const offset = (page - 1) * pageSize;
  if (def.source.kind === 'chunks') {
    const total = await def.source.count(ctx);
    const rows = offset < total ? await def.source.page(ctx, offset, pageSize) : [];
    // Rows worked out in code have no totals unless the report sums them over the whole set.
    const grandTotal: Record<string, number> = {};
    if (totalColumns(plan).length) {
      for (const c of totalColumns(plan)) grandTotal[c.key] = 0;
      for await (const batch of def.source.batches(ctx))
        for (const r of batch) for (const c of totalColumns(plan)) grandTotal[c.key] += Number(r[c.key] ?? 0);
    }
    const summary = await summaryOf(plan);
    return { rows, total, groups: [], grandTotal, ...(summary ? { summary } : {}) };
  }
  const base = await def.source.query(ctx);
  const cache = def.source.cacheTotalsMs;
  const ttl = (typeof cache === 'function' ? cache(ctx) : cache) ?? 0;
  const key = ttl ? cacheKey(plan) : '';
  const now = Date.now();
  const totalsCache = totalsCacheOf(ctx.db);
  let sums = ttl ? totalsCache.get(key) : undefined;
  if ((!sums || sums.until < now) && !plan.groupBy && def.source.keptTotals) {
    // Totals the database keeps for exactly these filters (a final salary run's), when the report has them.
    const kept = await def.source.keptTotals(ctx);
    if (kept) {
      const grandTotal = Object.fromEntries(totalColumns(plan).map((c) => [c.key, Number(kept.totals[c.key] ?? 0)]));
      sums = { until: now + ttl, value: { total: kept.count, groups: [], grandTotal } };
    }
  }
  if (!sums || sums.until < now) {
    const full = totalColumns(plan).length ? await expanded(plan, base) : base;
    // One statement at a time (a transaction's connection runs one statement at a time; PGlite one anyway).
    const [agg] = await queryRows<Record<string, unknown>>(ctx.db, aggregates(plan, full, null));
    const groups = plan.groupBy
      ? (await queryRows<Record<string, unknown>>(ctx.db, aggregates(plan, full, plan.groupBy))).map((g) => ({
          value: g.g === null ? '' : String(g.g),
          count: Number(g.n),
          totals: totalsOf(plan, g),
        }))
      : [];
    sums = { until: now + ttl, value: { total: Number(agg?.n ?? 0), groups, grandTotal: totalsOf(plan, agg ?? {}) } };
    if (ttl) {
      if (totalsCache.size > 200) for (const [k, v] of totalsCache) if (v.until < now || totalsCache.size > 200) totalsCache.delete(k);
      totalsCache.set(key, sums);
    }
  }
  const rows = offset < sums.value.total ? await sqlPage(plan, base, offset, pageSize) : [];
  const summary = await summaryOf(plan);
  return { rows, ...sums.value, ...(summary ? { summary } : {}) };
}

/** How many rows the filters hold (to decide between a direct download and a job). */
export async function countRows(plan: RunPlan): Promise<number> {
  const { def, ctx } = plan;
  if (def.source.kind === 'chunks') return def.source.count(ctx);
  const [agg] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${await def.source.query(ctx)}) r`);
  return Number(agg?.n ?? 0);
}

/** Every row in the screen's order, EXPORT_BATCH at a time. */
export async function* batchesOf(plan: RunPlan): AsyncGenerator<ReportRow[]> {
  const { def, ctx } = plan;
  if (def.source.kind === 'chunks') {
    yield* def.source.batches(ctx);
    return;
  }
  const base = await def.source.query(ctx);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await sqlPage(plan, base, offset, EXPORT_BATCH);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Money in rupees with two decimals for JSON (paise stay exact on the server). */
function forJson(columns: readonly ReportColumn[], row: ReportRow): ReportRow {
  const out: ReportRow = { ...row };
  for (const c of columns) if (c.type === 'money' && typeof out[c.key] === 'number') out[c.key] = (out[c.key] as number) / 100;
  return out;
}

function totalsForJson(columns: readonly ReportColumn[], totals: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(totals)) out[k] = columns.find((c) => c.key === k)?.type === 'money' ? v / 100 : v;
  return out;
}

export function resultJson(plan: RunPlan, outcome: RunOutcome, page: number, pageSize: number): TReportResult {
  return {
    title: plan.def.title,
    filterSummary: plan.ctx.summary,
    columns: plan.columns.map(publicColumn),
    rows: outcome.rows.map((r) => forJson(plan.columns, r)),
    pageUnit: plan.def.source.kind === 'chunks' ? (plan.def.source.pageUnit ?? 'row') : 'row',
    total: outcome.total,
    page,
    pageSize,
    groupBy: plan.groupBy,
    groups: outcome.groups.map((g) => ({ ...g, totals: totalsForJson(plan.columns, g.totals) })),
    grandTotal: totalsForJson(plan.columns, outcome.grandTotal),
    ...(outcome.summary ? { summary: outcome.summary.map((l) => (l.type === 'money' ? { ...l, value: Number(l.value) / 100 } : l)) } : {}),
  };
}
