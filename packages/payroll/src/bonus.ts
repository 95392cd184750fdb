// Statutory bonus under the Payment of Bonus Act, 1965.
// - Eligible when the highest monthly wage (basic + DA) is at most the eligibility ceiling (₹21,000) and the
//   employee worked at least `minDaysWorked` (30) days in the accounting year.
// - Bonus = rate % of the sum, over the months worked (days worked > 0), of min(wages, calculation ceiling),
//   where the calculation ceiling is the higher of ₹7,000 and the minimum wage; rounded to paise half away
//   from zero. Pro rata is inherent: only months worked count.
// - The rate must lie within [minRatePercent, maxRatePercent] (8.33 to 20), else RangeError.

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
}

export interface BonusMonth {
  /** Basic + DA earned that month. */
  wagesPaise: number;
  daysWorked: number;
}

export interface BonusResult {
  eligible: boolean;
  /** 'Salary above ₹21,000 a month' | 'Worked fewer than 30 days in the year'; null when eligible. */
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
  if (highest > rules.eligibilityCeilingPaise) reason = `Salary above ${rupees(rules.eligibilityCeilingPaise)} a month`;
  else if (days < rules.minDaysWorked) reason = `Worked fewer than ${rules.minDaysWorked} days in the year`;
  if (reason) return { eligible: false, reason, bonusPaise: 0, basisPaise, monthsWorked };

  // basis × rate / 100, exactly: basis × (rate × 10⁴) / 10⁶, half away from zero.
  const n = BigInt(basisPaise) * BigInt(Math.round(ratePercent * RATE_SCALE));
  const d = BigInt(100 * RATE_SCALE);
  let q = n / d;
  if (2n * (n % d) >= d) q += 1n;
  return { eligible: true, reason: null, bonusPaise: Number(q), basisPaise, monthsWorked };
}
