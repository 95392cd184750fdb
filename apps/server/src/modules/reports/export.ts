// The one exporter of every report: Excel through the streaming writer of lib/xlsx.ts and PDF drawn with pdfkit
// in the documents package's fonts and colours (pdf-table.ts), both from the same rows in the same order as the screen, with the group subtotals and
// the grand total summed exactly (paise) as the rows pass. The Excel file never holds the sheet in memory;
// the PDF holds its pages' drawing (Page x / y is written once the count is known), so it is capped at PDF_MAX_ROWS.
import { formatIsoDMY, type IsoDate } from '@hr/calendar';
import { formatINR } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { queryRows } from '../../db/client';
import { BadRequest } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { streamXlsx, type XlsxRow } from '../../lib/xlsx';
import type { ReportCell, ReportColumn, ReportRow, ReportSummaryLine } from './define';
import { PdfTableWriter } from './pdf-table';
import { batchesOf, type RunPlan, summaryOf } from './run';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MIME = 'application/pdf';
/** A PDF of more rows is refused (its layout is held in memory): Excel takes any size. */
export const PDF_MAX_ROWS = 20_000;

export interface Organisation {
  name: string;
  address: string;
  today: IsoDate;
}

export async function organisationOf(plan: RunPlan): Promise<Organisation> {
  const [org] = await queryRows<{ name: string; address: string }>(
    plan.ctx.db,
    sql`select name, address from organisation order by id limit 1`,
  );
  return { name: org?.name ?? '', address: org?.address ?? '', today: orgToday() };
}

export function exportFileName(plan: RunPlan, format: 'xlsx' | 'pdf'): string {
  const f = plan.ctx.f;
  const period =
    f.year && f.month
      ? `${f.year}_${String(f.month).padStart(2, '0')}`
      : f.financialYear
        ? `FY${f.financialYear}`
        : f.from && f.to
          ? `${f.from}_${f.to}`
          : '';
  return `${[plan.def.fileStem, period].filter(Boolean).join('_')}.${format}`;
}

/** A cell as printed: money en-IN with two decimals, dates DD/MM/YYYY. */
export function cellText(c: ReportColumn, v: ReportCell): string {
  if (v === null || v === '') return '';
  if (c.type === 'money') return formatINR(BigInt(Math.round(Number(v))));
  if (c.type === 'date') return formatIsoDMY(String(v) as IsoDate);
  return String(v);
}

/** What the export walks: rows, a subtotal line after each group, the grand total line at the end. */
type Line =
  | { kind: 'row'; row: ReportRow }
  | { kind: 'subtotal'; label: string; count: number; totals: Record<string, number> }
  | { kind: 'total'; count: number; totals: Record<string, number> };

/** The rows with the group subtotals and the grand total, summed in paise as they pass; `onRows` counts progress. */
async function* linesOf(plan: RunPlan, onRows?: (n: number) => Promise<void>): AsyncGenerator<Line[]> {
  const totals = plan.columns.filter((c) => c.total);
  const zero = () => Object.fromEntries(totals.map((c) => [c.key, 0])) as Record<string, number>;
  const grand = zero();
  let count = 0;
  let group: { value: string; count: number; totals: Record<string, number> } | null = null;
  const groupLabel = plan.groupBy ? (plan.def.groupBy.find((g) => g.key === plan.groupBy)?.label ?? plan.groupBy) : '';
  const close = (): Line => ({
    kind: 'subtotal',
    label: `${groupLabel}: ${group?.value ?? ''}`,
    count: group?.count ?? 0,
    totals: group?.totals ?? {},
  });
  for await (const batch of batchesOf(plan)) {
    const lines: Line[] = [];
    for (const row of batch) {
      if (plan.groupBy) {
        const value = row[plan.groupBy] === null ? '' : String(row[plan.groupBy]);
        if (group && group.value !== value) lines.push(close());
        if (!group || group.value !== value) group = { value, count: 0, totals: zero() };
        group.count++;
        for (const c of totals) group.totals[c.key] += Number(row[c.key] ?? 0);
      }
      count++;
      for (const c of totals) grand[c.key] += Number(row[c.key] ?? 0);
      lines.push({ kind: 'row', row });
    }
    await onRows?.(count);
    yield lines;
  }
  const tail: Line[] = [];
  if (group) tail.push(close());
  if (totals.length) tail.push({ kind: 'total', count, totals: grand });
  if (tail.length) yield tail;
}

