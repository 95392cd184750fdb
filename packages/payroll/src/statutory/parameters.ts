// The statutory parameters this release seeds: every rate, slab, ceiling and date the rules in this folder
// use, each block with its source. They go into the `statutory_parameters` table (one row per block); when a
// budget, a notification or a state's Act changes a figure, an administrator adds a row with the day it takes
// effect and nothing in the code changes.
//
// `effectiveFrom` is the day the figures took effect where the source states it; where a row restates figures
// in force for years (a state's long-standing slabs), it is the first day this seed vouches for them
// (1 April 2024, the start of the earliest financial year covered) and the source says so.
// State codes are those of the states look-up (Telangana is 'TS' there).
// Income tax: one row per regime and financial year (the Finance Act of the year). FY 2026-27 repeats FY
// 2025-26: no change to salary taxation for that year is known to this seed; replace the rows when the
// Finance Act for 2026-27 (or the Income-tax Act, 2025 schedules) say otherwise.

import type { EsiParameters } from './esi';
import type { LwfParameters } from './lwf';
import { withMidMonthRules } from './month-rules';
import { GRATUITY_ROWS, type GratuityParameters, LEAVE_ENCASHMENT_ROWS, type LeaveEncashmentParameters } from './parameters-exit';
import { LABOUR_REGISTER_ROWS, type LabourRegisterForms } from './parameters-registers';
import { INCOME_TAX_ROWS } from './parameters-tax';
import { CODE_WAGES_ROWS } from './parameters-wages';
import type { PfParameters } from './pf';
import type { PtParameters } from './pt';
import type { IncomeTaxParameters, TaxRegime } from './tds';
import type { CodeWagesParameters } from './wages';

export const STATUTORY_KINDS = [
  'pf',
  'esi',
  'pt',
  'lwf',
  'income_tax_new',
  'income_tax_old',
  'code_wages',
  'gratuity',
  'leave_encashment',
  'labour_registers',
] as const;
export type StatutoryKind = (typeof STATUTORY_KINDS)[number];

type Data<T> = Omit<T, 'effectiveFrom' | 'stateCode'>;

/** One block of parameters as stored: kind, state (PT and LWF), the day it takes effect, the figures, the source. */
export type StatutoryParameterRow =
  | { kind: 'pf'; stateCode: null; effectiveFrom: string; source: string; data: Data<PfParameters> }
  | { kind: 'esi'; stateCode: null; effectiveFrom: string; source: string; data: Data<EsiParameters> }
  | { kind: 'pt'; stateCode: string; effectiveFrom: string; source: string; data: Data<PtParameters> }
  | { kind: 'lwf'; stateCode: string; effectiveFrom: string; source: string; data: Data<LwfParameters> }
  | { kind: 'income_tax_new' | 'income_tax_old'; stateCode: null; effectiveFrom: string; source: string; data: Data<IncomeTaxParameters> }
  | { kind: 'code_wages'; stateCode: null; effectiveFrom: string; source: string; data: Data<CodeWagesParameters> }
  | { kind: 'gratuity'; stateCode: null; effectiveFrom: string; source: string; data: Data<GratuityParameters> }
  | { kind: 'leave_encashment'; stateCode: null; effectiveFrom: string; source: string; data: Data<LeaveEncashmentParameters> }
  | { kind: 'labour_registers'; stateCode: null; effectiveFrom: string; source: string; data: Data<LabourRegisterForms> };

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const VOUCHED = '2024-04-01';

