import { describe, expect, it } from 'vitest';
import { currentMonth, MONTHS, monthName, yearOptions } from './months';

describe('month picker options', () => {
  it('ids 1 to 12 with English full names', () => {
    expect(MONTHS.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(MONTHS.map((m) => m.name)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(monthName(4)).toBe('April');
    // The calendar package's monthName: a month outside 1–12 is a mistake, not a blank.
    expect(() => monthName(13)).toThrow(RangeError);
  });

  it('current month in India', () => {
    expect(currentMonth(new Date('2026-03-31T19:00:00Z'))).toBe(4);
  });
});

describe('year picker options', () => {
  it('current year and the previous one', () => {
    expect(yearOptions(new Date('2026-06-15T00:00:00Z'))).toEqual([2026, 2025]);
  });

  it('the year turns over in India first', () => {
    expect(yearOptions(new Date('2026-12-31T19:00:00Z'))).toEqual([2027, 2026]);
  });
});
