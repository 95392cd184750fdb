import type { Paise } from './money';
import { absPaise, toPaise } from './money';

/**
 * Net pay rounds to the nearest 10 rupees (spec section 5): the last digit of the whole rupees
 * decides — 5 or more rounds up to the next ten, otherwise down. Paise never carry a figure over:
 * they are dropped together with the last digit, so 12,344.99 → 12,340 (the last rupee digit is 4),
 * 12,345.00 → 12,350, 12,345.01 → 12,350, 12,340.00 → 12,340 and 12,340.50 → 12,340.
 * A negative amount is rounded by its magnitude and keeps its sign.
 */
export function roundToNearestTen(value: Paise): Paise {
  const { paisePerRupee, stepRupees, upFromRupees } = NET_PAY_ROUNDING;
  const rupees = absPaise(value) / paisePerRupee;
  const rounded = ((rupees + (stepRupees - upFromRupees)) / stepRupees) * stepRupees * paisePerRupee;
  return value < 0n ? -rounded : rounded;
}

/**
 * The figures of the rule above (whole rupees, steps of 10, a last digit of 5 or more rounds up), for the one SQL
 * expression the server builds from them (the amount paid of a slip: apps/server/src/modules/payroll/net-paid.ts).
 * In integer division: rounded = ((|paise| / paisePerRupee + stepRupees − upFromRupees) / stepRupees) × stepRupees ×
 * paisePerRupee, with the sign of the amount.
 */
export const NET_PAY_ROUNDING = { paisePerRupee: 100n, stepRupees: 10n, upFromRupees: 5n } as const;

export type RoundOffSide = 'earnings' | 'deductions';

export interface NetPayRounding {
  /** The net pay before rounding, in paise. */
  netPay: Paise;
  /** The net pay rounded to the nearest 10 rupees, in paise. */
  rounded: Paise;
  /** rounded − netPay. */
  difference: Paise;
  /** Where the 'Round Off' row goes: a positive difference on the earnings side, a negative one on the deductions side; null when nothing changed. */
  side: RoundOffSide | null;
  /** The Round Off row's amount (absolute value of the difference). */
  roundOffAmount: Paise;
}

function describe(netPay: Paise): NetPayRounding {
  const rounded = roundToNearestTen(netPay);
  const difference = rounded - netPay;
  return {
    netPay,
    rounded,
    difference,
    side: difference > 0n ? 'earnings' : difference < 0n ? 'deductions' : null,
    roundOffAmount: absPaise(difference),
  };
}

const ZERO_ROUNDING: NetPayRounding = { netPay: 0n, rounded: 0n, difference: 0n, side: null, roundOffAmount: 0n };

/**
 * Rounds a net-pay amount as it arrives (number, decimal string or paise). Per the error catalogue a
 * round-off computation that fails (missing, NaN, not a number) yields 0: every figure is 0 and no
 * Round Off row is added.
 */
export function roundNetPay(amount: unknown): NetPayRounding {
  try {
    if (typeof amount === 'bigint') return describe(amount);
    if (typeof amount !== 'number' && typeof amount !== 'string') return ZERO_ROUNDING;
    return describe(toPaise(amount));
  } catch {
    return ZERO_ROUNDING;
  }
}