/** The label cell of a subtotal or total line goes in the first column. */
function totalsRow(plan: RunPlan, label: string, totals: Record<string, number>): ReportRow {
  const row: ReportRow = {};
  plan.columns.forEach((c, i) => {
    row[c.key] = c.total ? (totals[c.key] ?? 0) : i === 0 ? label : null;
  });
  return row;
}

const countText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** A summary figure as printed (money en-IN). */
const summaryText = (l: ReportSummaryLine) => `${l.label}: ${cellText({ key: 'v', label: l.label, type: l.type, width: 10 }, l.value)}`;

/**
 * The report as an .xlsx stream: the organisation, title and filters above the headings, the rows, a subtotal
 * line per group and the grand total. The first batch is read before the stream is returned, so an error in
 * the report's query answers properly.
 */
export async function reportXlsx(plan: RunPlan, org: Organisation, onRows?: (n: number) => Promise<void>) {
  const summary = await summaryOf(plan);
  const lines = linesOf(plan, onRows);
  const first = await lines.next();
  async function* rows(): AsyncGenerator<XlsxRow[]> {
    for (let step = first; !step.done; step = await lines.next()) {
      yield step.value.map((line) => {
        // The writer makes each cell its column type's (money paise → rupees, ISO dates → date cells).
        if (line.kind === 'row') return { values: plan.columns.map((c) => line.row[c.key] ?? null) };
        const label = line.kind === 'total' ? `Grand Total (${countText(line.count)})` : `${line.label} (${countText(line.count)})`;
        const r = totalsRow(plan, label, line.totals);
        return { values: plan.columns.map((c) => r[c.key] ?? null), bold: true };
      });
    }
  }
  return streamXlsx({
    sheet: plan.def.title,
    // One line above the headings (the headings stay on row 3 whatever the report).
    preamble: [
      `${plan.def.title} — ${plan.ctx.summary} — ${org.name} · Report Gen. Date : ${formatIsoDMY(org.today)}${
        summary?.length ? ` — ${summary.map(summaryText).join(' · ')}` : ''
      }`,
    ],
    columns: plan.columns.map((c) => ({ header: c.label, width: c.width, type: c.type })),
    frozenColumns: Math.min(2, plan.columns.length),
    rows: rows(),
  });
}

/**
 * The report as a PDF: the organisation's header, the title, the filters and the generation date, the table
 * with its headings repeated on every page, subtotals and the grand total, and 'Page x / y' below. Wide reports
 * are landscape (A3 beyond about 200 characters of columns). Drawn row by row with pdfkit (pdf-table.ts).
 */