// ---------------------------------------------------------------------------------------------- PF, ESI
const pf: StatutoryParameterRow[] = [
  {
    kind: 'pf',
    stateCode: null,
    effectiveFrom: '2018-06-01',
    source:
      'EPF & MP Act 1952 s.6 (12 % each side); EPS 1995 para 3(2) (8.33 % of pay up to the ceiling); wage ceiling ₹15,000 and the ' +
      'EPS exclusion of members joining from 1 Sep 2014 above it: G.S.R. 609(E) and 610(E) of 22 Aug 2014 (EPFO circular of ' +
      '28 Aug 2014); EPS ends at 58 (EPS 1995 para 12); EDLI 0.5 % of pay up to ₹15,000 (Act s.6C, EDLI Scheme 1976), EDLI ' +
      'administration charges nil from 1 Apr 2017; administration charges 0.5 % of EPF wages, at least ₹500 a month per ' +
      'establishment, from 1 Jun 2018 (MoLE notification of May 2018, EPFO circular on revision of administrative charges).',
    data: {
      employeeRate: 12,
      employerRate: 12,
      epsRate: 8.33,
      wageCeiling: 15000,
      edliRate: 0.5,
      edliWageCeiling: 15000,
      adminChargeRate: 0.5,
      adminChargeMinimum: 500,
      epsMaxAge: 58,
      epsHighWageJoinerFrom: '2014-09-01',
    },
  },
  {
    kind: 'pf',
    stateCode: null,
    effectiveFrom: '2026-09-17',
    source:
      'Wage ceiling ₹25,000 a month from 17 Sep 2026: MoLE notification S.O. 5109(E) of 17 Sep 2026 under the Code on Social ' +
      'Security, 2020 (Chapter III): member’s share 12 % on up to ₹25,000 (at most ₹3,000), EPS 8.33 % on up to ₹25,000 ' +
      '(₹2,083), EDLI 0.5 % on up to ₹25,000 (₹125), administration charges 0.5 % of EPF wages, at least ₹500, unchanged. ' +
      'September 2026 is day-weighted, as EPFO’s FAQ and peer payroll systems apply it (frappe/india-payroll#110): ceiling ' +
      '₹15,000 × 16/30 + ₹25,000 × 14/30 = ₹19,666.67, the member’s share at most ₹2,360.',
    data: {
      midMonthRule: 'dayWeighted',
      employeeRate: 12,
      employerRate: 12,
      epsRate: 8.33,
      wageCeiling: 25000,
      edliRate: 0.5,
      edliWageCeiling: 25000,
      adminChargeRate: 0.5,
      adminChargeMinimum: 500,
      epsMaxAge: 58,
      epsHighWageJoinerFrom: '2014-09-01',
    },
  },
];

const esi: StatutoryParameterRow[] = [
  {
    kind: 'esi',
    stateCode: null,
    effectiveFrom: '2019-07-01',
    source:
      'ESI Act 1948 s.2(9) and ESI (Central) Rules 1950 r.50: wage ceiling ₹21,000 (₹25,000 for a person with disability) ' +
      'from 1 Jan 2017; contributions 0.75 % employee / 3.25 % employer from 1 Jul 2019 (MoLE G.S.R. 423(E), 13 Jun 2019); ' +
      'no employee share at an average daily wage up to ₹176 (r.51 read with the ESIC notice on exempted wages); rounding ' +
      'to the next higher rupee (r.51); contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar (r.2).',
    data: {
      employeeRate: 0.75,
      employerRate: 3.25,
      wageCeiling: 21000,
      disabledWageCeiling: 25000,
      employeeExemptDailyWage: 176,
      periodStartMonths: [4, 10],
    },
  },
];

// ---------------------------------------------------------------------------------------------- PT
const ptMonthly = (
  stateCode: string,
  effectiveFrom: string,
  source: string,
  slabs: PtParameters['slabs'],
  femaleSlabs?: PtParameters['slabs'],
) =>
  ({
    kind: 'pt',
    stateCode,
    effectiveFrom,
    source,
    data: { frequency: 'monthly', basis: 'monthly', slabs, ...(femaleSlabs ? { femaleSlabs } : {}) },
  }) satisfies StatutoryParameterRow;

