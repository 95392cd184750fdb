// The exit settlement's own rules, pure and in integer paise (JS numbers, as the engine's amounts): service for
// gratuity, gratuity under the Code on Social Security 2020 s.53 (Payment of Gratuity Act 1972 s.4 before it), the
// Labour Codes' wages (Code on Wages 2019 s.2(y) / Code on Social Security s.2(88): the 50 % rule), leave
// encashment, notice pay and the due date of the settlement. The figures of law come from parameters-exit.ts.

export * from './statutory/parameters-exit';

type IsoDate = string;

const utc = (d: IsoDate) => Date.parse(`${d}T00:00:00Z`);
const iso = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);
const addDays = (d: IsoDate, n: number): IsoDate => iso(utc(d) + n * 86_400_000);
const parts = (d: IsoDate) => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)), day: Number(d.slice(8, 10)) });

/** a × b ÷ c rounded half up, for non-negative integers (exact through bigint). */
export function mulDiv(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c <= 0) throw new RangeError('mulDiv takes non-negative amounts and a positive divisor');
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  return Number(2n * (n - q * d) >= d ? q + 1n : q);
}

export interface Service {
  years: number;
  months: number;
  days: number;
  /** Completed years, a part above six months counting as a year (s.53(1) / old s.4(2)). */
  countedYears: number;
}

/** Service from the joining day to the last working day, both included, in years, months and days. */
export function serviceBetween(joined: IsoDate, lastDay: IsoDate): Service {
  if (lastDay < joined) return { years: 0, months: 0, days: 0, countedYears: 0 };
  const a = parts(joined);
  const b = parts(addDays(lastDay, 1));
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  let days = b.day - a.day;
  if (days < 0) {
    months -= 1;
    const prev = b.month === 1 ? { y: b.year - 1, m: 12 } : { y: b.year, m: b.month - 1 };
    days += new Date(Date.UTC(prev.y, prev.m, 0)).getUTCDate();
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const countedYears = years + (rest > 6 || (rest === 6 && days > 0) ? 1 : 0);
  return { years, months: rest, days, countedYears };
}

/**
 * Wages under the Labour Codes: basic pay + dearness allowance (+ retaining allowance); where the excluded
 * payments exceed half of all remuneration, the excess is added back (Code on Wages s.2(y) first proviso), so
 * wages are never below half the remuneration. Paise.
 */
export function labourCodeWages(basicDa: number, totalRemuneration: number): number {
  const half = mulDiv(totalRemuneration, 1, 2);
  return Math.max(basicDa, half);
}

export type SeparationType = 'resignation' | 'termination' | 'retirement' | 'death' | 'fixed_term_end' | 'absconding';

export interface GratuityInput {
  type: SeparationType;
  disablement: boolean;
  /** A fixed-term employee (eligible after one year). */
  fixedTerm: boolean;
  service: Service;
  /** Monthly wages at the last drawn rate (labourCodeWages), paise. */
  wages: number;
  /** The ceiling in force and the income-tax exemption (paise). */
  ceiling: number;
  taxExemption: number;
}

export interface GratuityResult {
  eligible: boolean;
  /** Why (not) eligible, in words. */
  reason: string;
  amount: number;
  /** The part exempt from income tax (s.10(10)(iii)). */
  exempt: number;
  /** Before the ceiling. */
  computed: number;
}

/**
 * Gratuity: 15 days' wages (wages ÷ 26 × 15) for each counted year, at most the ceiling. Eligible after five years of
 * continuous service, one year for a fixed-term employee, at once on death or disablement.
 */
export function gratuity(g: GratuityInput): GratuityResult {
  const s = g.service;
  const minYears = g.fixedTerm ? 1 : 5;
  const waived = g.type === 'death' || g.disablement;
  const eligible = waived || s.years >= minYears;
  const reason = waived
    ? `No minimum service on ${g.type === 'death' ? 'death' : 'disablement'}`
    : eligible
      ? `${s.years} completed years (at least ${minYears} needed)`
      : `Only ${s.years} completed years; ${minYears} needed${g.fixedTerm ? ' for a fixed-term employee' : ''}`;
  if (!eligible) return { eligible, reason, amount: 0, exempt: 0, computed: 0 };
  // On death or disablement within the first year, a part year of more than six months counts; less counts nothing.
  const computed = mulDiv(g.wages, 15 * s.countedYears, 26);
  const amount = Math.min(computed, g.ceiling);
  return { eligible, reason, amount, exempt: Math.min(amount, g.taxExemption), computed };
}

export interface EncashmentInput {
  /** Balance at exit in days (may be a half day). */
  balanceDays: number;
  /** The type's cap in days; 0 = none. */
  maxDays: number;
  /** Monthly wages the type names (basic + DA, or gross), paise. */
  wages: number;
  /** Days of a month the wages are divided by (30 or 26). */
  divisor: number;
}

/** Leave encashment: the days (balance, at most the cap) × wages ÷ divisor, paise, half up. */
export function leaveEncashment(e: EncashmentInput): { days: number; amount: number } {
  const cap = e.maxDays > 0 ? Math.min(e.balanceDays, e.maxDays) : e.balanceDays;
  const days = Math.max(0, Math.round(cap * 10) / 10);
  return { days, amount: mulDiv(e.wages, Math.round(days * 10), e.divisor * 10) };
}

/**
 * The part of leave encashment at exit exempt from income tax (s.10(10AA)(ii), non-government): the least of the
 * amount, ten months' average salary (basic + DA) and the limit in force less what earlier employers exempted.
 */
export function encashmentExempt(amount: number, monthlySalary: number, limit: number, exemptedBefore = 0): number {
  return Math.max(0, Math.min(amount, monthlySalary * 10, limit - exemptedBefore));
}

/** Days of notice served: from the day after notice is given to the last working day. */
export function noticeServed(noticeGivenOn: IsoDate, lastDay: IsoDate): number {
  return Math.max(0, Math.round((utc(lastDay) - utc(noticeGivenOn)) / 86_400_000));
}

/** Notice pay for a number of days at the monthly rate ÷ 30, paise. */
export function noticePay(monthly: number, days: number): number {
  return mulDiv(monthly, days, 30);
}

/** The day `n` working days after `from` (days off skipped): the settlement's due date under Code on Wages s.17(2). */
export function addWorkingDays(from: IsoDate, n: number, isOff: (d: IsoDate) => boolean): IsoDate {
  let d = from;
  let left = n;
  for (let guard = 0; left > 0 && guard < 366; guard++) {
    d = addDays(d, 1);
    if (!isOff(d)) left -= 1;
  }
  return d;
}
