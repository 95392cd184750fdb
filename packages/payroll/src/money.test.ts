import { describe, expect, it } from 'vitest';
import { formatINR, parseINR, sumPaise, toDecimalString, toPaise, toRupees } from './money';

describe('toPaise', () => {
  it.each([
    [0, 0n],
    [1, 100n],
    [12.34, 1234n],
    [0.1 + 0.2, 30n],
    [1234567.89, 123456789n],
    [-5.5, -550n],
    [2.675, 268n], // decimal text '2.675' rounds half up, unlike 2.675.toFixed(2)
    [1.005, 101n],
    [0.004, 0n],
    [1e21, 100000000000000000000000n],
    [1e-7, 0n],
    ['12,345.675', 1234568n],
    ['  99.999 ', 10000n],
    ['-0.005', -1n],
    ['.5', 50n],
    [7n, 700n],
  ] as const)('%s → %s paise', (input, expected) => {
    expect(toPaise(input)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', '1.2.3', '-'])('refuses %s', (input) => {
    expect(() => toPaise(input)).toThrow(RangeError);
  });

  it('sums without floating-point drift', () => {
    const amounts = Array.from({ length: 1000 }, () => toPaise(0.1));
    expect(sumPaise(amounts)).toBe(10000n);
    expect(toDecimalString(sumPaise(amounts))).toBe('100.00');
  });
});

describe('formatINR', () => {
  it.each([
    [0n, '0.00', '₹0.00'],
    [5n, '0.05', '₹0.05'],
    [100000n, '1,000.00', '₹1,000.00'],
    [10000000n, '1,00,000.00', '₹1,00,000.00'],
    [123456789n, '12,34,567.89', '₹12,34,567.89'],
    [99999999900n, '99,99,99,999.00', '₹99,99,99,999.00'],
    [12345678901200n, '1,23,45,67,89,012.00', '₹1,23,45,67,89,012.00'],
    [-1200n, '-12.00', '-₹12.00'],
  ] as const)('%s paise → %s / %s', (value, plain, withSymbol) => {
    expect(formatINR(value)).toBe(plain);
    expect(formatINR(value, { symbol: true })).toBe(withSymbol);
  });

  it('whole rupees without decimals round half up', () => {
    expect(formatINR(123456750n, { decimals: false })).toBe('12,34,568');
    expect(formatINR(123456749n, { decimals: false, symbol: true })).toBe('₹12,34,567');
  });

  it.each([
    ['₹12,34,567.89', 123456789n],
    ['1,000', 100000n],
    ['-₹12.50', -1250n],
    ['Rs. 1,500.00', 150000n],
    ['INR 20', 2000n],
  ] as const)('parses %s', (text, expected) => {
    expect(parseINR(text)).toBe(expected);
  });
});

describe('toRupees', () => {
  it('turns whole paise of any form into the rupees JSON carries', () => {
    expect(toRupees(3_639_000n)).toBe(36_390);
    expect(toRupees(123_456)).toBe(1234.56);
    expect(toRupees('-5')).toBe(-0.05);
    expect(toRupees(null)).toBe(0);
    expect(toRupees(undefined)).toBe(0);
  });
});
