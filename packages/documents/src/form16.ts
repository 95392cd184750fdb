// Form 16 (rule 31(1)(a) of the Income-tax Rules, 1962): the certificate of tax deducted at source on salary
// under section 192 for one financial year up to 2025-26; from the tax year 2026-27 the same document is Form 130
// (section 395(4)(b) of the Income-tax Act, 2025, rule 215(1) of the Income-tax Rules, 2026), the year deciding
// the texts and section numbers (form16-law.ts) and Part B's items (form16-partb.ts, Notification 36/2019). Part B (the annexure: salary by head, exemptions under section 10,
// deductions under section 16 and chapter VI-A, the regime, the tax computation) is worked out here from the
// year's salary slips and the employee's declaration; Part A proper (tax deducted and deposited, with the
// challan and statement receipt numbers) is generated on the TRACES portal, so the document prints only a
// summary of the tax deducted per quarter from the payroll and says where Part A comes from.
import { formatIsoDMY, monthName } from '@hr/calendar';
import { computeIncomeTax, type IncomeTaxParameters, type Paise, type TaxRegime, type TaxResult } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule, stripCarriageReturns } from './common';
import { form16BatchFileName } from './filenames';
import { salaryCertificateLaw } from './form16-law';
import { type Line, partBLines } from './form16-partb';

export { partBLines } from './form16-partb';

/** Fixed texts of the document. */
export const FORM16_TEXT = {
  monthly: 'Tax deducted month by month',
  footer: 'This is system generated document and does not require signature',
  panNotAvailable: 'PANNOTAVBL',
  notDeposited: 'Deposited: see Part A (TRACES)',
} as const;

export const QUARTERS = [
  { quarter: 'Q1', months: [4, 5, 6], label: 'April – June' },
  { quarter: 'Q2', months: [7, 8, 9], label: 'July – September' },
  { quarter: 'Q3', months: [10, 11, 12], label: 'October – December' },
  { quarter: 'Q4', months: [1, 2, 3], label: 'January – March' },
] as const;

/** One month's salary slip as Form 16 reads it: earnings by head (paise), professional tax and tax deducted. */
export interface Form16Month {
  year: number;
  month: number;
  /**
   * Earning heads paid that month (print name, amount in paise); `section` '17(2)' (a perquisite) or '17(3)' (profits
   * in lieu of salary) puts a head on its own line of Part B, else it is salary under section 17(1).
   */
  earnings: readonly { name: string; amount: Paise; section?: '17(2)' | '17(3)' | null }[];
  professionalTax: Paise;
  tds: Paise;
}

/** An exemption under section 10 as declared and allowed (e.g. HRA, '10(13A)'). */
export interface Form16Exemption {
  section: string;
  label: string;
  amount: Paise;
}

export interface Form16Record {
  /** '2026-27'. */
  financialYear: string;
  /** The deductor: the employer's name, the establishment's address, its TAN and the employer's PAN. */
  employer: { name: string; address: string; tan?: string | null; pan?: string | null };
  employee: { name: string; employeeCode: string; pan: string | null; designation: string; unitName: string };
  /** Period with the employer within the year, 'YYYY-MM-DD'. */
  periodFrom: string;
  periodTo: string;
  /** The year's income-tax parameters of the employee's regime (the regime is theirs: `tax.regime`). */
  tax: IncomeTaxParameters;
  /** The year's slips in month order. */
  months: readonly Form16Month[];
  /** Section 17(2) and 17(3) beyond the months' heads marked so (e.g. reported by hand); default none. */
  perquisites?: Paise;
  profitsInLieu?: Paise;
  /** Income from other sources reported by the employee (section 192(2B)). */
  otherIncome?: Paise;
  /** Declared exemptions under section 10 (counted in the old regime only). */
  exemptions?: readonly Form16Exemption[];
  /**
   * Chapter VI-A claims by section as declared, capped by the year's parameters; '24(b)' (interest on a housing
   * loan) is printed as the loss from house property, not as a deduction.
   */
  deductions?: Record<string, Paise>;
  /** Salary and tax deducted by a previous employer in the year, as declared. */
  previousEmployer?: { salary: Paise; tds: Paise } | null;
  /** Relief under section 89 (arrears of earlier years), as claimed. */
  relief89?: Paise;
  /** The year's basic + DA from this employer (80CCD(2)'s cap; absent: the gross salary). */
  basicAndDa?: Paise;
  /** The employee's age reached in the year (the old regime's senior citizens' slabs). */
  age?: number;
}

