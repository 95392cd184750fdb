// Statutory bonus under the Code on Wages, 2019, Part IV (in force from 21 Nov 2025, S.O. 5322(E); it repealed the
// Payment of Bonus Act, 1965 by s.69), the same arithmetic for the years before under that Act:
// - Eligible (s.26(1)) when the employee draws wages not above the amount the appropriate Government notifies
//   (the eligibility ceiling, ₹21,000 a month) and worked at least `minDaysWorked` (30) days in the accounting year;
//   wages are the Code's (s.2(y): basic + DA + retaining allowance, plus the excluded allowances above half of all
//   remuneration), which the caller takes from the months' slips.
// - Bonus = rate % of the sum, over the months worked (days worked > 0), of min(wages, calculation ceiling), where the
//   calculation ceiling is the higher of the notified amount (₹7,000) and the minimum wage (s.26(2)); rounded to paise
//   half away from zero. Pro rata for the months worked is inherent (s.27).
// - The minimum bonus is 8.33 % or ₹100, whichever is higher (s.26(1)): `minimumBonusPaise`, reduced in proportion to
//   the months worked of twelve (s.27).
// - The rate must lie within [minRatePercent, maxRatePercent] (8.33 to 20: s.26(1) and 26(3)), else RangeError.

import { formatINR } from './money';

export interface BonusRules {
  /** 2100000 (₹21,000 a month). */
  eligibilityCeilingPaise: number;
  /** 700000 (₹7,000 a month). */
  calculationCeilingPaise: number;
  /** 0 if none; the calculation ceiling is max(calculationCeiling, minimumWage). */
  minimumWagePaise: number;
  /** 30. */
  minDaysWorked: number;
  /** 8.33. */
  minRatePercent: number;
  /** 20. */
  maxRatePercent: number;
  /** The minimum bonus for a whole year (s.26(1): ₹100, 10000); 0 or absent: none. */
  minimumBonusPaise?: number;
}

export interface BonusMonth {
  /** Basic + DA earned that month. */
  wagesPaise: number;
  daysWorked: number;
}

export interface BonusResult {
  eligible: boolean;
  /** 'Wages above ₹21,000 a month' | 'Worked fewer than 30 days in the year'; null when eligible. */
  reason: string | null;
  /** 0 when not eligible. */
  bonusPaise: number;
  /** Sum over the months worked of min(wages, calculation ceiling). */
  basisPaise: number;
  monthsWorked: number;
}

const RATE_SCALE = 10_000; // rates are taken to 4 decimals (8.33 → 83300)

function rupees(paise: number): string {
  return formatINR(BigInt(paise), { symbol: true, decimals: paise % 100 !== 0 });
}

export function statutoryBonus(months: BonusMonth[], ratePercent: number, rules: BonusRules): BonusResult {
  if (!Number.isFinite(ratePercent) || ratePercent < rules.minRatePercent || ratePercent > rules.maxRatePercent) {
    throw new RangeError(`The bonus rate must be from ${rules.minRatePercent}% to ${rules.maxRatePercent}%, got ${ratePercent}%`);
  }
  const ceiling = Math.max(rules.calculationCeilingPaise, rules.minimumWagePaise);
  let highest = 0;
  let days = 0;
  let basisPaise = 0;
  let monthsWorked = 0;
  for (const m of months) {
    if (m.wagesPaise > highest) highest = m.wagesPaise;
    days += m.daysWorked;
    if (m.daysWorked > 0) {
      monthsWorked++;
      basisPaise += Math.min(m.wagesPaise, ceiling);
    }
  }
  let reason: string | null = null;
  if (highest > rules.eligibilityCeilingPaise) reason = `Wages above ${rupees(rules.eligibilityCeilingPaise)} a month`;
  else if (days < rules.minDaysWorked) reason = `Worked fewer than ${rules.minDaysWorked} days in the year`;
  if (reason) return { eligible: false, reason, bonusPaise: 0, basisPaise, monthsWorked };

  // basis × rate / 100, exactly: basis × (rate × 10⁴) / 10⁶, half away from zero.
  const n = BigInt(basisPaise) * BigInt(Math.round(ratePercent * RATE_SCALE));
  const d = BigInt(100 * RATE_SCALE);
  let q = n / d;
  if (2n * (n % d) >= d) q += 1n;
  // The minimum of s.26(1) (₹100), reduced for a part of the year worked (s.27): × months worked ÷ 12, half up.
  const minimum = rules.minimumBonusPaise ? Math.floor((rules.minimumBonusPaise * Math.min(monthsWorked, 12) * 2 + 12) / 24) : 0;
  return { eligible: true, reason: null, bonusPaise: Math.max(Number(q), minimum), basisPaise, monthsWorked };
}
