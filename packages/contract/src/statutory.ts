import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZRupees } from './payroll';
import { zLine } from './text';

// Statutory India (issue 13): the dated parameters' shape (rows of the statutory_parameters table, checked
// when read) and the two calculators' payloads. Amounts are rupees (JSON numbers); rates are percentages.

const ZDay = ZIsoDate('A date like 2025-04-01');
const ZAmount = z.number().min(0);
const ZRate = z.number().min(0).max(100);
const ZMonthNo = z.number().int().min(1).max(12);
const ZUpTo = z.number().min(0).nullable();

const ZPfData = z.object({
  /** How a row taking effect after the 1st applies to that month (packages/payroll pf-month.ts); default 'nextMonth'. */
  midMonthRule: z.enum(['nextMonth', 'wholeMonth', 'dayWeighted']).optional(),
  employeeRate: ZRate,
  employerRate: ZRate,
  epsRate: ZRate,
  wageCeiling: ZAmount,
  edliRate: ZRate,
  edliWageCeiling: ZAmount,
  adminChargeRate: ZRate,
  adminChargeMinimum: ZAmount,
  epsMaxAge: z.number().int().min(1).max(100),
  epsHighWageJoinerFrom: ZDay,
});
/** ESI, PT and LWF: how a row taking effect after the 1st applies to that month (packages/payroll month-rules.ts). */
const ZWholeMonthRule = z
  .enum(['nextMonth', 'wholeMonth'], { error: 'Choose nextMonth or wholeMonth: only PF weighs a month by days' })
  .optional();
const ZEsiData = z.object({
  midMonthRule: ZWholeMonthRule,
  employeeRate: ZRate,
  employerRate: ZRate,
  wageCeiling: ZAmount,
  disabledWageCeiling: ZAmount,
  employeeExemptDailyWage: ZAmount,
  periodStartMonths: z.array(ZMonthNo).min(1),
});
const ZPtSlab = z.object({ upTo: ZUpTo, amount: ZAmount, months: z.record(z.string().regex(/^(1[0-2]|[1-9])$/), ZAmount).optional() });
const ZPtData = z.object({
  midMonthRule: ZWholeMonthRule,
  frequency: z.enum(['monthly', 'half-yearly', 'yearly']),
  dueMonths: z.array(ZMonthNo).optional(),
  basis: z.enum(['monthly', 'half-yearly', 'annual']),
  slabs: z.array(ZPtSlab).min(1),
  femaleSlabs: z.array(ZPtSlab).min(1).optional(),
});
const ZLwfData = z.object({
  midMonthRule: ZWholeMonthRule,
  frequency: z.enum(['monthly', 'half-yearly', 'yearly']),
  dueMonths: z.array(ZMonthNo).min(1),
  bands: z.array(z.object({ upTo: ZUpTo, employee: ZAmount, employer: ZAmount })).min(1),
});
const ZIncomeTaxData = z.object({
  financialYear: z.string().regex(/^\d{4}-\d{2}$/),
  regime: z.enum(['new', 'old']),
  slabs: z.array(z.object({ upTo: ZUpTo, rate: ZRate })).min(1),
  /** Slabs for residents of an age and above (the old regime's 60 and 80), in place of `slabs`. */
  ageSlabs: z
    .array(z.object({ fromAge: z.number().int().min(1).max(150), slabs: z.array(z.object({ upTo: ZUpTo, rate: ZRate })).min(1) }))
    .optional(),
  standardDeduction: ZAmount,
  rebate87A: z.object({ incomeUpTo: ZAmount, maxRebate: ZAmount, marginalRelief: z.boolean() }),
  surcharge: z.array(z.object({ above: ZAmount, rate: ZRate })),
  cessRate: ZRate,
  exemptionsAllowed: z.boolean(),
  professionalTaxCap: ZAmount.nullable(),
  deductions: z.object({
    sections: z.record(z.string(), ZAmount.nullable()),
    groups: z.array(z.object({ name: z.string(), sections: z.array(z.string()), cap: ZAmount })),
    /** Sections capped at a % of salary (basic + DA): 80CCD(2). */
    salaryShare: z.record(z.string(), ZRate).optional(),
  }),
  hra: z.object({ metroRate: ZRate, otherRate: ZRate, rentOverSalaryRate: ZRate }).nullable(),
});

