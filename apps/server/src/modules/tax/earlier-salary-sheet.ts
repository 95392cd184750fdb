// The Excel sheet of earlier salary (issue 26, going live mid-year): the template's columns and the checks of an
// uploaded sheet, row by row. Every row is checked before anything is saved (the caller saves all rows or none).
// Amounts are rupees in the sheet and paise here.
import { YEAR_MONTH, ZEarlierSalaryFigures } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { cellText, type SheetCell, type UploadedSheet } from '../../lib/xlsx';

/** The figure columns of the template after Employee Code, Name, From Month and To Month, in order. */
export const FIGURE_COLUMNS = [
  { key: 'gross', header: 'Gross Salary' },
  { key: 'hraExempt', header: 'HRA Exempt 10(13A)' },
  { key: 'ltaExempt', header: 'LTA Exempt 10(5)' },
  { key: 'otherExempt', header: 'Other Exempt' },
  { key: 'otherExemptSection', header: 'Other Exempt Section' },
  { key: 'pf', header: 'PF (Employee)' },
  { key: 'pt', header: 'Professional Tax' },
  { key: 'tds', header: 'TDS Deducted' },
  { key: 'prevIncome', header: 'Previous Employer Salary' },
  { key: 'prevPf', header: 'Previous Employer PF' },
  { key: 'prevPt', header: 'Previous Employer PT' },
  { key: 'prevTds', header: 'Previous Employer TDS' },
] as const;
export const TEMPLATE_HEADERS = [
  'Employee Code',
  'Name',
  'From Month (YYYY-MM)',
  'To Month (YYYY-MM)',
  ...FIGURE_COLUMNS.map((c) => c.header),
];

type MoneyKey = Exclude<(typeof FIGURE_COLUMNS)[number]['key'], 'otherExemptSection'>;
export type EarlierFigures = Record<MoneyKey, number> & { otherExemptSection: string | null };

export interface SheetRow extends EarlierFigures {
  row: number;
  employeeId: number;
  fromMonth: string | null;
  toMonth: string | null;
}

export interface SheetEmployee {
  id: number;
  unitId: number;
  /** The unit's year is closed (its March run approved or locked). */
  closed: boolean;
  /** 'YYYY-MM' months of the year with a slip of this product. */
  paidMonths: Set<string>;
}

export interface SheetContext {
  financialYear: string;
  /** By lower-case employee code: the employees the caller may reach. */
  employees: Map<string, SheetEmployee>;
}

/** A cell's text; a date (a month typed as one) as its 'YYYY-MM'. */
const text = (v: SheetCell | undefined): string =>
  v instanceof Date ? `${v.getUTCFullYear()}-${String(v.getUTCMonth() + 1).padStart(2, '0')}` : cellText(v);

/** 'YYYY-MM' months of the financial year ('2026-27': 2026-04 … 2027-03). */
export function monthsOfYear(financialYear: string): { first: string; last: string } {
  const start = Number(financialYear.slice(0, 4));
  return { first: `${start}-04`, last: `${start + 1}-03` };
}

/** The row's figures or its problems (a blank money cell is 0). */
export function figuresOf(cells: string[], problems: string[]): EarlierFigures {
  const raw: Record<string, unknown> = {};
  FIGURE_COLUMNS.forEach((c, i) => {
    const v = cells[i] ?? '';
    if (c.key === 'otherExemptSection') raw[c.key] = v === '' ? null : v;
    else raw[c.key] = v === '' ? 0 : /^-?[0-9][0-9,]*(\.[0-9]+)?$/.test(v) ? Number(v.replace(/,/g, '')) : Number.NaN;
  });
  const parsed = ZEarlierSalaryFigures.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const col = FIGURE_COLUMNS.find((c) => c.key === issue.path[0]);
      const given = cells[FIGURE_COLUMNS.findIndex((c) => c.key === issue.path[0])] ?? '';
      problems.push(
        col?.key === 'otherExemptSection'
          ? `${col.header}: '${given}' is not a section of the Act like '10(14)'`
          : `${col?.header ?? 'A figure'}: '${given}' is not an amount in rupees and paise (0 or more)`,
      );
    }
    return {} as EarlierFigures;
  }
  const f = parsed.data;
  const out = { otherExemptSection: f.otherExemptSection } as EarlierFigures;
  for (const c of FIGURE_COLUMNS) if (c.key !== 'otherExemptSection') out[c.key] = Number(toPaise(f[c.key]));
  return out;
}

