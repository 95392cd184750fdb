// Form 16 (rule 31(1)(a) of the Income-tax Rules, 1962): the certificate of tax deducted at source on salary
// under section 192 for one financial year up to 2025-26; from the tax year 2026-27 the same document is Form 130
// (section 395(4)(b) of the Income-tax Act, 2025, rule 215(1) of the Income-tax Rules, 2026), the year deciding
// the texts and section numbers (form16-law.ts) and Part B's items (form16-partb.ts, Notification 36/2019). Part B (the
// annexure: salary by head, exemptions under section 10, deductions under section 16 and chapter VI-A, the regime,
// the tax computation) is worked out from the year's salary slips and the employee's declaration (form16-figures.ts,
// from a Form16Record, form16-record.ts) and laid out here; Part A proper (tax deducted and deposited, with the
// challan and statement receipt numbers) is generated on the TRACES portal, so the document prints only a
// summary of the tax deducted per quarter from the payroll and says where Part A comes from.
import { formatIsoDMY, monthName } from '@hr/calendar';
import type { Paise } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule } from './common';
import { form16BatchFileName } from './filenames';
import { form16Figures } from './form16-figures';
import { salaryCertificateLaw } from './form16-law';
import { type Line, partBLines } from './form16-partb';
import type { Form16Figures, Form16Record } from './form16-record';

export * from './form16-figures';
export { partBLines } from './form16-partb';
export * from './form16-record';

/** Fixed texts of the document. */
export const FORM16_TEXT = {
  monthly: 'Tax deducted month by month',
  footer: 'This is system generated document and does not require signature',
  panNotAvailable: 'PANNOTAVBL',
  notDeposited: 'Deposited: see Part A (TRACES)',
} as const;

// ---- layout ----

const CONTENT_WIDTH = 595.28 - 2 * 36;
const money = (value: Paise): TableCell => ({ text: amountText(value), alignment: 'right', noWrap: true });
const heading = (text: string): TableCell => ({ text, bold: true, color: COLORS.navy, fillColor: COLORS.band });

function band(text: string): Content {
  return {
    margin: [0, 10, 0, 4],
    table: {
      widths: ['*'],
      body: [[{ text, bold: true, fontSize: 10, color: '#ffffff', fillColor: COLORS.navy, margin: [2, 2, 2, 2] }]],
    },
    layout: 'noBorders',
  };
}

function title(record: Form16Record): Content {
  const law = salaryCertificateLaw(record.financialYear);
  return {
    stack: [
      { text: law.formNo, alignment: 'center', bold: true, fontSize: 14, color: COLORS.navy },
      { text: law.rule, alignment: 'center', fontSize: 8, color: COLORS.muted, margin: [0, 1, 0, 0] },
      { text: law.certificate, alignment: 'center', fontSize: 9, bold: true, margin: [30, 4, 30, 6] },
      rule(CONTENT_WIDTH),
      particulars(record),
    ],
  };
}

function particulars(record: Form16Record): Content {
  const label = (text: string): TableCell => ({ text, bold: true, color: COLORS.navy });
  const e = record.employee;
  const employer = [record.employer.name, record.employer.address].filter((x) => x.trim()).join(', ');
  const code = (v: string | null | undefined): TableCell => ({ text: v?.trim() || '—', bold: !!v?.trim() });
  return {
    margin: [0, 6, 0, 0],
    layout: GRID,
    table: {
      widths: [118, '*', 96, 120],
      body: [
        [label('Name and address of the employer'), { text: employer, colSpan: 3 }, {}, {}],
        [label('PAN of the deductor'), code(record.employer.pan), label('TAN of the deductor'), code(record.employer.tan)],
        [
          label('Name of the employee'),
          { text: e.name },
          label('PAN of the employee'),
          { text: e.pan?.trim() ? e.pan : FORM16_TEXT.panNotAvailable, bold: true },
        ],
        [label('Employee code'), { text: e.employeeCode }, label('Designation'), { text: e.designation || '—' }],
        [label('Unit'), { text: e.unitName || '—', colSpan: 3 }, {}, {}],
        yearRow(record.financialYear, label),
        [
          label('Period with the employer'),
          { text: `${formatIsoDMY(record.periodFrom)} to ${formatIsoDMY(record.periodTo)}`, colSpan: 3 },
          {},
          {},
        ],
      ],
    },
  };
}

/** Financial and assessment year (1961 Act), or the tax year (2025 Act). */
function yearRow(financialYear: string, label: (text: string) => TableCell): TableCell[] {
  const years = salaryCertificateLaw(financialYear).years(financialYear);
  if (years.length === 1) return [label(years[0][0]), { text: years[0][1], bold: true, colSpan: 3 }, {}, {}];
  return [label(years[0][0]), { text: years[0][1] }, label(years[1][0]), { text: years[1][1], bold: true }];
}

