import { eachDay } from '@hr/calendar';
import { describe, expect, it } from 'vitest';
import {
  describeWeeklyOffs,
  parseWeeklyOffs,
  patternProblem,
  rosterDay,
  type ShiftAssignment,
  weeklyOffCodeValid,
  weeklyOffsOf,
} from './roster';

// June 2026 starts on a Monday: Sundays 7, 14, 21, 28; Saturdays 6, 13 (2nd), 20, 27 (4th and last).
const DEFAULTS = { shiftId: 1, weeklyOffs: weeklyOffsOf([0, 26, 46]) };

const fixed = (id: number, fromDate: string, toDate: string | null, shiftId: number | null): ShiftAssignment => ({
  id,
  fromDate,
  toDate,
  kind: 'fixed',
  pattern: [shiftId],
});

describe('rosterDay', () => {
  it.each([
    // date, shiftId, isWeeklyOff
    ['2026-06-01', 1, false], // Monday
    ['2026-06-06', 1, false], // 1st Saturday
    ['2026-06-07', 1, true], // Sunday
    ['2026-06-13', 1, true], // 2nd Saturday
    ['2026-06-20', 1, false], // 3rd Saturday
    ['2026-06-27', 1, true], // 4th Saturday
  ])('no assignment: the default shift and weekly offs on %s', (date, shiftId, isWeeklyOff) => {
    expect(rosterDay(date, [], DEFAULTS)).toEqual({ shiftId, isWeeklyOff, assignmentId: null });
  });

  it('no assignment and no default shift', () => {
    expect(rosterDay('2026-06-01', [], { shiftId: null, weeklyOffs: [] })).toEqual({
      shiftId: null,
      isWeeklyOff: false,
      assignmentId: null,
    });
  });

  it.each([
    // date, shiftId, isWeeklyOff, assignmentId
    ['2026-05-31', 1, true, null], // before it
    ['2026-06-01', 5, false, 10], // its first day
    ['2026-06-07', 5, true, 10], // the employee's Sunday off stays
    ['2026-06-13', 5, true, 10], // and the 2nd Saturday
    ['2026-06-15', 5, false, 10], // its last day
    ['2026-06-16', 1, false, null], // after it
  ])('a fixed assignment 1–15 June on %s', (date, shiftId, isWeeklyOff, assignmentId) => {
    expect(rosterDay(date, [fixed(10, '2026-06-01', '2026-06-15', 5)], DEFAULTS)).toEqual({ shiftId, isWeeklyOff, assignmentId });
  });

  it.each([
    ['2026-06-01', 5],
    ['2030-12-31', 5],
    ['2026-05-31', 1],
  ])('an open-ended assignment on %s', (date, shiftId) => {
    expect(rosterDay(date, [fixed(3, '2026-06-01', null, 5)], DEFAULTS).shiftId).toBe(shiftId);
  });

  it('a fixed assignment without a shift falls back to the default shift', () => {
    expect(rosterDay('2026-06-02', [fixed(4, '2026-06-01', null, null)], DEFAULTS)).toEqual({
      shiftId: 1,
      isWeeklyOff: false,
      assignmentId: 4,
    });
  });

  it.each([
    // label, assignments, date, shiftId, assignmentId
    ['the latest (highest id) wins', [fixed(1, '2026-06-01', null, 5), fixed(2, '2026-06-10', '2026-06-12', 6)], '2026-06-11', 6, 2],
    ['whatever their order', [fixed(2, '2026-06-10', '2026-06-12', 6), fixed(1, '2026-06-01', null, 5)], '2026-06-11', 6, 2],
    [
      'outside the later one the earlier one holds',
      [fixed(1, '2026-06-01', null, 5), fixed(2, '2026-06-10', '2026-06-12', 6)],
      '2026-06-13',
      5,
      1,
    ],
    ['a later id wins though it starts earlier', [fixed(7, '2026-06-10', null, 5), fixed(9, '2026-01-01', null, 6)], '2026-06-11', 6, 9],
    [
      'an assignment not covering the day does not count',
      [fixed(1, '2026-06-01', null, 5), fixed(2, '2026-07-01', null, 6)],
      '2026-06-11',
      5,
      1,
    ],
  ])('%s', (_label, assignments, date, shiftId, assignmentId) => {
    expect(rosterDay(date, assignments, DEFAULTS)).toMatchObject({ shiftId, assignmentId });
  });

  describe('a weekly pattern', () => {
    // Sunday off, Monday–Friday shift 2, Saturday shift 3.
    const weekly: ShiftAssignment = { id: 20, fromDate: '2026-06-01', toDate: null, kind: 'weekly', pattern: [null, 2, 2, 2, 2, 2, 3] };

    it.each([
      // date, shiftId, isWeeklyOff
      ['2026-06-07', 1, true], // Sunday: the pattern's off, the default shift
      ['2026-06-08', 2, false], // Monday
      ['2026-06-12', 2, false], // Friday
      ['2026-06-13', 3, false], // 2nd Saturday: the pattern's own offs replace the employee's
      ['2026-06-20', 3, false],
    ])('%s', (date, shiftId, isWeeklyOff) => {
      expect(rosterDay(date, [weekly], DEFAULTS)).toEqual({ shiftId, isWeeklyOff, assignmentId: 20 });
    });

    it('its null entries are offs even on a weekday', () => {
      const week = { ...weekly, pattern: [2, 2, null, 2, 2, 2, 2] };
      expect(rosterDay('2026-06-02', [week], DEFAULTS)).toEqual({ shiftId: 1, isWeeklyOff: true, assignmentId: 20 }); // Tuesday
      expect(rosterDay('2026-06-07', [week], DEFAULTS)).toEqual({ shiftId: 2, isWeeklyOff: false, assignmentId: 20 }); // Sunday worked
    });
  });

  describe('a rotation', () => {
    // Two days shift 7, two nights shift 8, two days off, from Wednesday 3 June.
    const rotation: ShiftAssignment = {
      id: 30,
      fromDate: '2026-06-03',
      toDate: '2026-06-30',
      kind: 'rotation',
      pattern: [7, 7, 8, 8, null, null],
    };

    it('runs over N days from its first day, whatever the weekday', () => {
      const days = eachDay('2026-06-01', '2026-06-16').map((d) => {
        const r = rosterDay(d, [rotation], DEFAULTS);
        return r.isWeeklyOff ? 'off' : r.shiftId;
      });
      expect(days).toEqual([1, 1, 7, 7, 8, 8, 'off', 'off', 7, 7, 8, 8, 'off', 'off', 7, 7]);
    });

    it.each([
      // date, shiftId, isWeeklyOff, assignmentId
      ['2026-06-02', 1, false, null], // before it: default
      ['2026-06-07', 1, true, 30], // day 5 of the cycle: off
      ['2026-06-21', 7, false, 30], // a Sunday worked: the rotation's offs replace the employee's
      ['2026-06-30', 8, false, 30], // its last day: day 28 → index 3
      ['2026-07-01', 1, false, null], // after it
    ])('%s', (date, shiftId, isWeeklyOff, assignmentId) => {
      expect(rosterDay(date, [rotation], DEFAULTS)).toEqual({ shiftId, isWeeklyOff, assignmentId });
    });

    it('a later fixed assignment overrides it and brings back the employee weekly offs', () => {
      const later = fixed(31, '2026-06-07', '2026-06-07', 9);
      expect(rosterDay('2026-06-07', [rotation, later], DEFAULTS)).toEqual({ shiftId: 9, isWeeklyOff: true, assignmentId: 31 });
    });
  });
});