/** The Labour Codes' definition of wages (packages/payroll statutory/wages.ts); the classes as earning heads carry them. */
export const WAGE_CLASS_VALUES = [
  'wages',
  'allowance',
  'bonus',
  'amenity',
  'conveyance',
  'special_expenses',
  'hra',
  'award',
  'overtime',
  'commission',
  'gratuity',
  'retrenchment',
  'outside',
] as const;
const ZCodeWagesData = z.object({
  midMonthRule: z.enum(['nextMonth', 'wholeMonth', 'dayWeighted']).optional(),
  excludedLimitPercent: ZRate,
  testedClasses: z.array(z.enum(WAGE_CLASS_VALUES)).min(1),
  appliesTo: z.array(z.enum(['pf', 'esi', 'bonus', 'gratuity'])),
});

/** The exit settlement's limits (packages/payroll parameters-exit.ts): whole rupees, the ceiling above nil. */
const ZLimit = (what: string) =>
  z
    .number({ error: `Enter the ${what} in rupees` })
    .int(`The ${what} is a whole number of rupees`)
    .positive(`The ${what} must be above nil`)
    .max(1_000_000_000, `The ${what} looks too large`);
const ZGratuityData = z.object({ ceiling: ZLimit('gratuity ceiling'), taxExemption: ZLimit('tax-exempt gratuity') }).strict();
const ZLeaveEncashmentData = z.object({ taxExemption: ZLimit('tax-exempt leave encashment') }).strict();
/** The rules the registers of wages follow from a date (packages/payroll parameters-registers.ts). */
const ZRegisterTitle = z.string().trim().min(3, 'Name the register as the rules call it').max(200);
const ZLabourRegistersData = z
  .object({
    rules: z.string().trim().min(3, 'Name the rules the registers follow').max(300),
    forms: z.object({ wages: ZRegisterTitle, loans: ZRegisterTitle }).strict(),
  })
  .strict();

const rowBase = { effectiveFrom: ZDay, source: z.string().min(1) };
/** A row of statutory_parameters as the rules read it. */
export const ZStatutoryParameterRow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pf'), stateCode: z.null(), ...rowBase, data: ZPfData }),
  z.object({ kind: z.literal('esi'), stateCode: z.null(), ...rowBase, data: ZEsiData }),
  z.object({ kind: z.literal('pt'), stateCode: z.string().min(1).max(10), ...rowBase, data: ZPtData }),
  z.object({ kind: z.literal('lwf'), stateCode: z.string().min(1).max(10), ...rowBase, data: ZLwfData }),
  z.object({ kind: z.enum(['income_tax_new', 'income_tax_old']), stateCode: z.null(), ...rowBase, data: ZIncomeTaxData }),
  z.object({ kind: z.literal('code_wages'), stateCode: z.null(), ...rowBase, data: ZCodeWagesData }),
  z.object({ kind: z.literal('gratuity'), stateCode: z.null(), ...rowBase, data: ZGratuityData }),
  z.object({ kind: z.literal('leave_encashment'), stateCode: z.null(), ...rowBase, data: ZLeaveEncashmentData }),
  z.object({ kind: z.literal('labour_registers'), stateCode: z.null(), ...rowBase, data: ZLabourRegistersData }),
]);
export type TStatutoryParameterRow = z.infer<typeof ZStatutoryParameterRow>;

export const TAX_REGIMES = ['new', 'old'] as const;

/** 'YYYY-YY' with the second year following the first (2025-26). */
export const ZFinancialYearText = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'A financial year like 2025-26')
  .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), 'A financial year like 2025-26');

