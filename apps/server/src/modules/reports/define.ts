// A report is a declaration, like a master resource: its filters, its columns (label, type, width, totals),
// its grouping, and where its rows come from (one SQL query the framework pages, sorts, groups and totals,
// or, for rows worked out in code such as the attendance reports, pages of rows in a fixed order). The
// registry holds every report once: the list the screens show, the role-wise grant (one menu per report), the
// run, the Excel and PDF exports and the test that loops over all of them read it.
import { type TReportColumn, type TReportFilter, type TReportMeta, ZReportIdParams } from '@hr/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../access/context';

/** A cell: money in paise, dates 'YYYY-MM-DD', counts and days as numbers. */
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportColumn extends TReportColumn {
  /** PDF: left out (e.g. shown under another column there). */
  pdfHidden?: boolean;
  /** PDF: the value of this other column printed small under this one's. */
  pdfUnder?: string;
  /** PDF: a fixed width in points ('*' takes the rest); else from `width`. */
  pdfWidth?: number | '*';
}

/** The filters as checked against the caller (ids within reach, a real range). */
export interface ResolvedFilters {
  unitId?: number;
  departmentId?: number;
  designationId?: number;
  categoryId?: number;
  employeeId?: number;
  /** A state of the states look-up. */
  stateId?: number;
  /** The quarter of the financial year (1 = April – June … 4 = January – March); from / to are its dates. */
  quarter?: number;
  /** The financial year's first calendar year. */
  financialYear?: number;
  year?: number;
  month?: number;
  /** The range of a month, a financial year or the date range asked for. */
  from?: string;
  to?: string;
  status?: string;
}

export interface ReportContext {
  db: Db;
  auth: AuthContext;
  f: ResolvedFilters;
  /** The filters in words, as the exports print them. */
  summary: string;
  /**
   * SQL limiting rows to the caller's reach: their units' rows, or a self-service caller's own; `unit` and
   * `employee` are the rows' unit and employee id expressions.
   */
  reach(unit: SQL, employee: SQL): SQL;
  /**
   * The employee filters (unit, department, designation, category, employee) on the employees table `alias`
   * (e.g. sql`e`), plus the caller's reach; `unit` overrides the unit column (a slip's run's unit, say).
   */
  employeeWhere(alias: SQL, unit?: SQL): SQL;
}

export interface SqlSource {
  kind: 'sql';
  /**
   * One SELECT whose output columns are named by the report's column keys (and its group keys); money as
   * bigint paise, dates as 'YYYY-MM-DD' text. The framework wraps it for the page, the count, the totals and
   * the groups, so the query has no ORDER BY or LIMIT of its own.
   */
  query(ctx: ReportContext): SQL | Promise<SQL>;
  /** Column keys that break ties (and order the rows when no sort is asked), e.g. ['employeeCode']. */
  order: string[];
  /**
   * Columns worked out from a row `r` of the query only once its page is chosen (e.g. each head's amount out of
   * the slip's amounts): a select list over `r`, for costly columns that are never sorted on. The totals read
   * them over the whole set.
   */
  expand?(ctx: ReportContext): SQL | Promise<SQL>;
  /**
   * A column of the query unique per row: a page is then chosen on the narrow sort columns alone and its rows
   * read by this key (a wide column such as a slip's amounts is not carried through the sort).
   */
  key?: string;
  /**
   * How long the totals and groups of one set of filters are kept (ms) for the next pages: only for rows that
   * no longer change (approved or locked salary runs).
   */
  cacheTotalsMs?: number | ((ctx: ReportContext) => number);
  /**
   * The row count and column sums of the whole filtered set as the database keeps them (e.g. a final salary run's
   * totals, kept by triggers), or null when it keeps none for these filters: the framework then sums the rows.
   * Asked only without a grouping; a column missing from `totals` sums to 0. Money in paise.
   */
  keptTotals?(ctx: ReportContext): Promise<{ count: number; totals: Record<string, number> } | null>;
}