export interface Form16Figures {
  regime: TaxRegime;
  /** Earnings by head over the year, in the order first paid. */
  salaryHeads: { name: string; amount: Paise }[];
  /** Section 17(1): the sum of salaryHeads. */
  salary17_1: Paise;
  perquisites17_2: Paise;
  profits17_3: Paise;
  /** 17(1) + 17(2) + 17(3) from this employer. */
  grossSalary: Paise;
  previousEmployerSalary: Paise;
  /** Exemption lines as counted (none in the new regime); they add up to tax.exemptions. */
  exemptions: Form16Exemption[];
  /** Gross salary (this and a previous employer) less the exemptions. */
  salaryAfterExemptions: Paise;
  /** Part B item 3: the salary from this employer less the exemptions [1(d) − 2(h)]. */
  currentEmployerSalary: Paise;
  /** Professional tax paid in the year (the slips' PT), whether or not the regime deducts it. */
  professionalTaxPaid: Paise;
  /** Section 16: standard deduction + professional tax as counted. */
  section16Total: Paise;
  /** Income chargeable under the head "Salaries". */
  incomeChargeable: Paise;
  /** Income (or admissible loss, negative) from house property: the 24(b) interest as counted. */
  houseProperty: Paise;
  /** Income under the head "Other sources" as reported. */
  otherIncome: Paise;
  /** houseProperty + otherIncome (line 7). */
  otherIncomeTotal: Paise;
  /** incomeChargeable + otherIncomeTotal (line 8). */
  grossTotalIncome: Paise;
  /** Chapter VI-A deductions by section as counted (after the caps), in the order claimed. */
  deductions: { section: string; amount: Paise }[];
  tax: TaxResult;
  /** Tax on total income − rebate + surcharge + cess, before rounding under section 288B. */
  taxBeforeRounding: Paise;
  /** tax.totalTax − taxBeforeRounding. */
  rounding: Paise;
  relief89: Paise;
  /** Tax payable after relief under section 89. */
  netTaxPayable: Paise;
  /** This employer's TDS in the year (the slips' TDS). */
  tdsDeducted: Paise;
  previousEmployerTds: Paise;
  /** netTaxPayable − tdsDeducted − previousEmployerTds (negative: deducted in excess). */
  balance: Paise;
  /** Every month of the financial year in order (April first), with zero where no salary was paid. */
  months: { year: number; month: number; paid: boolean; gross: Paise; professionalTax: Paise; tds: Paise }[];
  quarters: { quarter: string; label: string; gross: Paise; tds: Paise }[];
  totals: { gross: Paise; professionalTax: Paise; tds: Paise };
}

const sum = (values: Iterable<Paise>): Paise => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** '2026-27' → 2026; throws on anything else. */
export function financialYearStart(financialYear: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(financialYear);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) throw new RangeError(`Not a financial year: '${financialYear}'`);
  return Number(m[1]);
}