export const ZTaxCompute = z
  .object({
    financialYear: ZFinancialYearText,
    regime: z.enum(TAX_REGIMES),
    annualGrossSalary: ZRupees,
    /** Exemptions under section 10 (HRA and the like), old regime only. */
    exemptions: ZRupees.optional(),
    /** Claimed deductions by section as the Act names them ('80C', '80D', '24(b)'); the server applies the caps. */
    deductions: z.record(z.string().min(1).max(30), ZRupees).optional(),
    /** Professional tax paid in the year (deducted in the old regime, up to ₹2,500). */
    professionalTax: ZRupees.optional(),
    /** Income from other sources (interest and the like) added to the salary. */
    otherIncome: ZRupees.optional(),
    /**
     * The employee's date of birth: the old regime's slabs for residents of 60–79 and 80 or more by the age reached in
     * the year (an age is attained the day before the birthday, CBDT Circular 28/2016). Absent: under 60.
     */
    dateOfBirth: ZDay.optional(),
    /**
     * Salary as section 80CCD defines it (basic + dearness allowance) for the year: 80CCD(2), the employer's NPS
     * contribution, is allowed up to 14 % of it in the new regime and 10 % in the old. Absent: the cap is taken on
     * the annual gross salary (the answer's `npsCapOn` says so).
     */
    basicAndDa: ZRupees.optional(),
  })
  .refine((b) => !b.dateOfBirth || b.dateOfBirth <= `${Number(b.financialYear.slice(0, 4)) + 1}-03-31`, {
    message: 'The date of birth must be before the end of the financial year',
    path: ['dateOfBirth'],
  });
export type TTaxCompute = z.input<typeof ZTaxCompute>;

export const ZTaxComputeResult = z.object({
  financialYear: z.string(),
  regime: z.enum(TAX_REGIMES),
  annualGrossSalary: z.number(),
  standardDeduction: z.number(),
  /** Exemptions and professional tax as counted (0 where the regime allows none). */
  exemptions: z.number(),
  professionalTax: z.number(),
  /** Income from house property: the section 24(b) interest as a loss (zero or negative; old regime, up to ₹2 L). */
  houseProperty: z.number(),
  otherIncome: z.number(),
  /** Salary income + house property + other income. */
  grossTotalIncome: z.number(),
  /** Chapter VI-A deductions after their caps, by section (24(b) is house property, not among them). */
  deductions: z.record(z.string(), z.number()),
  /** Total income, rounded to the nearest ten rupees (s.288A). */
  taxableIncome: z.number(),
  taxOnIncome: z.number(),
  /** Section 87A rebate, marginal relief included. */
  rebate: z.number(),
  /** After its marginal relief. */
  surcharge: z.number(),
  cess: z.number(),
  /** Rounded to the nearest ten rupees (s.288B). */
  totalTax: z.number(),
  /** The age reached in the year from the date of birth given (null: none given). */
  age: z.number().nullable().optional(),
  /** With an 80CCD(2) claim: the salary its cap was a share of (basic + DA as given, or the gross salary). */
  npsCapOn: z.enum(['basicAndDa', 'grossSalary']).optional(),
});
export type TTaxComputeResult = z.infer<typeof ZTaxComputeResult>;

export const ZStatutoryCompute = z.object({
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  /** The state's name or code in the states look-up ('Karnataka' or 'KA'). */
  state: zLine().min(1).max(100),
  /** PF wages earned this month (basic + DA + retaining allowance for the paid days). */
  pfWages: ZRupees,
  /** Gross wages of the month (ESI, PT, LWF). */
  grossWages: ZRupees,
  pfRestrictToCeiling: z.boolean(),
  epsEligible: z.boolean(),
  gender: z.enum(['male', 'female', 'other']).optional(),
  /** Days paid this month (default: every day of the month), for ESI's average daily wage. */
  paidDays: z.number().min(0.5).max(31).multipleOf(0.5).optional(),
  /** A person with disability (ESI's higher wage ceiling). */
  disabled: z.boolean().optional(),
});
export type TStatutoryCompute = z.input<typeof ZStatutoryCompute>;

const ZEmployeeEmployer = z.object({ employee: z.number(), employer: z.number() });
export const ZStatutoryComputeResult = z.object({
  state: z.object({ code: z.string(), name: z.string() }),
  pf: z.object({ employee: z.number(), eps: z.number(), epf: z.number(), edli: z.number() }),
  /** ESI is judged on the gross wages as those at the start of the contribution period. */
  esi: ZEmployeeEmployer.extend({ covered: z.boolean() }),
  pt: z.number(),
  lwf: ZEmployeeEmployer,
});
export type TStatutoryComputeResult = z.infer<typeof ZStatutoryComputeResult>;

// ---------------------------------------------------------------------------------------------------------
// Income-tax declarations (section 192): an employee's figures for a financial year, the proofs payroll marks,
// and the year's proof cut-off. Amounts are rupees.

