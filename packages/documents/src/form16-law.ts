// The salary TDS certificate's law by year: Form 16 (rule 31(1)(a) of the Income-tax Rules, 1962, section 203 of
// the Income-tax Act, 1961) for financial years up to 2025-26, Form 130 (rule 215(1) of the Income-tax Rules, 2026,
// section 395(4)(b) of the Income-tax Act, 2025) from the tax year 2026-27. One document builder (form16.ts) prints
// either: these are the texts and section numbers that differ.
import { sectionLabel, underAct2025 } from '@hr/payroll';

export interface SalaryCertificateLaw {
  /** Under the Income-tax Act, 2025 (tax year 2026-27 on). */
  act2025: boolean;
  documentTitle: string;
  formNo: string;
  rule: string;
  certificate: string;
  partA: string;
  partANote: string;
  partB: string;
  /** The quarterly statement of salary TDS: Form 24Q or Form 138. */
  statement: string;
  /** The year rows of the particulars: [label, value] pairs. */
  years: (financialYear: string) => [string, string][];
  /** A section as cited in the year ('80C', or '123 [80C]' from 2026-27). */
  section: (section1961: string) => string;
  /** The regime line of Part B. */
  regimeLine: (regime: 'new' | 'old') => string;
  /** The file name's stem: 'Form16' or 'Form130'. */
  fileStem: string;
}

/** '2026-27' → '2027-28'. */
function nextYear(financialYear: string): string {
  const start = Number(financialYear.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const TRACES = 'TRACES portal (www.tdscpc.gov.in)';

export function salaryCertificateLaw(financialYear: string): SalaryCertificateLaw {
  const section = (s: string) => sectionLabel(s, financialYear);
  if (underAct2025(financialYear)) {
    return {
      act2025: true,
      documentTitle: 'Form 130',
      formNo: 'FORM NO. 130',
      rule: '[See section 395(4)(b) and rule 215(1)]',
      certificate:
        'Certificate under section 395(4)(b) of the Income-tax Act, 2025 for tax deducted at source on salary paid to an employee under section 392',
      partA: 'PART A — Summary of tax deducted at source (from the payroll)',
      partANote:
        'Part A of Form 130 (tax deducted and deposited with the Central Government, with the receipt numbers of the quarterly ' +
        `TDS statements in Form 138) is generated and downloaded by the employer from the ${TRACES} and issued with this ` +
        'Part B. The summary below is the tax deducted in this employer’s salary runs.',
      partB: 'PART B (Annexure) — Details of salary paid and any other income and tax deducted',
      statement: 'Form 138',
      years: (fy) => [['Tax year', fy]],
      section,
      regimeLine: (regime) =>
        regime === 'new'
          ? 'Whether opting out of taxation under section 202(1) [115BAC(1A)]: No — taxed under the new regime of section 202'
          : 'Whether opting out of taxation under section 202(1) [115BAC(1A)]: Yes — taxed under the old regime',
      fileStem: 'Form130',
    };
  }
  return {
    act2025: false,
    documentTitle: 'Form 16',
    formNo: 'FORM NO. 16',
    rule: '[See rule 31(1)(a)]',
    certificate:
      'Certificate under section 203 of the Income-tax Act, 1961 for tax deducted at source on salary paid to an employee under section 192',
    partA: 'PART A — Summary of tax deducted at source (from the payroll)',
    partANote:
      'Part A of Form 16 (tax deducted and deposited with the Central Government, with the receipt numbers of the quarterly ' +
      `TDS statements in Form 24Q) is generated and downloaded by the employer from the ${TRACES} ` +
      'and issued with this Part B. The summary below is the tax deducted in this employer’s salary runs.',
    partB: 'PART B (Annexure) — Details of salary paid and any other income and tax deducted',
    statement: 'Form 24Q',
    years: (fy) => [
      ['Financial year', fy],
      ['Assessment year', nextYear(fy)],
    ],
    section,
    regimeLine: (regime) =>
      regime === 'new'
        ? 'Whether opting out of taxation under section 115BAC(1A): No — taxed under the new regime of section 115BAC'
        : 'Whether opting out of taxation under section 115BAC(1A): Yes — taxed under the old regime',
    fileStem: 'Form16',
  };
}
