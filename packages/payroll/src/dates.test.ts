import { describe, expect, it } from 'vitest';
import { formatDateDMY, MONTH_NAMES, monthName } from './dates';

describe('month names', () => {
  it('lists January to December', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
  });
  it.each([0, 13, 1.5, Number.NaN])('refuses %s', (m) => {
    expect(() => monthName(m)).toThrow(/1 to 12/);
  });
});

describe('DD/MM/YYYY in the organisation time zone', () => {
  it.each([
    ['2026-01-31T20:00:00Z', 'Asia/Kolkata', '01/02/2026'],
    ['2026-01-31T18:29:59Z', 'Asia/Kolkata', '31/01/2026'],
    ['2026-01-31T18:30:00Z', 'Asia/Kolkata', '01/02/2026'],
    ['2026-01-31T20:00:00Z', 'UTC', '31/01/2026'],
    ['2025-12-31T23:00:00Z', 'America/New_York', '31/12/2025'],
    ['2026-03-05T00:00:00Z', undefined, '05/03/2026'],
  ] as const)('%s in %s → %s', (iso, zone, expected) => {
    expect(formatDateDMY(new Date(iso), zone)).toBe(expected);
  });
  it('refuses an invalid date', () => {
    expect(() => formatDateDMY(new Date('nope'))).toThrow(/Invalid date/);
  });
});