function partA(f: Form16Figures, record: Form16Record): Content {
  const law = salaryCertificateLaw(record.financialYear);
  const body: TableCell[][] = [
    [heading('Quarter'), heading('Period'), heading('Amount paid / credited'), heading('Amount of tax deducted')].map((c) => ({
      ...(c as object),
      alignment: 'center',
    })) as TableCell[],
  ];
  for (const q of f.quarters) body.push([{ text: q.quarter }, { text: q.label }, money(q.gross), money(q.tds)]);
  body.push([
    { text: 'Total', bold: true, colSpan: 2, fillColor: COLORS.band },
    {},
    { ...(money(f.totals.gross) as object), bold: true, fillColor: COLORS.band } as TableCell,
    { ...(money(f.totals.tds) as object), bold: true, fillColor: COLORS.band } as TableCell,
  ]);
  return {
    stack: [
      band(law.partA),
      { text: law.partANote, italics: true, fontSize: 8, color: COLORS.muted, margin: [0, 0, 0, 4] },
      { layout: GRID, table: { widths: [44, '*', 110, 110], body } },
    ],
  };
}

function computationTable(lines: Line[]): Content {
  const body: TableCell[][] = [
    [
      heading(''),
      heading('Particulars'),
      { ...(heading('Rs.') as object), alignment: 'right' },
      { ...(heading('Rs.') as object), alignment: 'right' },
    ] as TableCell[],
  ];
  for (const l of lines) {
    const style = l.bold ? { bold: true } : {};
    body.push([
      { text: l.no ?? '', ...style },
      l.note
        ? { text: l.label, italics: true, color: COLORS.muted, margin: [(l.indent ?? 0) * 12, 0, 0, 0] }
        : { text: l.label, margin: [(l.indent ?? 0) * 12, 0, 0, 0], ...style },
      l.inner === undefined ? { text: '' } : { ...(money(l.inner) as object), ...style },
      l.outer === undefined ? { text: '' } : { ...(money(l.outer) as object), ...style },
    ] as TableCell[]);
  }
  return { layout: GRID, table: { headerRows: 1, dontBreakRows: true, widths: [22, '*', 82, 82], body } };
}

/** Part B's header line: the deductor as on Part A. */
export function deductorLine(record: Form16Record): string {
  const r = record.employer;
  return `Deductor: ${r.name || '—'}; TAN ${r.tan?.trim() || '—'}; PAN ${r.pan?.trim() || '—'}. Employee: ${record.employee.name}; PAN ${record.employee.pan?.trim() || FORM16_TEXT.panNotAvailable}`;
}

function partB(f: Form16Figures, record: Form16Record): Content {
  const law = salaryCertificateLaw(record.financialYear);
  const regime = law.regimeLine(f.regime);
  return {
    stack: [
      band(law.partB),
      { text: deductorLine(record), margin: [0, 0, 0, 2] },
      { text: regime, bold: true, margin: [0, 0, 0, 4] },
      computationTable(partBLines(f, record)),
    ],
  };
}

function monthlyTable(f: Form16Figures): Content {
  const body: TableCell[][] = [
    ['Month', 'Salary paid', 'Professional tax', 'Tax deducted (TDS)'].map((t, i) => ({
      ...(heading(t) as object),
      alignment: i === 0 ? 'left' : 'right',
    })) as TableCell[],
  ];
  for (const m of f.months) {
    const name = `${monthName(m.month)} ${m.year}`;
    body.push(
      m.paid
        ? [{ text: name }, money(m.gross), money(m.professionalTax), money(m.tds)]
        : [
            { text: name, color: COLORS.muted },
            { text: 'no salary', italics: true, color: COLORS.muted, alignment: 'right', colSpan: 3 },
            {},
            {},
          ],
    );
  }
  const total = (v: Paise) => ({ ...(money(v) as object), bold: true, fillColor: COLORS.band }) as TableCell;
  body.push([
    { text: 'Total', bold: true, fillColor: COLORS.band },
    total(f.totals.gross),
    total(f.totals.professionalTax),
    total(f.totals.tds),
  ]);
  return {
    unbreakable: true,
    stack: [band(FORM16_TEXT.monthly), { layout: GRID, table: { widths: ['*', 100, 100, 110], body } }],
  };
}

/** One employee's Form 16 (parts A and B), starting on a new page unless first. */
function form16Pages(record: Form16Record, first: boolean): Content {
  const f = form16Figures(record);
  return {
    pageBreak: first ? undefined : 'before',
    stack: [title(record), partA(f, record), partB(f, record), monthlyTable(f)],
  };
}

/**
 * Form 16 of each record in the order given, each starting on a new page (the unit's batch is one PDF;
 * the page footer prints no page number, so node.ts may render it in chunks).
 */
export function buildForm16Doc(records: readonly Form16Record[]): TDocumentDefinitions {
  if (records.length === 0) throw new RangeError('A Form 16 batch needs at least one employee');
  return {
    ...baseDocument(),
    defaultStyle: { ...baseDocument().defaultStyle, fontSize: 8.5 },
    info: { title: salaryCertificateLaw(records[0].financialYear).documentTitle, subject: form16BatchFileName(records) },
    pageMargins: [36, 30, 36, 44],
    footer: (_page: number) => ({
      margin: [36, 12, 36, 0],
      stack: [
        rule(CONTENT_WIDTH, COLORS.rule, 0.6),
        { text: FORM16_TEXT.footer, alignment: 'center', italics: true, fontSize: 7.5, color: COLORS.muted, margin: [0, 4, 0, 0] },
      ],
    }),
    content: records.map((r, i) => form16Pages(r, i === 0)),
  };
}
