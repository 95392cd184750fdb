import { describe, expect, it } from 'vitest';
import { toDecimalString } from './money';
import { roundNetPay, roundToNearestTen } from './rounding';

describe('net pay rounding to the nearest 10', () => {
  it.each([
    // amount, rounded, difference, side, Round Off amount
    ['12344.99', '12340.00', '-4.99', 'deductions', '4.99'],
    ['12345.00', '12350.00', '5.00', 'earnings', '5.00'],
    ['12345.01', '12350.00', '4.99', 'earnings', '4.99'],
    ['12340.00', '12340.00', '0.00', null, '0.00'],
    ['12340.50', '12340.00', '-0.50', 'deductions', '0.50'],
    ['12349.99', '12350.00', '0.01', 'earnings', '0.01'],
    ['12341', '12340.00', '-1.00', 'deductions', '1.00'],
    ['0', '0.00', '0.00', null, '0.00'],
    ['4.99', '0.00', '-4.99', 'deductions', '4.99'],
    ['5', '10.00', '5.00', 'earnings', '5.00'],
    ['99995', '100000.00', '5.00', 'earnings', '5.00'],
    ['-12345', '-12350.00', '-5.00', 'deductions', '5.00'],
  ] as const)('%s → %s (difference %s on %s)', (amount, rounded, difference, side, roundOff) => {
    const r = roundNetPay(amount);
    expect(toDecimalString(r.rounded)).toBe(rounded);
    expect(toDecimalString(r.difference)).toBe(difference);
    expect(r.side).toBe(side);
    expect(toDecimalString(r.roundOffAmount)).toBe(roundOff);
    expect(r.rounded - r.netPay).toBe(r.difference);
  });

  it('takes numbers as they arrive in the records', () => {
    expect(toDecimalString(roundNetPay(12344.99).rounded)).toBe('12340.00');
    expect(toDecimalString(roundNetPay(12345).rounded)).toBe('12350.00');
    expect(roundToNearestTen(1234500n)).toBe(1235000n);
  });

  it.each([undefined, null, Number.NaN, Number.POSITIVE_INFINITY, 'twelve', {}, []])('a failing computation (%s) yields 0', (input) => {
    const r = roundNetPay(input);
    expect(r).toEqual({ netPay: 0n, rounded: 0n, difference: 0n, side: null, roundOffAmount: 0n });
  });
});