describe('patternProblem', () => {
  it.each([
    // kind, pattern, problem
    ['fixed', [1], null],
    ['fixed', [], 'A fixed assignment names exactly one shift'],
    ['fixed', [1, 2], 'A fixed assignment names exactly one shift'],
    ['fixed', [null], 'A fixed assignment names exactly one shift'],
    ['weekly', [null, 1, 1, 1, 1, 1, null], null],
    ['weekly', [1, 1, 1, 1, 1, 1], 'A weekly pattern has 7 entries, Sunday to Saturday'],
    ['weekly', [1, 1, 1, 1, 1, 1, 1, 1], 'A weekly pattern has 7 entries, Sunday to Saturday'],
    ['weekly', [null, null, null, null, null, null, null], 'The pattern has no working day'],
    ['rotation', [1, null], null],
    ['rotation', Array(62).fill(1), null],
    ['rotation', [1], 'A rotation has 2 to 62 days'],
    ['rotation', Array(63).fill(1), 'A rotation has 2 to 62 days'],
    ['rotation', [null, null, null], 'The pattern has no working day'],
  ] as const)('%s %j → %s', (kind, pattern, problem) => {
    expect(patternProblem(kind, pattern)).toBe(problem);
  });
});

describe('weekly-off codes', () => {
  it.each([
    // codes, patterns
    [[], []],
    [[0], [{ weekday: 0 }]],
    [
      [0, 6],
      [{ weekday: 0 }, { weekday: 6 }],
    ],
    [[0, 0], [{ weekday: 0 }]],
    [[26, 46], [{ weekday: 6, weeksOfMonth: [2, 4] }]],
    [
      [0, 26, 46],
      [{ weekday: 0 }, { weekday: 6, weeksOfMonth: [2, 4] }],
    ],
    [[66], [{ weekday: 6, weeksOfMonth: ['last'] }]],
    [
      [10, 35],
      [
        { weekday: 0, weeksOfMonth: [1] },
        { weekday: 5, weeksOfMonth: [3] },
      ],
    ],
    [[16, 36, 56], [{ weekday: 6, weeksOfMonth: [1, 3, 5] }]],
    [[6, 26], [{ weekday: 6 }]], // every Saturday already covers the 2nd
  ])('%j', (codes, patterns) => {
    expect(weeklyOffsOf(codes)).toEqual(patterns);
  });

  it.each([7, 9, 17, 27, 70, 76, 100, -1, 0.5, 2.6, Number.NaN])('refuses %d', (code) => {
    expect(weeklyOffCodeValid(code)).toBe(false);
    expect(() => weeklyOffsOf([0, code])).toThrow(RangeError);
  });

  it.each([0, 3, 6, 10, 16, 26, 46, 56, 60, 66])('accepts %d', (code) => {
    expect(weeklyOffCodeValid(code)).toBe(true);
  });

  it.each([
    // codes, days off in June 2026
    [[0], [7, 14, 21, 28]],
    [
      [26, 46],
      [13, 27],
    ],
    [
      [0, 26, 46],
      [7, 13, 14, 21, 27, 28],
    ],
    [[66], [27]],
    [[56], []], // no 5th Saturday in June 2026
    [
      [1, 66],
      [1, 8, 15, 22, 27, 29],
    ],
  ])('%j in June 2026', (codes, days) => {
    const offs = weeklyOffsOf(codes);
    const got = eachDay('2026-06-01', '2026-06-30')
      .filter((d) => rosterDay(d, [], { shiftId: 1, weeklyOffs: offs }).isWeeklyOff)
      .map((d) => Number(d.slice(8)));
    expect(got).toEqual(days);
  });

  it.each([
    [[], 'None'],
    [[0], 'Sunday'],
    [[0, 6], 'Sunday; Saturday'],
    [[0, 26, 46], 'Sunday; 2nd and 4th Saturday'],
    [[26, 0], 'Sunday; 2nd Saturday'],
    [[16, 36, 56], '1st, 3rd and 5th Saturday'],
    [[66], 'last Saturday'],
    [[0, 66, 15], 'Sunday; last Saturday; 1st Friday'],
    [[6, 26], 'Saturday'],
  ])('describes %j as %j', (codes, words) => {
    expect(describeWeeklyOffs(codes)).toBe(words);
  });

  it('describeWeeklyOffs refuses an unknown code', () => {
    expect(() => describeWeeklyOffs([8])).toThrow(RangeError);
  });
});