const pt: StatutoryParameterRow[] = [
  ptMonthly(
    'KA',
    '2023-04-01',
    'Karnataka Tax on Professions, Trades, Callings and Employments Act 1976, Schedule entry 1 as amended from 1 Apr 2023 ' +
      '(LA Bill 06 of 2023): salary under ₹25,000 a month nil, ₹25,000 and above ₹200 a month.',
    [
      { upTo: 24999.99, amount: 0 },
      { upTo: null, amount: 200 },
    ],
  ),
  ptMonthly(
    'KA',
    '2025-04-01',
    'Karnataka Tax on Professions, Trades, Callings and Employments (Amendment) Act 2025 (Karnataka Act 33 of 2025, gazette ' +
      '15 Apr 2025, in force 1 Apr 2025): ₹25,000 and above ₹200 a month except February, ₹300 in February.',
    [
      { upTo: 24999.99, amount: 0 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ],
  ),
  ptMonthly(
    'MH',
    VOUCHED,
    'Maharashtra State Tax on Professions, Trades, Callings and Employments Act 1975, Schedule I entry 1 (figures in force ' +
      'before FY 2024-25; this seed vouches from 1 Apr 2024): men up to ₹7,500 nil, ₹7,501–10,000 ₹175, above ₹10,000 ₹200 ' +
      'a month and ₹300 in February; women up to ₹25,000 nil, above ₹200 and ₹300 in February.',
    [
      { upTo: 7500, amount: 0 },
      { upTo: 10000, amount: 175 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ],
    [
      { upTo: 25000, amount: 0 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ],
  ),
  {
    kind: 'pt',
    stateCode: 'TN',
    effectiveFrom: VOUCHED,
    source:
      'Tamil Nadu: profession tax of the urban local bodies under the Tamil Nadu Urban Local Bodies Act 1998 (s.138C of the ' +
      'Chennai City Municipal Corporation Act as amended), Greater Chennai Corporation half-yearly slabs in force before the ' +
      '2024 revision (vouched from 1 Apr 2024), deducted for each half-year (Apr–Sep, Oct–Mar) in September and March.',
    data: {
      frequency: 'half-yearly',
      dueMonths: [9, 3],
      basis: 'half-yearly',
      slabs: [
        { upTo: 21000, amount: 0 },
        { upTo: 30000, amount: 135 },
        { upTo: 45000, amount: 315 },
        { upTo: 60000, amount: 690 },
        { upTo: 75000, amount: 1025 },
        { upTo: null, amount: 1250 },
      ],
    },
  },
  {
    kind: 'pt',
    stateCode: 'TN',
    effectiveFrom: '2024-10-01',
    source:
      'Greater Chennai Corporation circular R.D.(HQ).C.No.PT/SPL/2024 of 20 Jan 2025: revised half-yearly slabs from the second ' +
      'half of FY 2024-25 (₹21,001–30,000 ₹180, ₹30,001–45,000 ₹425, ₹45,001–60,000 ₹930; the rest unchanged). Other local ' +
      'bodies of the state may levy different amounts: add a row if a unit is outside Chennai.',
    data: {
      frequency: 'half-yearly',
      dueMonths: [9, 3],
      basis: 'half-yearly',
      slabs: [
        { upTo: 21000, amount: 0 },
        { upTo: 30000, amount: 180 },
        { upTo: 45000, amount: 425 },
        { upTo: 60000, amount: 930 },
        { upTo: 75000, amount: 1025 },
        { upTo: null, amount: 1250 },
      ],
    },
  },
  ptMonthly(
    'TS',
    VOUCHED,
    'Telangana Tax on Professions, Trades, Callings and Employments Act 1987 (as adapted for Telangana), Schedule entry 1 ' +
      '(vouched from 1 Apr 2024): up to ₹15,000 a month nil, ₹15,001–20,000 ₹150, above ₹20,000 ₹200.',
    [
      { upTo: 15000, amount: 0 },
      { upTo: 20000, amount: 150 },
      { upTo: null, amount: 200 },
    ],
  ),
  ptMonthly(
    'AP',
    VOUCHED,
    'Andhra Pradesh Tax on Professions, Trades, Callings and Employments Act 1987, Schedule entry 1 (vouched from 1 Apr ' +
      '2024): up to ₹15,000 a month nil, ₹15,001–20,000 ₹150, above ₹20,000 ₹200.',
    [
      { upTo: 15000, amount: 0 },
      { upTo: 20000, amount: 150 },
      { upTo: null, amount: 200 },
    ],
  ),
  ptMonthly(
    'WB',
    VOUCHED,
    'West Bengal State Tax on Professions, Trades, Callings and Employments Act 1979, Schedule entry 1 (vouched from 1 Apr ' +
      '2024): up to ₹10,000 nil, ₹10,001–15,000 ₹110, ₹15,001–25,000 ₹130, ₹25,001–40,000 ₹150, above ₹40,000 ₹200 a month.',
    [
      { upTo: 10000, amount: 0 },
      { upTo: 15000, amount: 110 },
      { upTo: 25000, amount: 130 },
      { upTo: 40000, amount: 150 },
      { upTo: null, amount: 200 },
    ],
  ),
  ptMonthly(
    'GJ',
    VOUCHED,
    'Gujarat State Tax on Professions, Trades, Callings and Employments Act 1976, Schedule entry 1 as amended in 2019 ' +
      '(vouched from 1 Apr 2024): salary under ₹12,000 a month nil, ₹12,000 and above ₹200.',
    [
      { upTo: 11999.99, amount: 0 },
      { upTo: null, amount: 200 },
    ],
  ),
  {
    kind: 'pt',
    stateCode: 'KL',
    effectiveFrom: VOUCHED,
    source:
      'Kerala Municipality Act 1994 s.245 and Kerala Panchayat Raj Act 1994 s.204 with the Profession Tax Rules, half-yearly ' +
      'slabs of half-year income (vouched from 1 Apr 2024), deducted for each half-year in August and February.',
    data: {
      frequency: 'half-yearly',
      dueMonths: [8, 2],
      basis: 'half-yearly',
      slabs: [
        { upTo: 11999.99, amount: 0 },
        { upTo: 17999.99, amount: 120 },
        { upTo: 29999.99, amount: 180 },
        { upTo: 44999.99, amount: 300 },
        { upTo: 59999.99, amount: 450 },
        { upTo: 74999.99, amount: 600 },
        { upTo: 99999.99, amount: 750 },
        { upTo: 124999.99, amount: 1000 },
        { upTo: null, amount: 1250 },
      ],
    },
  },
  {
    kind: 'pt',
    stateCode: 'KL',
    effectiveFrom: '2024-10-01',
    source:
      'Government of Kerala G.O. No. 1149/2024/LSGD of 27 Jun 2024 (Kerala Panchayat Raj Act 1994 s.204, Kerala Municipality ' +
      'Act 1994 s.245), revised half-yearly slabs from 1 Oct 2024: half-year income up to ₹11,999 nil; ₹12,000–17,999 ₹320; ' +
      '₹18,000–29,999 ₹450; ₹30,000–44,999 ₹600; ₹45,000–99,999 ₹750; ₹1,00,000–1,24,999 ₹1,000; ₹1,25,000 and above ₹1,250 ' +
      '(as published by AscentHR and SGC Services, June 2024), deducted for each half-year in August and February.',
    data: {
      frequency: 'half-yearly',
      dueMonths: [8, 2],
      basis: 'half-yearly',
      slabs: [
        { upTo: 11999.99, amount: 0 },
        { upTo: 17999.99, amount: 320 },
        { upTo: 29999.99, amount: 450 },
        { upTo: 44999.99, amount: 600 },
        { upTo: 99999.99, amount: 750 },
        { upTo: 124999.99, amount: 1000 },
        { upTo: null, amount: 1250 },
      ],
    },
  },
  {
    kind: 'pt',
    stateCode: 'MP',
    effectiveFrom: VOUCHED,
    source:
      'Madhya Pradesh Vritti Kar Adhiniyam 1995, Schedule entry 1 (vouched from 1 Apr 2024): annual salary up to ₹2,25,000 nil; ' +
      '₹2,25,001–3,00,000 ₹1,500 a year (₹125 a month); ₹3,00,001–4,00,000 ₹2,000 (₹166 a month, ₹174 in the twelfth month, ' +
      'March); above ₹4,00,000 ₹2,500 (₹208 a month, ₹212 in March).',
    data: {
      frequency: 'monthly',
      basis: 'annual',
      slabs: [
        { upTo: 225000, amount: 0 },
        { upTo: 300000, amount: 125 },
        { upTo: 400000, amount: 166, months: { '3': 174 } },
        { upTo: null, amount: 208, months: { '3': 212 } },
      ],
    },
  },
];

// ---------------------------------------------------------------------------------------------- LWF
const lwf = (
  stateCode: string,
  effectiveFrom: string,
  frequency: LwfParameters['frequency'],
  dueMonths: number[],
  employee: number,
  employer: number,
  source: string,
): StatutoryParameterRow => ({
  kind: 'lwf',
  stateCode,
  effectiveFrom,
  source,
  data: { frequency, dueMonths, bands: [{ upTo: null, employee, employer }] },
});

const lwfRows: StatutoryParameterRow[] = [
  lwf(
    'KA',
    VOUCHED,
    'yearly',
    [12],
    20,
    40,
    'Karnataka Labour Welfare Fund Act 1965 s.7A(2) before the 2024 amendment: ₹20 employee, ₹40 employer a year, deducted in December for the calendar year (vouched from 1 Apr 2024).',
  ),
  lwf(
    'KA',
    '2025-01-10',
    'yearly',
    [12],
    50,
    100,
    'Karnataka Labour Welfare Fund (Amendment) Act 2024 (gazette 10 Jan 2025): ₹50 employee, ₹100 employer a year, for employees on the register on 31 December.',
  ),
  lwf(
    'MH',
    '2024-03-18',
    'half-yearly',
    [6, 12],
    25,
    75,
    'Maharashtra Labour Welfare Fund Act 1953 s.6BB as amended by the Maharashtra Labour Welfare Fund (Amendment) Act 2024 (gazette 18 Mar 2024): ₹25 employee and three times that (₹75) employer, for employees on the register on 30 June and 31 December.',
  ),
  lwf(
    'TN',
    '2022-12-02',
    'yearly',
    [12],
    20,
    40,
    'Tamil Nadu Labour Welfare Fund Rules 1973 r.11A as amended on 2 Dec 2022 (Tamil Nadu Labour Welfare Fund (Amendment) Act 2021): ₹20 employee, ₹40 employer a year, deducted in December.',
  ),
  lwf(
    'TS',
    VOUCHED,
    'yearly',
    [12],
    2,
    5,
    'Telangana Labour Welfare Fund Act 1987 (as adapted for Telangana) s.15: ₹2 employee, ₹5 employer a year, deducted in December (vouched from 1 Apr 2024).',
  ),
  lwf(
    'AP',
    VOUCHED,
    'yearly',
    [12],
    30,
    70,
    'Andhra Pradesh Labour Welfare Fund Act 1987 s.15 as amended: ₹30 employee, ₹70 employer a year, deducted in December (vouched from 1 Apr 2024).',
  ),
  lwf(
    'WB',
    '2024-01-01',
    'half-yearly',
    [6, 12],
    3,
    30,
    'West Bengal Labour Welfare Fund Act 1974 s.5A, employer’s share revised to ₹30 a half-year from 1 Jan 2024 (Labour Department, Government of West Bengal, notification on the revision of LWF contribution rates; SGCMS regulatory update of 19 Dec 2024): ₹3 employee, ₹30 employer each half-year, for the periods ending 30 June and 31 December.',
  ),
  lwf(
    'GJ',
    VOUCHED,
    'half-yearly',
    [6, 12],
    6,
    12,
    'Gujarat Labour Welfare Fund Act 1953 s.6BB: ₹6 employee, ₹12 employer each half-year, deducted in June and December (vouched from 1 Apr 2024).',
  ),
  lwf(
    'KL',
    '2022-09-01',
    'monthly',
    ALL_MONTHS,
    50,
    50,
    'Kerala Shops and Commercial Establishments Workers Welfare Fund Act 2006 and Scheme, contribution raised from ₹20 to ₹50 by G.O.(P) No. 41/2022/LBR of 19 May 2022 from September 2022: ₹50 employee and ₹50 employer (₹100 a month per worker to the board). Establishments under the Factories Act pay under the Kerala Labour Welfare Fund Act 1975 instead.',
  ),
  lwf(
    'MP',
    VOUCHED,
    'half-yearly',
    [6, 12],
    10,
    30,
    'Madhya Pradesh Shram Kalyan Nidhi Adhiniyam 1982 s.9: ₹10 employee, ₹30 employer each half-year, deducted in June and December (vouched from 1 Apr 2024).',
  ),
];

export const STATUTORY_PARAMETERS: readonly StatutoryParameterRow[] = [
  ...pf,
  // Each with its authority's rule for a change taking effect within a month (month-rules.ts).
  ...withMidMonthRules([...esi, ...pt, ...lwfRows]),
  ...INCOME_TAX_ROWS,
  ...CODE_WAGES_ROWS,
  ...GRATUITY_ROWS,
  ...LEAVE_ENCASHMENT_ROWS,
  ...LABOUR_REGISTER_ROWS,
];

/** Parameter rows (seeded or read from the table) sorted into the rules' typed lists. */
export interface StatutoryTables {
  pf: PfParameters[];
  esi: EsiParameters[];
  /** By state code. */
  pt: Map<string, PtParameters[]>;
  lwf: Map<string, LwfParameters[]>;
  incomeTax: IncomeTaxParameters[];
  /** The Labour Codes' definition of wages (wages.ts). */
  codeWages: CodeWagesParameters[];
  /** The exit settlement's limits (parameters-exit.ts) and the register forms by date (parameters-registers.ts). */
  gratuity: (GratuityParameters & { source: string })[];
  leaveEncashment: (LeaveEncashmentParameters & { source: string })[];
  labourRegisters: (LabourRegisterForms & { source: string })[];
}

export function statutoryTables(rows: readonly StatutoryParameterRow[]): StatutoryTables {
  const tables: StatutoryTables = {
    pf: [],
    esi: [],
    pt: new Map(),
    lwf: new Map(),
    incomeTax: [],
    codeWages: [],
    gratuity: [],
    leaveEncashment: [],
    labourRegisters: [],
  };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const row of rows) {
    const { effectiveFrom } = row;
    switch (row.kind) {
      case 'pf':
        tables.pf.push({ ...row.data, effectiveFrom });
        break;
      case 'esi':
        tables.esi.push({ ...row.data, effectiveFrom });
        break;
      case 'pt':
        push(tables.pt, row.stateCode.toUpperCase(), { ...row.data, effectiveFrom, stateCode: row.stateCode.toUpperCase() });
        break;
      case 'lwf':
        push(tables.lwf, row.stateCode.toUpperCase(), { ...row.data, effectiveFrom, stateCode: row.stateCode.toUpperCase() });
        break;
      case 'code_wages':
        tables.codeWages.push({ ...row.data, effectiveFrom });
        break;
      case 'gratuity':
        tables.gratuity.push({ ...row.data, effectiveFrom, source: row.source });
        break;
      case 'leave_encashment':
        tables.leaveEncashment.push({ ...row.data, effectiveFrom, source: row.source });
        break;
      case 'labour_registers':
        tables.labourRegisters.push({ ...row.data, effectiveFrom, source: row.source });
        break;
      default:
        tables.incomeTax.push({ ...row.data, effectiveFrom });
    }
  }
  return tables;
}

/** The tax parameters of a financial year ('2025-26') and regime; undefined for a year without a row. */
export function incomeTaxParametersFor(tables: StatutoryTables, financialYear: string, regime: TaxRegime): IncomeTaxParameters | undefined {
  return tables.incomeTax
    .filter((p) => p.financialYear === financialYear && p.regime === regime)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
}
