// "Wages" under the Labour Codes (Code on Wages 2019 s.2(y); the same definition in the Code on Social Security
// 2020 s.2(88), the Industrial Relations Code s.2(zr) and the OSH Code s.2(1)(zy)), in force from 21 Nov 2025:
// basic pay, dearness allowance and retaining allowance, without the payments of clauses (a)–(k); but when the
// payments of clauses (a) to (i) exceed one-half (or the percentage notified) of all remuneration, the excess is
// deemed remuneration and added to wages (the first proviso). The MoLE FAQs on the Labour Codes (labour.gov.in,
// Q2–Q5) read it the same way: the allowances other than basic, DA and retaining allowance, except gratuity and
// retrenchment compensation, are tested against 50 %; performance incentives, ESOPs, reimbursements and leave
// encashment are not remuneration for it at all.
//
// Every earning head is classified (earning_deductions.wage_class); the percentage, the classes the proviso
// counts, the figures that follow the Code's wages and the day it took effect are a dated parameter row (kind
// 'code_wages', parameters-wages.ts), so a notification changing the percentage is a new row, not code.

import type { Dated } from './dated';

/** How an earning stands under s.2(y): wages, or the excluded clause it falls under. */
export const WAGE_CLASSES = [
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
export type WageClass = (typeof WAGE_CLASSES)[number];

/** What the heads screen and the run screen call each class (the clause of s.2(y) in brackets). */
export const WAGE_CLASS_LABELS: Record<WageClass, string> = {
  wages: 'Wages (basic, DA, retaining allowance)',
  allowance: 'Other allowance (counted in the 50 % test)',
  bonus: 'Bonus payable under a law (2(y)(a))',
  amenity: 'House accommodation or amenity (2(y)(b))',
  conveyance: 'Conveyance or travel concession (2(y)(d))',
  special_expenses: 'Special expenses of the work (2(y)(e))',
  hra: 'House rent allowance (2(y)(f))',
  award: 'Under an award or settlement (2(y)(g))',
  overtime: 'Overtime allowance (2(y)(h))',
  commission: 'Commission (2(y)(i))',
  gratuity: 'Gratuity on termination (2(y)(j), not in the test)',
  retrenchment: 'Retrenchment compensation, ex gratia on termination (2(y)(k), not in the test)',
  outside: 'Not remuneration for the test (reimbursement, incentive, leave encashment, arrears)',
};

/** The figures that may follow the Code's wages. */
export type CodeWagesUse = 'pf' | 'esi' | 'bonus' | 'gratuity';

/** A 'code_wages' parameter row. */
export interface CodeWagesParameters extends Dated {
  /** How the row applies to the month it takes effect in (as the PF rows): default 'nextMonth'. */
  midMonthRule?: 'nextMonth' | 'wholeMonth' | 'dayWeighted';
  /** The share of all remuneration the excluded payments may reach before the excess is added back (50). */
  excludedLimitPercent: number;
  /** The classes the proviso counts (clauses (a) to (i) and the other allowances). */
  testedClasses: WageClass[];
  /** The figures computed on the Code's wages from this date. */
  appliesTo: CodeWagesUse[];
}

/** The rule as the engine takes it for one month (EngineStatutory.wages). */
export interface CodeWagesRule {
  /** Basis points of all remuneration (5000 = 50 %). */
  limitBasisPoints: number;
  testedClasses: readonly WageClass[];
  appliesTo: readonly CodeWagesUse[];
  /** The part of the month the rule governs: days / of (a row taking effect mid-month, day-weighted). */
  days: number;
  of: number;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The rule for a wage month (undefined when none is in force for any of its days): the latest row in force on
 * the month's first day, or a row taking effect within the month by its `midMonthRule` — 'wholeMonth' governs
 * the whole month, 'dayWeighted' its days from the effective date on, 'nextMonth' (default) none of it.
 */
export function codeWagesRuleFor(rows: readonly CodeWagesParameters[], year: number, month: number): CodeWagesRule | undefined {
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const of = daysIn(year, month);
  const last = `${first.slice(0, 8)}${String(of).padStart(2, '0')}`;
  const sorted = [...rows].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  let row: CodeWagesParameters | undefined;
  let days = of;
  for (const r of sorted) {
    if (r.effectiveFrom <= first) {
      row = r;
      days = of;
    } else if (r.effectiveFrom <= last) {
      const rule = r.midMonthRule ?? 'nextMonth';
      if (rule === 'wholeMonth') {
        row = r;
        days = of;
      } else if (rule === 'dayWeighted' && !row) {
        // Only the first row ever: a later row mid-month would mix two percentages; it applies from next month.
        row = r;
        days = of - Number(r.effectiveFrom.slice(8, 10)) + 1;
      }
    }
  }
  if (!row) return undefined;
  return {
    limitBasisPoints: Math.round(row.excludedLimitPercent * 100),
    testedClasses: row.testedClasses,
    appliesTo: row.appliesTo,
    days,
    of,
  };
}

/** The Code's wages of one month, paise. */
export interface CodeWagesResult {
  /** Basic + DA + retaining allowance (the heads classed 'wages'). */
  wages: number;
  /** The payments the proviso counts. */
  excluded: number;
  /** All remuneration for the test: wages + excluded. */
  remuneration: number;
  /** The excess over the limit added back (day-weighted in the month the rule starts mid-month). */
  addedBack: number;
  /** wages + addedBack. */
  codeWages: number;
}

/**
 * The Code's wages from the month's amounts by class (paise). The excess is (excluded × 10⁴ − remuneration × bp) ÷
 * 10⁴, rounded half up to the paisa, then × days ÷ of for a month the rule governs only in part.
 */
export function codeWages(rule: CodeWagesRule, byClass: Partial<Record<WageClass, number>>): CodeWagesResult {
  const wages = byClass.wages ?? 0;
  let excluded = 0;
  for (const c of rule.testedClasses) if (c !== 'wages') excluded += byClass[c] ?? 0;
  return codeWagesOf(rule, wages, excluded);
}

/** codeWages from the two sums (the engine's fast path). */
export function codeWagesOf(rule: CodeWagesRule, wages: number, excluded: number): CodeWagesResult {
  const remuneration = wages + excluded;
  const over = excluded * 10_000 - remuneration * rule.limitBasisPoints;
  let addedBack = 0;
  if (over > 0) {
    addedBack = Math.floor((over + 5_000) / 10_000);
    if (rule.days < rule.of) addedBack = Math.floor((addedBack * rule.days * 2 + rule.of) / (2 * rule.of));
  }
  return { wages, excluded, remuneration, addedBack, codeWages: wages + addedBack };
}

/** The class an earning head has when none is recorded: PF wages are wages, overtime and HRA their clauses, else an allowance. */
export function defaultWageClass(h: { isPfWage?: boolean; isOverTimeHead?: boolean; isHra?: boolean }): WageClass {
  if (h.isPfWage) return 'wages';
  if (h.isOverTimeHead) return 'overtime';
  if (h.isHra) return 'hra';
  return 'allowance';
}