export async function reportPdf(plan: RunPlan, org: Organisation, onRows?: (n: number) => Promise<void>): Promise<Buffer> {
  const columns = plan.columns.filter((c) => !c.pdfHidden);
  const byKey = new Map(plan.columns.map((c) => [c.key, c]));
  const chars = columns.reduce((s, c) => s + c.width, 0);
  const orientation = plan.def.pdf?.orientation ?? (chars > 110 || columns.length > 12 ? 'landscape' : 'portrait');
  const pageSize = chars > 200 || columns.length > 45 ? 'A3' : 'A4';
  const pageWidth = (pageSize === 'A3' ? (orientation === 'landscape' ? 1191 : 842) : orientation === 'landscape' ? 842 : 595) - 40;
  const fixed = columns.reduce((s, c) => s + (typeof c.pdfWidth === 'number' ? c.pdfWidth : 0), 0);
  const flexChars = columns.reduce((s, c) => s + (c.pdfWidth === undefined ? c.width : 0), 0);
  // Points per character of the flexible columns once the page is shared out; the font shrinks (not below 4.5)
  // so a column's declared characters fit its share.
  const perChar = Math.max(1, (pageWidth - fixed - 3.5 * columns.length) / Math.max(1, flexChars));
  const preferred = plan.def.pdf?.fontSize ?? (columns.length > 30 ? 5.5 : columns.length > 16 ? 6.5 : 7.5);
  const fontSize = Math.max(4.5, Math.min(preferred, Math.round((perChar / 0.55) * 2) / 2));
  const stars = columns.filter((c) => c.pdfWidth === '*').length;
  const given = columns.reduce((s, c) => s + (c.pdfWidth === '*' ? 0 : typeof c.pdfWidth === 'number' ? c.pdfWidth : c.width * perChar), 0);
  const star = stars ? Math.max(20, (pageWidth - given) / stars) : 0;
  const numeric = (c: ReportColumn) => c.type === 'money' || c.type === 'number';
  const writer = new PdfTableWriter({
    pageSize,
    orientation,
    fontSize,
    title: plan.def.title,
    infoTitle: exportFileName(plan, 'pdf'),
    orgName: org.name,
    orgAddress: org.address.replace(/\s*\n\s*/g, ', '),
    dateLine: `Report Gen. Date : ${formatIsoDMY(org.today)}`,
    summary: plan.ctx.summary,
    columns: columns.map((c) => ({
      label: c.label,
      width: c.pdfWidth === '*' ? star : typeof c.pdfWidth === 'number' ? c.pdfWidth : c.width * perChar,
      align: numeric(c) ? 'right' : c.type !== 'date' && c.width <= 5 ? 'center' : 'left',
      noWrap: numeric(c) || c.type === 'date' || c.width <= 5,
    })),
  });
  const unders = columns.some((c) => c.pdfUnder);
  let rows = 0;
  for await (const batch of linesOf(plan, onRows)) {
    for (const line of batch) {
      if (line.kind === 'row') {
        if (++rows > PDF_MAX_ROWS) throw new BadRequest(`A PDF holds at most ${PDF_MAX_ROWS} rows: narrow the filters or export to Excel`);
        writer.add({
          cells: columns.map((c) => cellText(c, line.row[c.key] ?? null)),
          ...(unders
            ? {
                under: columns.map((c) => {
                  const under = c.pdfUnder ? byKey.get(c.pdfUnder) : undefined;
                  return c.pdfUnder ? (under ? cellText(under, line.row[under.key] ?? null) : '') : undefined;
                }),
              }
            : {}),
        });
      } else {
        const label = line.kind === 'total' ? `Grand Total (${countText(line.count)})` : `${line.label} (${countText(line.count)})`;
        const r = totalsRow(plan, label, line.totals);
        // The label goes in the first printed column.
        if (columns[0]) r[columns[0].key] = label;
        writer.add({ cells: columns.map((c) => cellText(c, r[c.key] ?? null)), bold: true });
      }
    }
  }
  // The report's summary figures (not column sums) below the table.
  const summary = await summaryOf(plan);
  return writer.finish(countText(rows), summary?.map(summaryText) ?? []);
}

/** Answers the file itself (small exports, and the attendance screens' own export paths). */
export async function sendExport(reply: FastifyReply, plan: RunPlan, format: 'xlsx' | 'pdf', fileName = exportFileName(plan, format)) {
  const org = await organisationOf(plan);
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  if (format === 'pdf') return reply.type(PDF_MIME).send(await reportPdf(plan, org));
  return reply.type(XLSX_MIME).send(await reportXlsx(plan, org));
}