/** The sections a declaration may claim, as the Act names them. */
export const DECLARATION_SECTIONS = ['80C', '80CCC', '80CCD(1)', '80CCD(1B)', '80CCD(2)', '80D', '80E', '80G', '80TTA', '24(b)'] as const;
export type TDeclarationSection = (typeof DECLARATION_SECTIONS)[number];

export const ZTaxDeclarationInput = z
  .object({
    financialYear: ZFinancialYearText,
    regime: z.enum(TAX_REGIMES),
    /** Rent paid a month (HRA exemption, old regime). */
    rentPerMonth: ZRupees.default(0),
    metro: z.boolean().default(false),
    lines: z
      .array(z.object({ section: z.enum(DECLARATION_SECTIONS), amount: ZRupees }).strict())
      .max(DECLARATION_SECTIONS.length)
      .default([])
      .refine((l) => new Set(l.map((x) => x.section)).size === l.length, 'Each section once'),
    /** A previous employer's salary and tax deducted in this financial year (Form 12B). */
    previousEmployerIncome: ZRupees.default(0),
    previousEmployerTds: ZRupees.default(0),
    /** Income from other sources reported to the employer (section 192(2B)): interest, rent received and the like. */
    otherIncome: ZRupees.default(0),
    /** Relief under section 89 (salary arrears of earlier years, worked out in Form 10E). */
    relief89: ZRupees.default(0),
  })
  .strict();
export type TTaxDeclarationInput = z.input<typeof ZTaxDeclarationInput>;

export const ZTaxDeclarationQuery = z.object({ financialYear: ZFinancialYearText.optional() }).strict();

export const ZTaxDeclaration = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  financialYear: z.string(),
  /** Whether the employee has saved a declaration for the year (else the defaults: new regime, nothing claimed). */
  declared: z.boolean(),
  regime: z.enum(TAX_REGIMES),
  rentPerMonth: z.number(),
  metro: z.boolean(),
  rentProved: z.boolean(),
  previousEmployerIncome: z.number(),
  previousEmployerTds: z.number(),
  otherIncome: z.number(),
  relief89: z.number(),
  lines: z.array(
    z.object({
      section: z.enum(DECLARATION_SECTIONS),
      amount: z.number(),
      proved: z.boolean(),
      provedAt: z.string().nullable(),
      /** The name of the attached proof file (PDF, JPEG or PNG), null when none. */
      proofFileName: z.string().nullable(),
    }),
  ),
  /** The year's proof cut-off (YYYY-MM-DD) and whether today is after it: then the employee may no longer change it. */
  proofCutoff: z.string().nullable(),
  afterCutoff: z.boolean(),
  /** The tax under both regimes on the year's estimated salary (slips so far, the latest month for the rest). */
  comparison: z.object({
    estimatedAnnualSalary: z.number(),
    hraExemption: z.number(),
    professionalTax: z.number(),
    /** Income from other sources and relief under section 89 as declared; the tax after relief under each regime. */
    otherIncome: z.number(),
    relief89: z.number(),
    netTax: z.object({ new: z.number().nullable(), old: z.number().nullable() }),
    new: ZTaxComputeResult.nullable(),
    old: ZTaxComputeResult.nullable(),
  }),
});
export type TTaxDeclaration = z.infer<typeof ZTaxDeclaration>;

export const ZTaxProofsInput = z
  .object({
    financialYear: ZFinancialYearText,
    rentProved: z.boolean().optional(),
    lines: z
      .array(z.object({ section: z.enum(DECLARATION_SECTIONS), proved: z.boolean() }).strict())
      .max(DECLARATION_SECTIONS.length)
      .default([]),
  })
  .strict();
export type TTaxProofsInput = z.input<typeof ZTaxProofsInput>;

export const ZTaxProofWindow = z
  .object({
    financialYear: ZFinancialYearText,
    proofCutoff: ZDay,
  })
  .strict()
  .refine(
    (w) => w.proofCutoff >= `${w.financialYear.slice(0, 4)}-04-01` && w.proofCutoff <= `${Number(w.financialYear.slice(0, 4)) + 1}-03-31`,
    { message: 'The cut-off must fall within the financial year', path: ['proofCutoff'] },
  );
export type TTaxProofWindow = z.infer<typeof ZTaxProofWindow>;