/** '2026-27' → '2027-28'. */
export function assessmentYearOf(financialYear: string): string {
  const start = financialYearStart(financialYear) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Every month of the year (April first, zero where no salary was paid) and the quarters' sums. */
function monthsOfYear(record: Form16Record, start: number): Pick<Form16Figures, 'months' | 'quarters'> {
  const slipOf = new Map(record.months.map((m) => [m.year * 100 + m.month, m]));
  const months: Form16Figures['months'] = [];
  for (let i = 0; i < 12; i++) {
    const month = ((3 + i) % 12) + 1;
    const year = month >= 4 ? start : start + 1;
    const slip = slipOf.get(year * 100 + month);
    months.push({
      year,
      month,
      paid: slip !== undefined,
      gross: slip ? sum(slip.earnings.map((e) => e.amount)) : 0n,
      professionalTax: slip?.professionalTax ?? 0n,
      tds: slip?.tds ?? 0n,
    });
  }
  for (const m of record.months) {
    if (!months.some((x) => x.year === m.year && x.month === m.month)) {
      throw new RangeError(`${monthName(m.month)} ${m.year} is not in the financial year ${record.financialYear}`);
    }
  }
  const quarters = QUARTERS.map((q) => {
    const of = months.filter((m) => (q.months as readonly number[]).includes(m.month));
    return { quarter: q.quarter, label: q.label, gross: sum(of.map((m) => m.gross)), tds: sum(of.map((m) => m.tds)) };
  });
  return { months, quarters };
}

/** The year's figures of one employee: every printed total is the sum of the printed lines above it. */
export function form16Figures(record: Form16Record): Form16Figures {
  const p = record.tax;
  const start = financialYearStart(record.financialYear);
  if (p.financialYear !== record.financialYear) {
    throw new RangeError(`The tax parameters are of ${p.financialYear}, not ${record.financialYear}`);
  }
  const byHead = new Map<string, Paise>();
  let perquisites17_2 = record.perquisites ?? 0n;
  let profits17_3 = record.profitsInLieu ?? 0n;
  for (const m of record.months) {
    for (const e of m.earnings) {
      if (e.section === '17(2)') perquisites17_2 += e.amount;
      else if (e.section === '17(3)') profits17_3 += e.amount;
      else {
        const name = stripCarriageReturns(e.name).replace(/\s+/g, ' ').trim();
        byHead.set(name, (byHead.get(name) ?? 0n) + e.amount);
      }
    }
  }
  const salaryHeads = [...byHead].filter(([, amount]) => amount !== 0n).map(([name, amount]) => ({ name, amount }));
  const salary17_1 = sum(salaryHeads.map((h) => h.amount));
  const grossSalary = salary17_1 + perquisites17_2 + profits17_3;
  const previousEmployerSalary = record.previousEmployer?.salary ?? 0n;
  const professionalTaxPaid = sum(record.months.map((m) => m.professionalTax));
  const claimedExemptions = p.exemptionsAllowed ? (record.exemptions ?? []).filter((e) => e.amount > 0n) : [];

  const tax = computeIncomeTax(p, {
    grossSalary: grossSalary + previousEmployerSalary,
    exemptions: sum(claimedExemptions.map((e) => e.amount)),
    deductions: record.deductions ?? {},
    professionalTax: professionalTaxPaid,
    otherIncome: record.otherIncome ?? 0n,
    basicAndDa: record.basicAndDa,
    age: record.age,
  });
  // The exemptions are limited to the salary left after the standard deduction: the last lines give way.
  const exemptions: Form16Exemption[] = [];
  let left = tax.exemptions;
  for (const e of claimedExemptions) {
    const amount = e.amount < left ? e.amount : left;
    left -= amount;
    if (amount > 0n) exemptions.push({ ...e, amount });
  }
  const salaryAfterExemptions = tax.grossSalary - tax.exemptions;
  const section16Total = tax.standardDeduction + tax.professionalTax;
  const incomeChargeable = salaryAfterExemptions - section16Total;
  // Deductions as counted, limited in total to the income (the last sections give way).
  const deductions: { section: string; amount: Paise }[] = [];
  let room = tax.totalDeductions;
  for (const [section, capped] of Object.entries(tax.deductions)) {
    const amount = capped < room ? capped : room;
    room -= amount;
    if (amount > 0n) deductions.push({ section, amount });
  }
  const taxBeforeRounding = tax.taxOnIncome - tax.rebate + tax.surcharge + tax.cess;
  const relief89Claimed = record.relief89 ?? 0n;
  const relief89 = relief89Claimed < 0n ? 0n : relief89Claimed > tax.totalTax ? tax.totalTax : relief89Claimed;
  const netTaxPayable = tax.totalTax - relief89;
  const previousEmployerTds = record.previousEmployer?.tds ?? 0n;

  const { months, quarters } = monthsOfYear(record, start);
  const tdsDeducted = sum(months.map((m) => m.tds));
  return {
    regime: p.regime,
    salaryHeads,
    salary17_1,
    perquisites17_2,
    profits17_3,
    grossSalary,
    previousEmployerSalary,
    exemptions,
    salaryAfterExemptions,
    currentEmployerSalary: grossSalary - tax.exemptions,
    professionalTaxPaid,
    section16Total,
    incomeChargeable,
    houseProperty: tax.houseProperty,
    otherIncome: tax.otherIncome,
    otherIncomeTotal: tax.houseProperty + tax.otherIncome,
    grossTotalIncome: tax.grossTotalIncome,
    deductions,
    tax,
    taxBeforeRounding,
    rounding: tax.totalTax - taxBeforeRounding,
    relief89,
    netTaxPayable,
    tdsDeducted,
    previousEmployerTds,
    balance: netTaxPayable - tdsDeducted - previousEmployerTds,
    months,
    quarters,
    totals: { gross: sum(months.map((m) => m.gross)), professionalTax: professionalTaxPaid, tds: tdsDeducted },
  };
}

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
