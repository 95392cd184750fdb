import { describe, expect, it } from 'vitest';
import { instalmentPlan } from './advances';

describe('instalmentPlan', () => {
  it.each([
    [100000, 3, [33333, 33333, 33334]], // 1000.00 in 3 → 333.33, 333.33, 333.34
    [100000, 1, [100000]],
    [100000, 4, [25000, 25000, 25000, 25000]],
    [1000, 7, [142, 142, 142, 142, 142, 142, 148]],
    [5, 5, [1, 1, 1, 1, 1]],
    [2, 3, [0, 0, 2]],
  ])('%s paise in %s → %j', (amount, count, expected) => {
    const plan = instalmentPlan(amount, count);
    expect(plan).toEqual(expected);
    expect(plan.reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('sums exactly for every count up to 120', () => {
    for (const amount of [1, 99, 100000, 12345678, 999999999]) {
      for (let count = 1; count <= 120; count++) {
        const plan = instalmentPlan(amount, count);
        expect(plan).toHaveLength(count);
        expect(plan.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(new Set(plan.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(plan[count - 1]).toBeGreaterThanOrEqual(plan[0]);
      }
    }
  });

  it.each([
    [0, 3],
    [-100, 3],
    [100.5, 3],
    [Number.NaN, 3],
    [100, 0],
    [100, 121],
    [100, 2.5],
    [100, -1],
  ])('refuses %s in %s instalments', (amount, count) => {
    expect(() => instalmentPlan(amount, count)).toThrow(RangeError);
  });
});
