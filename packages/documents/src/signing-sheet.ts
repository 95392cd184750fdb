import { DEFAULT_TIME_ZONE, formatDateDMY, monthName } from '@hr/calendar';
import type { TEmployeeSalaryRecord } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID } from './common';
import { signingSheetFileName } from './filenames';

/** Texts of the pay slip received register, exactly as the spec writes them. */
export const SIGNING_SHEET_TEXT = {
  header: (companyName: string, unit: string) => `${companyName} (${unit})`,
  reportDate: 'Report Gen. Date :',
  title: (month: number, year: number) => `PAY SLIP RECEIVED REGISTER FOR THE MONTH OF: ${monthName(month)} - ${year}`,
  columns: ['Sl.', 'Name', 'Designation', 'OT', 'TL', 'Pay Mode', 'Signature'],
  missing: '-',
} as const;

export interface SigningSheetOptions {
  /** The moment the report is generated; default now. */
  now?: Date;
  /** Time zone that decides today's date; default Asia/Kolkata. */
  timeZone?: string;
}

export interface SigningSheetRow {
  sl: number;
  name: string;
  designation: string;
  ot: string;
  tl: string;
  payMode: string;
}

export interface SigningSheetUnit {
  unitName: string;
  companyName: string;
  rows: SigningSheetRow[];
}

const headAmount = (record: TEmployeeSalaryRecord, pick: 'isOverTimeHead' | 'isTotalLWOPHead'): string => {
  const head = record.salaryProcessDetailRequestList?.find((h) => h[pick]);
  return head ? amountText(toPaise(head.amount)) : SIGNING_SHEET_TEXT.missing;
};

/** Records grouped by unit in order of first appearance; Sl. counts 1… within each unit. */
export function signingSheetUnits(records: readonly TEmployeeSalaryRecord[]): SigningSheetUnit[] {
  const units = new Map<string, SigningSheetUnit>();
  for (const r of records) {
    let unit = units.get(r.unitName);
    if (!unit) {
      unit = { unitName: r.unitName, companyName: r.companyName, rows: [] };
      units.set(r.unitName, unit);
    }
    unit.rows.push({
      sl: unit.rows.length + 1,
      name: r.name,
      designation: r.designationName?.trim() ? r.designationName : SIGNING_SHEET_TEXT.missing,
      ot: headAmount(r, 'isOverTimeHead'),
      tl: headAmount(r, 'isTotalLWOPHead'),
      payMode: r.payModeName?.trim() ? r.payModeName : SIGNING_SHEET_TEXT.missing,
    });
  }
  return [...units.values()];
}

const HEADER_ROWS = 3;
const noBorder = [false, false, false, false] as [boolean, boolean, boolean, boolean];

function unitTable(unit: SigningSheetUnit, month: number, year: number, today: string, first: boolean): Content {
  const span = (cell: object): TableCell[] => [{ ...cell, colSpan: 7, border: noBorder } as TableCell, {}, {}, {}, {}, {}, {}];
  const body: TableCell[][] = [
    // The first three rows are table header rows, so pdfmake repeats them on every page of a long unit.
    span({
      columns: [
        { text: SIGNING_SHEET_TEXT.header(unit.companyName, unit.unitName), bold: true, fontSize: 13, color: COLORS.navy, width: '*' },
        { text: `${SIGNING_SHEET_TEXT.reportDate} ${today}`, width: 'auto', alignment: 'right', margin: [0, 3, 0, 0] },
      ],
    }),
    span({ text: SIGNING_SHEET_TEXT.title(month, year), bold: true, fontSize: 10.5, alignment: 'center', margin: [0, 6, 0, 8] }),
    SIGNING_SHEET_TEXT.columns.map((c) => ({
      text: c,
      bold: true,
      color: COLORS.navy,
      fillColor: COLORS.band,
      alignment: 'center',
      noWrap: true,
    })),
  ];
  for (const row of unit.rows) {
    body.push([
      { text: String(row.sl), alignment: 'center', noWrap: true },
      row.name,
      row.designation,
      { text: row.ot, alignment: 'right', noWrap: true },
      { text: row.tl, alignment: 'right', noWrap: true },
      { text: row.payMode, alignment: 'center' },
      '',
    ]);
  }
  return {
    pageBreak: first ? undefined : 'before',
    // No rules above the column headings: the unit header and title rows stand free.
    layout: {
      ...GRID,
      hLineWidth: (i: number) => (i < HEADER_ROWS - 1 ? 0 : 0.6), // Employee rows are tall enough to sign in.
      paddingTop: (i: number) => (i < HEADER_ROWS ? 7 : 11),
      paddingBottom: (i: number) => (i < HEADER_ROWS ? 7 : 11),
    },
    table: { headerRows: HEADER_ROWS, dontBreakRows: true, widths: [24, '*', 92, 48, 48, 52, 90], body },
  };
}

/** The pay slip received register: each unit starts a new page; a long unit runs on with its header repeated. */
export function buildSigningSheetDoc(records: readonly TEmployeeSalaryRecord[], opts: SigningSheetOptions = {}): TDocumentDefinitions {
  if (records.length === 0) throw new RangeError('A signing sheet needs at least one salary record');
  const today = formatDateDMY(opts.now ?? new Date(), opts.timeZone ?? DEFAULT_TIME_ZONE);
  const { month, year } = records[0];
  const fileName = signingSheetFileName(records);
  return {
    ...baseDocument(),
    info: { title: fileName },
    pageMargins: [30, 30, 30, 40],
    footer: (page, pages) => ({
      text: `${page} / ${pages}`,
      alignment: 'right',
      fontSize: 7,
      color: COLORS.muted,
      margin: [30, 12, 30, 0],
    }),
    content: signingSheetUnits(records).map((u, i) => unitTable(u, month, year, today, i === 0)),
  };
}