describe('parseWeeklyOffs', () => {
  it.each([
    ['', []],
    ['Sun', [0]],
    ['sunday', [0]],
    ['Sun, Sat', [0, 6]],
    ['Sun Sat', [0, 6]],
    ['Sun/Sat', [0, 6]],
    ['Sat; Sun', [0, 6]],
    ['Sundays', [0]],
    ['Sun, 2nd Sat, 4th Sat', [0, 26, 46]],
    ['Sun, 2nd Sat, 4th Sat, last Fri', [0, 26, 46, 65]],
    ['Sunday, 2nd and 4th Saturday', [0, 26, 46]],
    ['2nd & 4th Sat', [26, 46]],
    ['1st, 3rd and 5th Sat', [16, 36, 56]],
    ['Sun, 2nd, 4th Sat', [0, 26, 46]],
    ['first saturday, LAST friday', [16, 65]],
    ['every Sunday', [0]],
    ['  Sun ,  , 2nd  Sat ', [0, 26]],
    ['Sat, 2nd Sat', [6]],
    ['2nd Sat, 2nd Sat', [26]],
    ['Thu.', [4]],
  ])('reads %j as %j', (text, codes) => {
    expect(parseWeeklyOffs(text)).toEqual(codes);
  });

  it.each([['Funday'], ['Sun, Holiday'], ['6th Sat'], ['2nd'], ['Sun, next Sat'], ['Sun, 2nd']])('refuses %j with a sentence', (text) => {
    const out = parseWeeklyOffs(text);
    expect(typeof out).toBe('string');
  });

  it('round-trips with describeWeeklyOffs', () => {
    for (const codes of [[0], [0, 26, 46], [16, 36, 56], [0, 65, 66]]) {
      expect(parseWeeklyOffs(describeWeeklyOffs(codes).replace(/;/g, ','))).toEqual([...codes].sort((a, b) => a - b));
    }
  });
});