/** The checks between a row's figures and months (paise); problems are pushed. */
export function checkRow(f: EarlierFigures, fromMonth: string | null, toMonth: string | null, fy: string, problems: string[]): void {
  const { first, last } = monthsOfYear(fy);
  const own = f.gross + f.hraExempt + f.ltaExempt + f.otherExempt + f.pf + f.pt + f.tds;
  if ((fromMonth == null) !== (toMonth == null)) problems.push('Give both From Month and To Month, or neither (previous employer only)');
  else if (fromMonth && toMonth) {
    if (fromMonth < first || toMonth > last) problems.push(`The months must be within the financial year ${fy} (${first} to ${last})`);
    if (fromMonth > toMonth) problems.push('From Month is after To Month');
    if (f.gross <= 0) problems.push('Gross Salary is needed for the months given');
  } else if (own > 0) problems.push("This employer's figures need the months they cover (From Month and To Month)");
  if (f.hraExempt + f.ltaExempt + f.otherExempt > f.gross) problems.push('The exempt allowances are more than the gross salary');
  if (f.otherExempt > 0 && !f.otherExemptSection) problems.push('Other Exempt needs its section (for example 10(14))');
  if (f.pf + f.pt + f.tds > f.gross) problems.push('PF, professional tax and TDS together are more than the gross salary');
  if (f.prevPf + f.prevPt + f.prevTds > f.prevIncome)
    problems.push("The previous employer's PF, PT and TDS together are more than its salary");
}

const monthsBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (let ym = from; ym <= to; ym = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(ym);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
};

/** Rows that overlap another of the same employee, or cover a month paid here. */
export function checkMonths(
  e: SheetEmployee,
  fromMonth: string | null,
  toMonth: string | null,
  taken: Map<number, Set<string>>,
  problems: string[],
): void {
  const mine = taken.get(e.id) ?? new Set<string>();
  taken.set(e.id, mine);
  const key = (m: string) => m;
  const months = fromMonth && toMonth && fromMonth <= toMonth ? monthsBetween(fromMonth, toMonth) : fromMonth || toMonth ? [] : ['none'];
  const paid = months.filter((m) => e.paidMonths.has(m));
  if (paid.length) problems.push(`${paid.join(', ')}: already paid by a salary run here (only months before going live are imported)`);
  const twice = months.filter((m) => mine.has(key(m)));
  if (twice.length)
    problems.push(
      twice[0] === 'none' ? 'A second row of previous-employer figures only' : `${twice.join(', ')}: in another row of the employee`,
    );
  for (const m of months) mine.add(key(m));
}

/** Every row of the sheet checked: the rows to save, or the problems by 'row N'. */
export function readSheet(sheet: UploadedSheet, ctx: SheetContext): { rows: SheetRow[]; errors: Record<string, string[]> } {
  const rows: SheetRow[] = [];
  const errors: Record<string, string[]> = {};
  const taken = new Map<number, Set<string>>();
  for (const row of sheet.rows) {
    const n = row.rowNo;
    const cells = TEMPLATE_HEADERS.map((_, i) => text(row.cells[i]));
    const [code, , from, to, ...figures] = cells;
    // The template lists everyone: a row with nothing filled beyond the code and name is left out.
    if (!code || [from, to, ...figures].every((c) => c === '' || c === '0')) continue;
    const problems: string[] = [];
    const e = ctx.employees.get(code.toLowerCase());
    if (!e) problems.push(`${code}: no such employee in your units`);
    else if (e.closed) problems.push(`${code}: the financial year ${ctx.financialYear} is closed for the employee's unit`);
    const fromMonth = from || null;
    const toMonth = to || null;
    for (const [label, v] of [
      ['From Month', fromMonth],
      ['To Month', toMonth],
    ] as const)
      if (v && !YEAR_MONTH.test(v)) problems.push(`${label} must be a month as YYYY-MM, not '${v}'`);
    const f = figuresOf(figures, problems);
    if (!problems.length) checkRow(f, fromMonth, toMonth, ctx.financialYear, problems);
    if (!problems.length && e) checkMonths(e, fromMonth, toMonth, taken, problems);
    if (problems.length) errors[`row ${n}`] = problems;
    else rows.push({ ...f, row: n, employeeId: e!.id, fromMonth, toMonth });
  }
  return { rows, errors };
}
