// The report framework's contract: a report's description (filters, columns, grouping, totals) as the
// server declares it, the query every report takes, and the page of rows it answers. One generic screen
// renders any report from these; the server's registry (apps/server/src/modules/reports) holds the
// declarations and their row functions.
import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZIdQuery } from './ids';
import { zLine } from './text';

/** The filters a report may ask for; the screen draws one control per kind. */
export const REPORT_FILTERS = [
  'unit',
  'department',
  'designation',
  'category',
  'employee',
  'financialYear',
  'month',
  'dateRange',
  'status',
  /** A state of the states look-up (professional tax and labour welfare fund registers). */
  'state',
  /** A quarter of the financial year (1 = April – June … 4 = January – March); goes with 'financialYear'. */
  'quarter',
] as const;
export type TReportFilterKind = (typeof REPORT_FILTERS)[number];

/** money: paise on the server, rupees with two decimals in JSON, en-IN in files; date: 'YYYY-MM-DD' in JSON, DD/MM/YYYY in files. */
export const REPORT_COLUMN_TYPES = ['text', 'number', 'money', 'date'] as const;
export type TReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export interface TReportColumn {
  key: string;
  label: string;
  type: TReportColumnType;
  /** Width in characters (Excel); the PDF scales it. */
  width: number;
  /** Summed into group subtotals and the grand total. */
  total?: boolean;
  /** The table may be sorted by it. */
  sortable?: boolean;
  /** Left out until chosen in the column chooser. */
  hidden?: boolean;
}

export interface TReportFilter {
  kind: TReportFilterKind;
  required?: boolean;
  /** For 'status': the choices (value and label). */
  options?: { value: string; label: string }[];
}

export interface TReportMeta {
  id: string;
  title: string;
  /** The menu (actionUrl) whose view action grants the report, one menu per report. */
  menu: string;
  /** 'register' reports are listed by the register picker. */
  kind: 'register' | 'attendance' | 'bonus';
  description: string;
  filters: TReportFilter[];
  /** Columns known without running (a report whose columns depend on the filters answers them with each run). */
  columns: TReportColumn[];
  /** Keys the rows may be grouped by (each with subtotals). */
  groupBy: { key: string; label: string }[];
  defaultSort: { key: string; dir: 'asc' | 'desc' } | null;
  /** A self-service caller sees their own rows ('own') or is refused. */
  selfService: 'own' | 'refuse';
}

const isoDate = ZIsoDate('Enter a date as YYYY-MM-DD');

/** The one query of every report: the filters it declares (others are ignored), sorting, grouping and paging. */
export const ZReportQuery = z.object({
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  designationId: ZIdQuery.optional(),
  categoryId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  stateId: ZIdQuery.optional(),
  /** The financial year's first calendar year (2025 = FY 2025-26). */
  financialYear: z.coerce.number().int().min(2000).max(2100).optional(),
  /** A quarter of the financial year: 1 = April – June, 2 = July – September, 3 = October – December, 4 = January – March. */
  quarter: z.coerce.number().int().min(1).max(4).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: zLine().min(1).max(30).optional(),
  sort: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,60}$/)
    .optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
  groupBy: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,60}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type TReportQuery = z.input<typeof ZReportQuery>;

export const ZReportExportQuery = ZReportQuery.extend({
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
  /** The columns to export (keys, comma-separated, as the column chooser shows them); all when absent. */
  columns: z
    .string()
    .regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'Columns are column keys separated by commas')
    .max(4000)
    .optional(),
});
export type TReportExportQuery = z.input<typeof ZReportExportQuery>;

/** A report's id is a slug that starts with a letter ('form-b'), so a number-like path ("01", "0x1", "1e0") is 400 like any bad id. */
export const ZReportIdParams = z.object({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'Unknown report')
    .max(60),
});

const ZCell = z.union([z.string(), z.number(), z.null()]);
const ZColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  width: z.number(),
  total: z.boolean().optional(),
  sortable: z.boolean().optional(),
  hidden: z.boolean().optional(),
});

export const ZReportMeta = z.object({
  id: z.string(),
  title: z.string(),
  menu: z.string(),
  kind: z.enum(['register', 'attendance', 'bonus']),
  description: z.string(),
  filters: z.array(
    z.object({
      kind: z.enum(REPORT_FILTERS),
      required: z.boolean().optional(),
      options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    }),
  ),
  columns: z.array(ZColumn),
  groupBy: z.array(z.object({ key: z.string(), label: z.string() })),
  defaultSort: z.object({ key: z.string(), dir: z.enum(['asc', 'desc']) }).nullable(),
  selfService: z.enum(['own', 'refuse']),
});

/** A page of a report: the rows, subtotals of every group (over the whole filtered set) and the grand total. */
export const ZReportResult = z.object({
  title: z.string(),
  /** The filters in words (unit, month…), as the exports print them. */
  filterSummary: z.string(),
  columns: z.array(ZColumn),
  rows: z.array(z.record(z.string(), ZCell)),
  /** What `total`, `page` and `pageSize` count: rows, or employees (a day-wise report holds every day of a page's employees). */
  pageUnit: z.enum(['row', 'employee']),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  groupBy: z.string().nullable(),
  groups: z.array(z.object({ value: z.string(), count: z.number(), totals: z.record(z.string(), z.number()) })),
  grandTotal: z.record(z.string(), z.number()),
  /**
   * Figures of the whole filtered set that are not sums of a column (e.g. the PF register's administration
   * charges per establishment): label and value, money in rupees. Not shown to self-service callers.
   */
  summary: z.array(z.object({ label: z.string(), value: z.union([z.string(), z.number()]), type: z.enum(REPORT_COLUMN_TYPES) })).optional(),
});
export type TReportResult = z.infer<typeof ZReportResult>;
