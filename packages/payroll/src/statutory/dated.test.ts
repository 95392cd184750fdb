import { describe, expect, it } from 'vitest';
import { basisPoints, divide, inForce, percentOf, slabFor } from './dated';

describe('inForce', () => {
  const rows = [
    { effectiveFrom: '2024-04-01', v: 1 },
    { effectiveFrom: '2025-04-01', v: 2 },
    { effectiveFrom: '2023-04-01', v: 0 },
  ];
  it.each([
    ['2023-03-31', undefined],
    ['2023-04-01', 0],
    ['2025-03-31', 1],
    ['2025-04-01', 2],
    ['2030-01-01', 2],
  ])('on %s picks %s', (on, v) => {
    expect(inForce(rows, on)?.v).toBe(v);
  });
  it('refuses a malformed date', () => {
    expect(() => inForce(rows, '2025-4-1')).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it.each([
    [7n, 2n, 'nearest', 4n],
    [5n, 2n, 'down', 2n],
    [1n, 3n, 'up', 1n],
    [6n, 3n, 'up', 2n],
    [-7n, 2n, 'nearest', -4n],
  ] as const)('%s / %s %s = %s', (n, d, mode, q) => {
    expect(divide(n, d, mode)).toBe(q);
  });
  it('reads percentages exactly', () => {
    expect(basisPoints(8.33)).toBe(833n);
    expect(basisPoints(0.75)).toBe(75n);
    expect(() => basisPoints(8.333)).toThrow(RangeError);
    expect(() => basisPoints(-1)).toThrow(RangeError);
  });
  it('rounds a percentage of paise to the rupee or the paise', () => {
    // 8.33 % of ₹15,000 = ₹1,249.50 → ₹1,250 (half up), ₹1,249 down, exactly 124950 paise.
    expect(percentOf(1_500_000n, 8.33, 'nearest', 'rupee')).toBe(125_000n);
    expect(percentOf(1_500_000n, 8.33, 'down', 'rupee')).toBe(124_900n);
    expect(percentOf(1_500_000n, 8.33, 'nearest', 'paise')).toBe(124_950n);
  });
  it('finds the slab holding an amount', () => {
    const slabs = [{ upTo: 100 }, { upTo: 200 }, { upTo: null }];
    expect(slabFor(slabs, 10_000n)).toBe(slabs[0]);
    expect(slabFor(slabs, 10_001n)).toBe(slabs[1]);
    expect(slabFor(slabs, 99_999_999n)).toBe(slabs[2]);
  });
});
