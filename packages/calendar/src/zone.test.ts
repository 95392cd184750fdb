import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, datePartsInZone, formatDateDMY, isoDateIn, todayIn, zonedInstant, zoneOffsetMinutes } from './zone';

describe("today in the organisation's time zone", () => {
  it.each([
    ['2026-01-31T18:29:59.999Z', 'Asia/Kolkata', '2026-01-31'],
    ['2026-01-31T18:30:00Z', 'Asia/Kolkata', '2026-02-01'], // 00:00 IST
    ['2026-03-31T18:30:00Z', 'Asia/Kolkata', '2026-04-01'], // a new financial year in India, still 31 March in UTC
    ['2026-12-31T18:30:00Z', 'Asia/Kolkata', '2027-01-01'],
    ['2024-02-28T18:30:00Z', 'Asia/Kolkata', '2024-02-29'],
    ['2026-01-31T20:00:00Z', 'UTC', '2026-01-31'],
    ['2026-01-01T03:00:00Z', 'America/New_York', '2025-12-31'],
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08'], // the morning clocks go forward
    ['2026-01-01T10:15:00Z', 'Asia/Kathmandu', '2026-01-01'],
    ['2025-12-31T18:15:00Z', 'Asia/Kathmandu', '2026-01-01'], // UTC+5:45
  ] as const)('%s in %s is %s', (instant, zone, expected) => {
    expect(isoDateIn(zone, new Date(instant))).toBe(expected);
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });

  it('defaults to Asia/Kolkata and the clock', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(todayIn(undefined, new Date('2026-06-30T18:30:00Z'))).toBe('2026-07-01');
    const before = isoDateIn(DEFAULT_TIME_ZONE, new Date());
    const today = todayIn();
    const after = isoDateIn(DEFAULT_TIME_ZONE, new Date());
    expect([before, after]).toContain(today);
  });

  it('refuses an unknown time zone and an invalid instant', () => {
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => isoDateIn('UTC', new Date('nope'))).toThrow(/Invalid date/);
  });

  it('gives the parts as numbers', () => {
    expect(datePartsInZone(new Date('2026-01-31T18:30:00Z'))).toEqual({ year: 2026, month: 2, day: 1 });
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

describe('zonedInstant', () => {
  it.each([
    ['2026-11-02', 540, 'Asia/Kolkata', '2026-11-02T03:30:00.000Z'],
    ['2026-11-02', 0, 'Asia/Kolkata', '2026-11-01T18:30:00.000Z'],
    ['2026-11-02', 1500, 'Asia/Kolkata', '2026-11-02T19:30:00.000Z'],
    ['2026-07-01', 540, 'Europe/London', '2026-07-01T08:00:00.000Z'],
    ['2026-01-01', 540, 'Europe/London', '2026-01-01T09:00:00.000Z'],
    ['2026-01-01', 0, 'UTC', '2026-01-01T00:00:00.000Z'],
  ])('%s + %i min in %s is %s', (date, minutes, zone, iso) => {
    expect(zonedInstant(date, minutes, zone).toISOString()).toBe(iso);
  });

  it('knows the offset', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', new Date('2026-11-02T00:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-01-02T00:00:00Z'))).toBe(-300);
  });
});
