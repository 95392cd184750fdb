import { describe, expect, it } from 'vitest';
import {
  ago,
  clockOf,
  dateOf,
  formatDays,
  hoursToHm,
  isDayStatus,
  isStale,
  minutesOrBlank,
  minutesToHm,
  monthBounds,
  monthWeeks,
  patternLength,
  punchesOfDay,
  resizePattern,
  shiftMonth,
} from './format';

describe('minutes and hours', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [60, '1:00'],
    [75, '1:15'],
    [600, '10:00'],
    [-30, '-0:30'],
  ])('%i minutes → %s', (m, text) => expect(minutesToHm(m)).toBe(text));
  it('leaves empty input empty', () => {
    expect(minutesToHm(null)).toBe('');
    expect(minutesOrBlank(0)).toBe('');
    expect(minutesOrBlank(90)).toBe('1:30');
  });
  it('prints decimal hours as h:mm', () => {
    expect(hoursToHm(1.5)).toBe('1:30');
    expect(hoursToHm(0.25)).toBe('0:15');
  });
  it('prints day counts without trailing zeros', () => {
    expect(formatDays(21.5)).toBe('21.5');
    expect(formatDays(22)).toBe('22');
    expect(formatDays(1 / 3)).toBe('0.33');
  });
});

describe('month calendar layout', () => {
  it('starts on Sunday with blanks before the first day', () => {
    // 1 November 2026 is a Sunday; 1 April 2026 a Wednesday.
    const nov = monthWeeks(2026, 11);
    expect(nov[0][0]).toEqual({ date: '2026-11-01', day: 1 });
    const apr = monthWeeks(2026, 4);
    expect(apr[0].slice(0, 3)).toEqual([null, null, null]);
    expect(apr[0][3]).toEqual({ date: '2026-04-01', day: 1 });
  });
  it('has whole weeks holding every day once', () => {
    for (const [y, m] of [
      [2026, 2],
      [2024, 2],
      [2026, 8],
      [2027, 1],
    ]) {
      const weeks = monthWeeks(y, m);
      expect(weeks.every((w) => w.length === 7)).toBe(true);
      expect(weeks.length).toBeGreaterThanOrEqual(4);
      expect(weeks.length).toBeLessThanOrEqual(6);
      const days = weeks.flat().filter((c) => c !== null);
      expect(days.map((c) => c?.day)).toEqual(Array.from({ length: days.length }, (_, i) => i + 1));
      expect(days.at(-1)?.date).toBe(monthBounds(y, m).to);
    }
  });
  it('February 2026 fits four rows exactly (starts on a Sunday)', () => {
    expect(monthWeeks(2026, 2)).toHaveLength(4);
  });
  it('moves between months across years', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 5, -13)).toEqual({ year: 2025, month: 4 });
  });
  it('gives a month’s first and last day', () => {
    expect(monthBounds(2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe('punches and devices', () => {
  it('splits a local time', () => {
    expect(clockOf('2026-11-03 09:41')).toBe('09:41');
    expect(dateOf('2026-11-03 09:41')).toBe('2026-11-03');
  });
  it('gives a day its punches, with a night shift’s next-morning out', () => {
    const at = (localTime: string) => ({ localTime });
    const punches = [
      at('2026-11-03 22:01'),
      at('2026-11-03 09:00'),
      at('2026-11-04 06:02'),
      at('2026-11-04 09:30'),
      at('2026-11-02 21:00'),
    ];
    expect(punchesOfDay(punches, '2026-11-03').map((p) => p.localTime)).toEqual(['2026-11-03 09:00', '2026-11-03 22:01']);
    expect(punchesOfDay(punches, '2026-11-03', { firstIn: '22:01', lastOut: '06:02' }).map((p) => p.localTime)).toEqual([
      '2026-11-03 09:00',
      '2026-11-03 22:01',
      '2026-11-04 06:02',
    ]);
  });
  it('calls a device stale after 15 minutes or when never seen', () => {
    const now = new Date('2026-11-03T10:00:00Z');
    expect(isStale('2026-11-03T09:50:00Z', now)).toBe(false);
    expect(isStale('2026-11-03T09:44:00Z', now)).toBe(true);
    expect(isStale(null, now)).toBe(true);
    expect(ago('2026-11-03T09:50:00Z', now)).toBe('10 min ago');
    expect(ago('2026-11-03T07:00:00Z', now)).toBe('3 h ago');
  });
  it('knows the day status codes', () => {
    expect(isDayStatus('WFH')).toBe(true);
    expect(isDayStatus('-')).toBe(false);
    expect(isDayStatus('')).toBe(false);
  });
});

describe('patterns and errors', () => {
  it('sizes patterns by kind', () => {
    expect(patternLength('fixed', 9)).toBe(1);
    expect(patternLength('weekly', 9)).toBe(7);
    expect(patternLength('rotation', 9)).toBe(9);
    expect(patternLength('rotation', 0)).toBe(1);
    expect(patternLength('rotation', 100)).toBe(62);
  });
  it('resizes a pattern keeping its start', () => {
    expect(resizePattern([1, 2, null], 5, null)).toEqual([1, 2, null, null, null]);
    expect(resizePattern([1, 2, 3], 2, null)).toEqual([1, 2]);
  });
});
