// The month's PF, ESI, PT and LWF rules in safe JS integers for the salary run. The rules themselves (pf.ts,
// esi.ts, pt.ts, lwf.ts) work in bigint paise, which costs the engine most of its statutory time for every
// employee of a run; these do the same arithmetic on numbers, exact while an amount times a rate in basis
// points stays below 2^53 (amounts up to ₹100 crore; above that, or for a rate the rules refuse, the bigint rule
// itself). The parameters are turned into paise and basis points once per run (prepare*). fast.test.ts compares
// every function with its rule over many figures and every seeded state.
import { basisPoints, rupees } from './dated';
import { computeEsi, type EsiParameters } from './esi';
import type { LwfParameters } from './lwf';
import { computePf, type PfParameters } from './pf';
import { computePt, type PtParameters, type StatutoryGender } from './pt';

const SAFE = 100_000_000_000; // paise: ₹100 crore
const paise = (r: number) => Number(rupees(r));
const bp = (percent: number) => Number(basisPoints(percent));

const NEAREST = 0;
const UP = 1;
const DOWN = 2;

/** n ÷ d for whole n ≥ 0 and d > 0 below 2^53, rounded half up, up or down (as dated.ts divide). */
function div(n: number, d: number, mode: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  if (r < 0) {
    q--;
    r += d;
  } else if (r >= d) {
    q++;
    r -= d;
  }
  if (r === 0 || mode === DOWN) return q;
  if (mode === UP) return q + 1;
  return 2 * r >= d ? q + 1 : q;
}

/** round(n / d) half away from zero, for safe integers n (any sign) and d > 0. */
export function roundDiv(n: number, d: number): number {
  return n < 0 ? -div(-n, d, NEAREST) : div(n, d, NEAREST);
}

/** `rate` basis points of paise, rounded to whole rupees (percentOf(…, 'rupee')). */
const toRupeeOf = (amount: number, rateBp: number, mode: number) => div(amount * rateBp, 1_000_000, mode) * 100;

// ---------------------------------------------------------------------------------------------------------
// PF

export interface PfFigures {
  epfWages: number;
  epsWages: number;
  edliWages: number;
  pfEmployee: number;
  eps: number;
  epf: number;
  edli: number;
}

export interface PreparedPf {
  p: PfParameters;
  ceiling: number;
  edliCeiling: number;
  employeeBp: number;
  employerBp: number;
  epsBp: number;
  edliBp: number;
}

export function preparePf(p: PfParameters): PreparedPf {
  return {
    p,
    ceiling: paise(p.wageCeiling),
    edliCeiling: paise(p.edliWageCeiling),
    employeeBp: bp(p.employeeRate),
    employerBp: bp(p.employerRate),
    epsBp: bp(p.epsRate),
    edliBp: bp(p.edliRate),
  };
}

/** computePf on PF wages in paise, written into `out`. */
export function pfInto(f: PreparedPf, pfWages: number, restrictToCeiling: boolean, epsEligible: boolean, out: PfFigures): void {
  if (pfWages > SAFE) {
    const r = computePf(f.p, { pfWages: BigInt(pfWages), restrictToCeiling, epsEligible });
    out.epfWages = Number(r.epfWages);
    out.epsWages = Number(r.epsWages);
    out.edliWages = Number(r.edliWages);
    out.pfEmployee = Number(r.employee);
    out.eps = Number(r.eps);
    out.epf = Number(r.epf);
    out.edli = Number(r.edli);
    return;
  }
  const wages = pfWages > 0 ? pfWages : 0;
  const capped = wages < f.ceiling ? wages : f.ceiling;
  const epfWages = restrictToCeiling ? capped : wages;
  const epsWages = epsEligible ? capped : 0;
  const edliWages = wages < f.edliCeiling ? wages : f.edliCeiling;
  const employer = toRupeeOf(epfWages, f.employerBp, NEAREST);
  const epsFull = toRupeeOf(epsWages, f.epsBp, NEAREST);
  const eps = epsFull < employer ? epsFull : employer;
  out.epfWages = epfWages;
  out.epsWages = epsWages;
  out.edliWages = edliWages;
  out.pfEmployee = toRupeeOf(epfWages, f.employeeBp, NEAREST);
  out.eps = eps;
  out.epf = employer - eps;
  out.edli = toRupeeOf(edliWages, f.edliBp, NEAREST);
}

// ---------------------------------------------------------------------------------------------------------
// ESI

export interface PreparedEsi {
  p: EsiParameters;
  ceiling: number;
  disabledCeiling: number;
  exemptDaily: number;
  employeeBp: number;
  employerBp: number;
}

