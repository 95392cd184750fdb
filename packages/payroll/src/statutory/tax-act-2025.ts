// The Income-tax Act, 2025 (in force from 1 April 2026, the tax year 2026-27) renumbers the sections the salary
// side of payroll names. Years up to 2025-26 stay under the Income-tax Act, 1961 ("previous year" / "assessment
// year", Form 16 and Form 24Q); from the tax year 2026-27 the documents say "tax year", cite the 2025 Act's sections
// with the 1961 numbers beside them, and the forms are Form 130 (certificate, s.395(4)(b), rule 215(1) of the
// Income-tax Rules, 2026) and Form 138 (quarterly statement; Annexure I every quarter, II and III in the last).
//
// Sources of the mapping: the Act's own arrangement of sections (s.15–19 salaries, s.22 deductions from house
// property, s.122–153 chapter VIII deductions: 123 life insurance / PF etc. (80C), 124 employer and assessee
// contribution to pension scheme (80CCD), 126 health insurance (80D), 129 higher-education loan (80E), 133
// donations (80G), 153 interest on deposits (80TTA and 80TTB merged)); CBDT's section-wise comparison as tabulated
// by aubsp.com ("Section-wise comparison between Income Tax Act 2025 and Income Tax Act 1961"); s.392 (TDS on
// salary, 1961 s.192), s.202 (new regime, 1961 s.115BAC), s.395 (certificates, 1961 s.203) — taxguru.in and
// thetaxcorp.in on Form 130. Where the successor of a 1961 provision is not verified here (80CCC, folded into the
// new Act's s.123 table; s.87A, s.89, s.288A/B) the documents name the provision in words and by its 1961 number.

/** The first tax year under the Income-tax Act, 2025. */
export const ACT_2025_FIRST_YEAR = '2026-27';

/** Whether a financial / tax year ('2026-27') falls under the Income-tax Act, 2025. */
export function underAct2025(financialYear: string): boolean {
  return Number(financialYear.slice(0, 4)) >= 2026;
}

/** The 2025 Act's section for a 1961 provision, where verified. Keys as the declarations and rows name them. */
export const ACT_2025_SECTIONS: Readonly<Record<string, string>> = {
  '80C': '123',
  '80CCD(1)': '124',
  '80CCD(1B)': '124',
  '80CCD(2)': '124',
  '80D': '126',
  '80E': '129',
  '80G': '133',
  '80TTA': '153',
  '80TTB': '153',
  '24(b)': '22',
  '16': '19',
  '16(ia)': '19',
  '16(ii)': '19',
  '16(iii)': '19',
  '17(2)': '17',
  '17(3)': '18',
  '10': '11',
  '10(13A)': '11',
  '192': '392',
  '192(2B)': '392',
  '115BAC': '202',
  '115BAC(1A)': '202',
  '203': '395(4)(b)',
};

/** The 2025 Act's number for a 1961 section ('80D(senior)' reads as '80D'), or null where none is verified. */
export function act2025Section(section1961: string): string | null {
  const exact = ACT_2025_SECTIONS[section1961];
  if (exact) return exact;
  const base = /^(\d+[A-Z]*(?:\(\d+[A-Z]*\))?)/.exec(section1961)?.[1];
  return (base && ACT_2025_SECTIONS[base]) || null;
}

/**
 * A section as a year's documents cite it: '80C' up to 2025-26; from 2026-27 '123 [80C]' (the 2025 Act's number,
 * the 1961 one beside it in brackets) where the successor is known, else the 1961 number with '(1961 Act)'.
 */
export function sectionLabel(section1961: string, financialYear: string): string {
  if (!underAct2025(financialYear)) return section1961;
  const now = act2025Section(section1961);
  return now ? `${now} [${section1961}]` : `${section1961} (1961 Act)`;
}
