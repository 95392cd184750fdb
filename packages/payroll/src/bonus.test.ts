import { describe, expect, it } from 'vitest';
import { type BonusMonth, type BonusRules, statutoryBonus } from './bonus';

const RULES: BonusRules = {
  eligibilityCeilingPaise: 2100000,
  calculationCeilingPaise: 700000,
  minimumWagePaise: 0,
  minDaysWorked: 30,
  minRatePercent: 8.33,
  maxRatePercent: 20,
};

const year = (wagesPaise: number, daysWorked = 30, count = 12): BonusMonth[] =>
  Array.from({ length: count }, () => ({ wagesPaise, daysWorked }));

describe('statutoryBonus', () => {
  it.each([
    // label, months, rate, rules, eligible, reason, bonus, basis, months worked
    ['exactly ₹21,000 is eligible', year(2100000), 8.33, RULES, true, null, 699720, 8400000, 12],
    ['₹21,000.01 is not', year(2100001), 8.33, RULES, false, 'Wages above ₹21,000 a month', 0, 8400000, 12],
    [
      'one month above the ceiling is enough',
      [...year(1500000, 30, 11), { wagesPaise: 2200000, daysWorked: 30 }],
      8.33,
      RULES,
      false,
      'Wages above ₹21,000 a month',
      0,
      8400000,
      12,
    ],
    ['wages below the ₹7,000 ceiling count in full', year(600000), 8.33, RULES, true, null, 599760, 7200000, 12],
    [
      'a minimum wage above ₹7,000 raises the ceiling',
      year(1500000),
      8.33,
      { ...RULES, minimumWagePaise: 1000000 },
      true,
      null,
      999600,
      12000000,
      12,
    ],
    [
      'a minimum wage below ₹7,000 does not lower it',
      year(1500000),
      8.33,
      { ...RULES, minimumWagePaise: 500000 },
      true,
      null,
      699720,
      8400000,
      12,
    ],
    ['rate 20%', year(1500000), 20, RULES, true, null, 1680000, 8400000, 12],
    [
      '29 days in the year is not eligible',
      [{ wagesPaise: 1500000, daysWorked: 29 }],
      8.33,
      RULES,
      false,
      'Worked fewer than 30 days in the year',
      0,
      700000,
      1,
    ],
    ['30 days is eligible', [{ wagesPaise: 1500000, daysWorked: 30 }], 8.33, RULES, true, null, 58310, 700000, 1],
    ['pro rata: only months worked count', [...year(1500000, 26, 4), ...year(0, 0, 8)], 8.33, RULES, true, null, 233240, 2800000, 4],
    [
      'a part month counts its earned wages',
      [
        { wagesPaise: 350000, daysWorked: 15 },
        { wagesPaise: 700000, daysWorked: 30 },
      ],
      8.33,
      RULES,
      true,
      null,
      87465,
      1050000,
      2,
    ],
    ['rounds half away from zero', [{ wagesPaise: 150, daysWorked: 30 }], 10, RULES, true, null, 15, 150, 1],
    ['rounds 12.495 paise down', [{ wagesPaise: 150, daysWorked: 30 }], 8.33, RULES, true, null, 12, 150, 1],
    ['no months', [], 8.33, RULES, false, 'Worked fewer than 30 days in the year', 0, 0, 0],
  ] as const)('%s', (_, months, rate, rules, eligible, reason, bonusPaise, basisPaise, monthsWorked) => {
    expect(statutoryBonus([...months], rate, rules)).toEqual({ eligible, reason, bonusPaise, basisPaise, monthsWorked });
  });

  it('rounds a half paisa up', () => {
    // 6 paise × 8.33% = 0.4998; 30 paise × 8.35% = 2.505 → 3; 18 paise × 12.5% = 2.25 → 2; 20 × 12.5% = 2.5 → 3
    expect(statutoryBonus([{ wagesPaise: 30, daysWorked: 30 }], 8.35, RULES).bonusPaise).toBe(3);
    expect(statutoryBonus([{ wagesPaise: 18, daysWorked: 30 }], 12.5, RULES).bonusPaise).toBe(2);
    expect(statutoryBonus([{ wagesPaise: 20, daysWorked: 30 }], 12.5, RULES).bonusPaise).toBe(3);
  });

  it.each([8.32, 20.01, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the rate %s', (rate) => {
    expect(() => statutoryBonus(year(1500000), rate, RULES)).toThrow(RangeError);
  });

  it('names the ceiling of the rules in the reason', () => {
    expect(statutoryBonus(year(2600000), 8.33, { ...RULES, eligibilityCeilingPaise: 2500050 }).reason).toBe(
      'Wages above ₹25,000.50 a month',
    );
    expect(statutoryBonus([{ wagesPaise: 100, daysWorked: 10 }], 8.33, { ...RULES, minDaysWorked: 11 }).reason).toBe(
      'Worked fewer than 11 days in the year',
    );
  });

  it('pays at least ₹100 a year (Code on Wages s.26(1)), reduced for the months worked (s.27)', () => {
    const rules = { ...RULES, minimumBonusPaise: 10000 };
    // ₹90 a month for a year: 8.33 % of ₹1,080 is ₹89.96, below the minimum of ₹100.
    expect(statutoryBonus(year(9000), 8.33, rules).bonusPaise).toBe(10000);
    // Six months worked: ₹50.
    expect(statutoryBonus(year(9000, 30, 6), 8.33, rules).bonusPaise).toBe(5000);
    // Above the minimum it changes nothing.
    expect(statutoryBonus(year(1500000), 8.33, rules).bonusPaise).toBe(699720);
  });
});