export interface ChunkSource {
  kind: 'chunks';
  /** What count and page count: rows (default), or employees whose rows (e.g. one per day) come together. */
  pageUnit?: 'row' | 'employee';
  count(ctx: ReportContext): Promise<number>;
  /** One page in the report's fixed order. */
  page(ctx: ReportContext, offset: number, limit: number): Promise<ReportRow[]>;
  /** Every row in the same order, a bounded batch at a time (exports). */
  batches(ctx: ReportContext): AsyncIterable<ReportRow[]>;
}

export interface ReportDef extends Omit<TReportMeta, 'columns' | 'filters'> {
  filters: TReportFilter[];
  columns: ReportColumn[];
  /** Columns that depend on the filters (a run's heads, a range's days): replace `columns` for a run. */
  columnsFor?: (ctx: ReportContext) => Promise<ReportColumn[]>;
  source: SqlSource | ChunkSource;
  /** The file name's stem, e.g. 'Wage_Register'. */
  fileStem: string;
  /** The longest date range (days) the report accepts. */
  maxDays?: number;
  /** Extra checks of the resolved filters (400 with field errors). */
  validate?: (f: ResolvedFilters) => Record<string, string[]> | undefined;
  pdf?: { fontSize?: number; orientation?: 'portrait' | 'landscape' };
  /**
   * Figures of the whole filtered set that are not column sums (the PF register's administration charges per
   * establishment): shown under the table, printed below the PDF's table and on the Excel file's title line.
   * Not asked for self-service callers. Money in paise.
   */
  summary?: (ctx: ReportContext) => Promise<ReportSummaryLine[]>;
}

export interface ReportSummaryLine {
  label: string;
  value: string | number;
  type: TReportColumn['type'];
}

const registry = new Map<string, ReportDef>();

/** Declares a report (once per id); returns it. */
/** A report's declaration, checked; the reports module's manifest registers the list (registry.ts). */
export function defineReport(def: ReportDef): ReportDef {
  if (!ZReportIdParams.shape.id.safeParse(def.id).success) throw new Error(`Report id ${def.id} is not a slug that starts with a letter`);
  for (const g of def.groupBy) {
    if (def.source.kind !== 'sql') throw new Error(`Report ${def.id}: only SQL reports group`);
    if (!def.columns.some((c) => c.key === g.key)) throw new Error(`Report ${def.id}: group key ${g.key} is no column`);
  }
  if (def.source.kind === 'chunks') def.columns = chunkTotals(def.columns);
  return def;
}

/** Makes the reports reachable by id, in the order given (the reports screen's order). */
export function registerReports(defs: readonly ReportDef[]): void {
  for (const def of defs) {
    const known = registry.get(def.id);
    if (known && known !== def) throw new Error(`Report ${def.id} is declared twice`);
    registry.set(def.id, def);
  }
}

/**
 * Rows worked out in code (the attendance reports) are totalled by the framework like SQL ones: their number and
 * money columns sum into the grand total unless a column says `total: false`.
 */
export function chunkTotals(columns: ReportColumn[]): ReportColumn[] {
  return columns.map((c) => ((c.type === 'number' || c.type === 'money') && c.total === undefined ? { ...c, total: true } : c));
}

export function reportById(id: string): ReportDef | undefined {
  return registry.get(id);
}

export function allReports(): ReportDef[] {
  return [...registry.values()];
}

/** What the screens read about a report. */
export function metaOf(def: ReportDef): TReportMeta {
  return {
    id: def.id,
    title: def.title,
    menu: def.menu,
    kind: def.kind,
    description: def.description,
    filters: def.filters,
    columns: def.columns.map(publicColumn),
    groupBy: def.groupBy,
    defaultSort: def.defaultSort,
    selfService: def.selfService,
  };
}

export function publicColumn(c: ReportColumn): TReportColumn {
  return {
    key: c.key,
    label: c.label,
    type: c.type,
    width: c.width,
    ...(c.total ? { total: true } : {}),
    ...(c.sortable ? { sortable: true } : {}),
    ...(c.hidden ? { hidden: true } : {}),
  };
}
