import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInYearMonth,
  isYearMonth,
  MONTH_NAMES,
  monthLabel,
  monthName,
  monthOf,
  monthRange,
  nextMonth,
  parseYearMonth,
  previousMonth,
  yearMonth,
} from './months';

describe('month names', () => {
  it('lists January to December', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
  });
  it.each([0, 13, 1.5, Number.NaN])('refuses %s', (m) => {
    expect(() => monthName(m)).toThrow(/1 to 12/);
  });
  it('labels a month', () => {
    expect(monthLabel('2026-04')).toBe('April 2026');
  });
});

describe("months 'YYYY-MM'", () => {
  it.each([
    ['2026-04', 2026, 4],
    ['0001-01', 1, 1],
    ['9999-12', 9999, 12],
  ])('reads %s', (text, year, month) => {
    expect(parseYearMonth(text)).toEqual({ year, month });
    expect(isYearMonth(text)).toBe(true);
    expect(yearMonth(year, month)).toBe(text);
  });

  it.each(['2026-13', '2026-00', '2026-4', '2026-04-01', '0000-05', 'April 2026', ''])('refuses %j', (text) => {
    expect(() => parseYearMonth(text)).toThrow(RangeError);
    expect(isYearMonth(text)).toBe(false);
  });

  it.each([
    ['2026-01', 1, '2026-02'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-03', 12, '2027-03'],
    ['2026-03', -15, '2024-12'],
    ['2026-05', 0, '2026-05'],
  ])('%s + %i months = %s', (from, n, to) => {
    expect(addMonths(from, n)).toBe(to);
  });

  it('next and previous month across the year end', () => {
    expect(nextMonth('2025-12')).toBe('2026-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(() => nextMonth('9999-12')).toThrow(RangeError);
  });

  it.each([
    ['2026-02', '2026-02-01', '2026-02-28', '2026-03-01', 28],
    ['2024-02', '2024-02-01', '2024-02-29', '2024-03-01', 29],
    ['2000-02', '2000-02-01', '2000-02-29', '2000-03-01', 29],
    ['2100-02', '2100-02-01', '2100-02-28', '2100-03-01', 28],
    ['2026-04', '2026-04-01', '2026-04-30', '2026-05-01', 30],
    ['2026-12', '2026-12-01', '2026-12-31', '2027-01-01', 31],
  ])('%s runs %s to %s, next %s (%i days)', (month, startDate, endDate, nextStartDate, days) => {
    expect(monthRange(month)).toEqual({ month, startDate, endDate, nextStartDate });
    expect(daysInYearMonth(month)).toBe(days);
  });

  it('the month containing a date', () => {
    expect(monthOf('2024-02-29')).toEqual({
      month: '2024-02',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      nextStartDate: '2024-03-01',
    });
    expect(monthOf('2026-12-31').nextStartDate).toBe('2027-01-01');
    expect(() => monthOf('2026-02-30')).toThrow(RangeError);
  });
});