export function prepareEsi(p: EsiParameters): PreparedEsi {
  return {
    p,
    ceiling: paise(p.wageCeiling),
    disabledCeiling: paise(p.disabledWageCeiling),
    exemptDaily: paise(p.employeeExemptDailyWage),
    employeeBp: bp(p.employeeRate),
    employerBp: bp(p.employerRate),
  };
}

/** esiCovered: the wages of any month of the period so far (the earlier ones and this one) within the ceiling. */
export function esiCoveredN(f: PreparedEsi, earlier: readonly number[], current: number, disabled: boolean): boolean {
  const ceiling = disabled ? f.disabledCeiling : f.ceiling;
  if (current <= ceiling) return true;
  for (let i = 0; i < earlier.length; i++) if (earlier[i] <= ceiling) return true;
  return false;
}

/** computeEsi's employee and employer shares, paise, written into `out`. */
export function esiInto(
  f: PreparedEsi,
  covered: boolean,
  grossWages: number,
  paidDays: number,
  out: { esiEmployee: number; esiEmployer: number },
): void {
  if (!covered || grossWages <= 0 || paidDays <= 0) {
    out.esiEmployee = 0;
    out.esiEmployer = 0;
    return;
  }
  const halfDays = Math.round(paidDays * 2);
  if (grossWages > SAFE || halfDays <= 0) {
    const r = computeEsi(f.p, { covered, grossWages: BigInt(grossWages), paidDays });
    out.esiEmployee = Number(r.employee);
    out.esiEmployer = Number(r.employer);
    return;
  }
  const averageDailyWage = div(grossWages * 2, halfDays, DOWN);
  out.esiEmployee = averageDailyWage <= f.exemptDaily ? 0 : toRupeeOf(grossWages, f.employeeBp, UP);
  out.esiEmployer = toRupeeOf(grossWages, f.employerBp, UP);
}

// ---------------------------------------------------------------------------------------------------------
// PT and LWF: slab look-ups of the month

interface Band {
  upper: number;
  a: number;
  b: number;
}

function bandOf(bands: readonly Band[], amount: number): Band | undefined {
  for (let i = 0; i < bands.length; i++) if (amount <= bands[i].upper) return bands[i];
  return undefined;
}

export interface PreparedPt {
  p: PtParameters;
  month: number;
  /** Deducted this month at all. */
  due: boolean;
  /** What the month's gross is multiplied by without the period's salary (1, 6 or 12). */
  times: number;
  slabs: Band[];
  female: Band[] | null;
}

export function preparePt(p: PtParameters, month: number): PreparedPt {
  const bands = (slabs: PtParameters['slabs']): Band[] =>
    slabs.map((s) => ({
      upper: s.upTo === null ? Number.POSITIVE_INFINITY : paise(s.upTo),
      a: paise(s.months?.[String(month)] ?? s.amount),
      b: 0,
    }));
  return {
    p,
    month,
    due: p.frequency === 'monthly' || (p.dueMonths ?? []).includes(month),
    times: p.basis === 'monthly' ? 1 : p.basis === 'half-yearly' ? 6 : 12,
    slabs: bands(p.slabs),
    female: p.femaleSlabs ? bands(p.femaleSlabs) : null,
  };
}

/** computePt in paise: the month's gross, or the period's salary when given (half-yearly / annual basis). */
export function ptN(f: PreparedPt, monthlyGross: number, gender: StatutoryGender, periodGross?: number): number {
  if (!f.due) return 0;
  const basis = f.times === 1 ? monthlyGross : (periodGross ?? monthlyGross * f.times);
  if (!Number.isSafeInteger(basis)) {
    const big = computePt(f.p, {
      month: f.month,
      monthlyGross: BigInt(monthlyGross),
      periodGross: periodGross === undefined ? undefined : BigInt(periodGross),
      gender,
    });
    return Number(big);
  }
  const slab = bandOf(gender === 'female' && f.female ? f.female : f.slabs, basis);
  return slab ? slab.a : 0;
}

export interface PreparedLwf {
  due: boolean;
  bands: Band[];
}

export function prepareLwf(p: LwfParameters, month: number): PreparedLwf {
  return {
    due: p.dueMonths.includes(month),
    bands: p.bands.map((b) => ({
      upper: b.upTo === null ? Number.POSITIVE_INFINITY : paise(b.upTo),
      a: paise(b.employee),
      b: paise(b.employer),
    })),
  };
}

/** computeLwf in paise, written into `out`. */
export function lwfInto(f: PreparedLwf | undefined, grossWages: number, out: { lwfEmployee: number; lwfEmployer: number }): void {
  const band = f?.due && grossWages > 0 ? bandOf(f.bands, grossWages) : undefined;
  out.lwfEmployee = band ? band.a : 0;
  out.lwfEmployer = band ? band.b : 0;
}
