import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, diffDays, eachDay, formatIsoDMY, isIsoDate, isLeapYear, isoDate, parseIsoDate, weekday } from './dates';

describe('ISO dates', () => {
  it.each([
    ['2026-04-01', { year: 2026, month: 4, day: 1 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['0001-01-01', { year: 1, month: 1, day: 1 }],
    ['9999-12-31', { year: 9999, month: 12, day: 31 }],
  ])('reads %s', (iso, parts) => {
    expect(parseIsoDate(iso)).toEqual(parts);
    expect(isIsoDate(iso)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '0000-01-01',
    '2026-1-5',
    '26-01-05',
    '2026-01-05T00:00',
    '',
  ])('refuses %j', (text) => {
    expect(() => parseIsoDate(text)).toThrow(RangeError);
    expect(isIsoDate(text)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isIsoDate(20260401)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('builds a date from numbers and refuses a day the month lacks', () => {
    expect(isoDate(2026, 4, 1)).toBe('2026-04-01');
    expect(isoDate(45, 1, 2)).toBe('0045-01-02');
    expect(() => isoDate(2025, 2, 29)).toThrow(RangeError);
  });

  it.each([
    [2024, true],
    [2025, false],
    [2000, true],
    [1900, false],
    [2100, false],
  ])('leap year %i → %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 2)).toBe(leap ? 29 : 28);
  });

  it.each([
    [1, 31],
    [3, 31],
    [4, 30],
    [6, 30],
    [7, 31],
    [8, 31],
    [9, 30],
    [11, 30],
    [12, 31],
  ])('month %i has %i days', (month, days) => {
    expect(daysInMonth(2026, month)).toBe(days);
  });

  it('refuses month 0 and 13', () => {
    expect(() => daysInMonth(2026, 0)).toThrow(/1 to 12/);
    expect(() => daysInMonth(2026, 13)).toThrow(/1 to 12/);
  });
});

describe('date arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-04-01', 365, '2027-04-01'],
    ['2027-04-01', 366, '2028-04-01'],
    ['2026-03-29', 1, '2026-03-30'], // a daylight-saving night in Europe changes nothing
    ['0100-03-01', -1, '0100-02-28'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('%s + %i days = %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
    expect(diffDays(from, to)).toBe(days);
    expect(diffDays(to, from)).toBe(0 - days);
  });

  it('refuses a fraction of a day and a date past 9999', () => {
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(/out of range/);
  });

  it('lists each day, both ends included', () => {
    expect(eachDay('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(eachDay('2026-05-10', '2026-05-10')).toEqual(['2026-05-10']);
    expect(eachDay('2026-05-10', '2026-05-09')).toEqual([]);
    expect(eachDay('2026-04-01', '2027-03-31')).toHaveLength(365);
    expect(eachDay('2027-04-01', '2028-03-31')).toHaveLength(366);
  });

  it.each([
    ['1970-01-01', 4],
    ['2026-04-01', 3], // Wednesday
    ['2026-08-15', 6], // Saturday
    ['2024-02-29', 4], // Thursday
    ['2000-01-01', 6], // Saturday
    ['1947-08-15', 5], // Friday
    ['0001-01-01', 1], // Monday (proleptic Gregorian)
  ])('%s is weekday %i', (iso, day) => {
    expect(weekday(iso)).toBe(day);
  });

  it('prints DD/MM/YYYY', () => {
    expect(formatIsoDMY('2026-02-01')).toBe('01/02/2026');
    expect(() => formatIsoDMY('01/02/2026')).toThrow(RangeError);
  });
});
