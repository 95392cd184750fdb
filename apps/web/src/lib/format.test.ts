import type { TAccountDetails } from '@hr/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  formatRupeesShort,
  formatTime,
  orgTimeZone,
  todayIso,
} from './format';
import { currentMonth } from './months';
import { sessionStore } from './session';

describe('en-IN rupee formatting', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [100000, '1,00,000.00'],
    [1234567.5, '12,34,567.50'],
    ['123456789.12', '12,34,56,789.12'],
    ['1000.005', '1,000.01'],
    ['1000.004', '1,000.00'],
    ['99999.995', '1,00,000.00'],
    ['-2500', '-2,500.00'],
    ['-0.001', '0.00'],
    ['0012.3', '12.30'],
    ['1,20,000', '1,20,000.00'],
    ['.5', '0.50'],
    // a number is read by its decimal text, as the payroll documents read it: 1.005 is not rounded down as a float
    [1.005, '1.01'],
  ])('formatAmount(%j) = %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('adds the rupee sign', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(formatRupees('-42')).toBe('-₹42.00');
  });

  it('is empty for missing or invalid input', () => {
    for (const v of [null, undefined, '', 'abc', '1.2.3', Number.NaN]) {
      expect(formatAmount(v as any)).toBe('');
      expect(formatRupees(v as any)).toBe('');
    }
  });

  it('counts with Indian grouping', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
  });

  it.each([
    [0, '₹0'],
    [950, '₹950'],
    [85_000, '₹85 K'],
    [1_00_000, '₹1 L'],
    [45_00_000, '₹45 L'],
    [19_87_654, '₹19.88 L'],
    [1_25_00_000, '₹1.25 Cr'],
    [-2_50_000, '−₹2.5 L'],
  ])('axis rupees in lakhs and crores: %s → %s', (v, out) => {
    expect(formatRupeesShort(v)).toBe(out);
  });
});

describe('dates in Asia/Kolkata', () => {
  it('DD/MM/YYYY from instants, shifted to IST', () => {
    expect(formatDate('2026-03-31T18:29:59Z')).toBe('31/03/2026');
    expect(formatDate('2026-03-31T18:30:00Z')).toBe('01/04/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 10)))).toBe('05/01/2026');
  });

  it('plain calendar dates stay on their day', () => {
    expect(formatDate('2026-04-01')).toBe('01/04/2026');
    expect(formatDate('2025-12-31')).toBe('31/12/2025');
  });

  it('date and time, 24 h', () => {
    expect(formatDateTime('2026-11-22T09:15:00Z')).toBe('22/11/2026 14:45');
  });

  it('empty and invalid give empty text', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('today is the Indian calendar day', () => {
    expect(todayIso('Asia/Kolkata', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(todayIso('Asia/Kolkata', new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-22');
  });
});

describe("the organisation's zone from the session (auth me)", () => {
  const signedIn = (timeZone: string) =>
    sessionStore.set((s) => ({
      ...s,
      acc_dtls: { organisation: { name: 'Org', address: '', city: '', logo: null, timeZone } } as TAccountDetails,
    }));
  afterEach(() => sessionStore.set((s) => ({ ...s, acc_dtls: null })));

  it('is Asia/Kolkata until the server has said it', () => {
    expect(orgTimeZone()).toBe('Asia/Kolkata');
    expect(todayIso(undefined, new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });

  it("makes today New York's around midnight UTC", () => {
    signedIn('America/New_York');
    expect(orgTimeZone()).toBe('America/New_York');
    // 23:59 UTC on the 22nd is 18:59 in New York (EST, UTC−5) and 05:29 on the 23rd in Kolkata.
    expect(todayIso(undefined, new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-22');
    // 03:00 UTC on the 23rd is still 22:00 on the 22nd in New York; 04:59 is 23:59; 05:00 is the 23rd.
    expect(todayIso(undefined, new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(todayIso(undefined, new Date('2026-11-23T04:59:00Z'))).toBe('2026-11-22');
    expect(todayIso(undefined, new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
    // Summer time (EDT, UTC−4): the day begins at 04:00 UTC.
    expect(todayIso(undefined, new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(todayIso(undefined, new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
    // A zone named by the caller still wins.
    expect(todayIso('Asia/Kolkata', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });

  it('shows dates, times and the current month in that zone', () => {
    signedIn('America/New_York');
    expect(formatDateTime('2026-11-23T03:00:00Z')).toBe('22/11/2026 22:00');
    expect(formatDate('2026-11-23T03:00:00Z')).toBe('22/11/2026');
    expect(formatTime('2026-11-23T03:00:00Z')).toBe('22:00');
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toBe(11);
  });
});
