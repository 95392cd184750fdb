import { describe, expect, it } from 'vitest';
import {
  atWork,
  clockOf,
  type DayInput,
  type DayRequests,
  type DayResult,
  evaluateDay,
  GENERAL_SHIFT,
  minutesOf,
  type ShiftRule,
  shiftRuleOf,
  splitPunches,
  summarize,
} from './rules';

// 09:00–18:00, 10 min grace, 5 min early grace, 4 h half day, 8 h full day, 30 min break, overtime after 30 min.
const DAY: ShiftRule = {
  startMin: 540,
  endMin: 1080,
  graceMin: 10,
  earlyGraceMin: 5,
  halfDayMin: 240,
  fullDayMin: 480,
  breakMin: 30,
  otAfterMin: 30,
};

// 22:00–06:00 from the shift master: 15 min grace, 4.5 h half day, 7.5 h full day, 30 min break, overtime after 60 min.
const NIGHT = shiftRuleOf({
  startTime: '22:00',
  endTime: '06:00',
  graceMinutes: 15,
  halfDayMinHours: '4.5',
  fullDayMinHours: 7.5,
  breakMinutes: 30,
  overtimeAfterMinutes: 60,
});

const day = (punches: number[], more: Partial<DayInput> = {}): DayResult =>
  evaluateDay({ shift: DAY, punches, isHoliday: false, isWeeklyOff: false, ...more });

describe('minutesOf and clockOf', () => {
  it.each([
    ['00:00', 0],
    ['09:00', 540],
    ['9:05', 545],
    ['18:00:00', 1080],
    ['23:59:59', 1439],
  ])('%s → %i', (time, minutes) => {
    expect(minutesOf(time)).toBe(minutes);
  });

  it.each(['24:00', '12:60', '9:5', '0900', '', 'noon', '-1:00', '12:00:00:00'])('refuses %j', (time) => {
    expect(() => minutesOf(time)).toThrow(RangeError);
  });

  it.each([
    [0, '00:00'],
    [545, '09:05'],
    [1439, '23:59'],
    [1440, '00:00'],
    [1805, '06:05'], // a night shift's morning punch
    [-30, '23:30'],
    [545.4, '09:05'],
  ])('%d → %s', (minutes, clock) => {
    expect(clockOf(minutes)).toBe(clock);
  });
});

describe('shiftRuleOf', () => {
  it('reads a day shift', () => {
    expect(
      shiftRuleOf({
        startTime: '09:00:00',
        endTime: '18:00:00',
        graceMinutes: 10,
        earlyGraceMinutes: 5,
        halfDayMinHours: '4.00',
        fullDayMinHours: '8.00',
        breakMinutes: 30,
        overtimeAfterMinutes: 30,
      }),
    ).toEqual(DAY);
  });

  it('carries a night shift’s end past midnight', () => {
    expect(NIGHT).toEqual({
      startMin: 1320,
      endMin: 1800,
      graceMin: 15,
      earlyGraceMin: 0,
      halfDayMin: 270,
      fullDayMin: 450,
      breakMin: 30,
      otAfterMin: 60,
    });
  });

  it.each([
    // start, end, startMin, endMin
    ['09:00', '18:00', 540, 1080],
    ['22:00', '06:00', 1320, 1800],
    ['14:00', '00:00', 840, 1440], // ends at midnight
    ['00:00', '08:00', 0, 480],
    ['08:00', '08:00', 480, 1920], // a 24-hour shift
  ])('%s–%s → %i–%i', (startTime, endTime, startMin, endMin) => {
    const rule = shiftRuleOf({ startTime, endTime, graceMinutes: 0, halfDayMinHours: 4, fullDayMinHours: 8, breakMinutes: 0 });
    expect([rule.startMin, rule.endMin]).toEqual([startMin, endMin]);
    expect(rule.endMin).toBeGreaterThan(rule.startMin);
  });

  it.each([
    // half-day hours, full-day hours, early grace, overtime after → halfDayMin, fullDayMin, earlyGraceMin, otAfterMin
    ['4.25', '7.75', null, null, 255, 465, 0, null],
    [4.5, 9, undefined, undefined, 270, 540, 0, null],
    ['3.99', '8', 15, 0, 239, 480, 15, 0],
  ] as const)('hours %s / %s', (halfDayMinHours, fullDayMinHours, earlyGraceMinutes, overtimeAfterMinutes, half, full, early, ot) => {
    const rule = shiftRuleOf({
      startTime: '09:00',
      endTime: '18:00',
      graceMinutes: 0,
      earlyGraceMinutes,
      halfDayMinHours,
      fullDayMinHours,
      breakMinutes: 0,
      overtimeAfterMinutes,
    });
    expect([rule.halfDayMin, rule.fullDayMin, rule.earlyGraceMin, rule.otAfterMin]).toEqual([half, full, early, ot]);
  });

  it('refuses a time it cannot read', () => {
    expect(() =>
      shiftRuleOf({ startTime: '9am', endTime: '18:00', graceMinutes: 0, halfDayMinHours: 4, fullDayMinHours: 8, breakMinutes: 0 }),
    ).toThrow(RangeError);
  });
});

describe('evaluateDay: punches on a working day', () => {
  it.each([
    // label, punches, status, workedMin, lateMin, earlyMin, otMin, present, lwop, payable
    ['on time, full shift', [540, 1080], 'P', 510, 0, 0, 0, 1, 0, 1],
    ['in at the end of the grace is not late', [550, 1080], 'P', 500, 0, 0, 0, 1, 0, 1],
    ['one minute past the grace is late from the shift start', [551, 1080], 'P', 499, 11, 0, 0, 1, 0, 1],
    ['before the shift start is not late', [500, 1080], 'P', 550, 0, 0, 0, 1, 0, 1],
    ['out at end − early grace is not early', [540, 1075], 'P', 505, 0, 0, 0, 1, 0, 1],
    ['one minute before end − early grace is early from the shift end', [540, 1074], 'P', 504, 0, 6, 0, 1, 0, 1],
    ['late and early on the same day', [600, 1020], 'HD', 390, 60, 60, 0, 0.5, 0.5, 0.5],
    ['out exactly otAfterMin past the end: no overtime', [540, 1110], 'P', 540, 0, 0, 0, 1, 0, 1],
    ['one minute more: overtime from the shift end', [540, 1111], 'P', 541, 0, 0, 31, 1, 0, 1],
    ['full day exactly (8 h after the break)', [540, 1050], 'P', 480, 0, 30, 0, 1, 0, 1],
    ['one minute short of a full day is a half day', [540, 1049], 'HD', 479, 0, 31, 0, 0.5, 0.5, 0.5],
    ['half day exactly (4 h after the break)', [540, 810], 'HD', 240, 0, 270, 0, 0.5, 0.5, 0.5],
    ['one minute short of a half day is absent', [540, 809], 'A', 239, 0, 0, 0, 0, 1, 0],
    ['punches in any order; middle punches ignored', [1080, 780, 810, 540], 'P', 510, 0, 0, 0, 1, 0, 1],
    ['no punches', [], 'A', 0, 0, 0, 0, 0, 1, 0],
  ])('%s', (_label, punches, status, workedMin, lateMin, earlyMin, otMin, present, lwop, payable) => {
    const r = day(punches);
    expect(r).toMatchObject({ status, workedMin, lateMin, earlyMin, otMin, present, lwop, payable, leave: 0, workedOff: false });
  });

  it('deducts the break from the time between first in and last out', () => {
    expect(day([540, 1080]).workedMin).toBe(510);
    expect(day([540, 1080], { shift: { ...DAY, breakMin: 0 } }).workedMin).toBe(540);
    expect(day([540, 1080], { shift: { ...DAY, breakMin: 60 } }).workedMin).toBe(480);
  });

  it('a single punch: absent and flagged for regularisation', () => {
    expect(day([545])).toEqual({
      status: 'A',
      firstIn: 545,
      lastOut: null,
      workedMin: 0,
      lateMin: 0,
      earlyMin: 0,
      otMin: 0,
      present: 0,
      leave: 0,
      lwop: 1,
      payable: 0,
      missedPunch: true,
      workedOff: false,
    });
  });

  it('no punches: absent, nothing to regularise', () => {
    expect(day([])).toMatchObject({ status: 'A', firstIn: null, lastOut: null, missedPunch: false, lwop: 1, payable: 0 });
  });

  it('first in and last out', () => {
    expect(day([1080, 540, 700])).toMatchObject({ firstIn: 540, lastOut: 1080, missedPunch: false });
  });

  it('no overtime at all when the shift has none', () => {
    const r = day([540, 1439], { shift: { ...DAY, otAfterMin: null } });
    expect(r).toMatchObject({ status: 'P', otMin: 0 });
  });

  it('overtime from the end when otAfterMin is 0', () => {
    expect(day([540, 1080], { shift: { ...DAY, otAfterMin: 0 } }).otMin).toBe(0);
    expect(day([540, 1081], { shift: { ...DAY, otAfterMin: 0 } }).otMin).toBe(1);
  });

  it.each([
    // punches, status, lateMin, earlyMin
    [[540, 1080], 'P', 0, 0],
    [[541, 1080], 'P', 1, 0], // no grace on the general shift
    [[540, 1079], 'P', 0, 1], // nor early grace
    [[540, 1020], 'P', 0, 60], // 8 h is a full day
    [[540, 1019], 'HD', 0, 61],
  ])('no shift known: the general shift 09:00–18:00 (%j)', (punches, status, lateMin, earlyMin) => {
    expect(evaluateDay({ shift: null, punches, isHoliday: false, isWeeklyOff: false })).toMatchObject({
      status,
      lateMin,
      earlyMin,
      otMin: 0,
    });
  });

  it('GENERAL_SHIFT', () => {
    expect(GENERAL_SHIFT).toMatchObject({ startMin: 540, endMin: 1080, halfDayMin: 240, fullDayMin: 480, otAfterMin: null });
  });
});

describe('evaluateDay: a night shift crossing midnight', () => {
  const night = (punches: number[], more: Partial<DayInput> = {}) =>
    evaluateDay({ shift: NIGHT, punches, isHoliday: false, isWeeklyOff: false, ...more });

  it.each([
    // label, punches, status, workedMin, lateMin, earlyMin, otMin
    ['22:00 to 06:00', [1320, 1800], 'P', 450, 0, 0, 0],
    ['in at 22:15 (grace), out 06:15', [1335, 1815], 'P', 450, 0, 0, 0],
    ['in at 22:16, out 05:50', [1336, 1790], 'HD', 424, 16, 10, 0],
    ['out at 07:00: no overtime yet', [1320, 1860], 'P', 510, 0, 0, 0],
    ['out at 07:01: overtime', [1320, 1861], 'P', 511, 0, 0, 61],
    ['in 21:55, out 03:00: half day', [1315, 1620], 'HD', 275, 0, 180, 0],
    ['a single evening punch', [1318], 'A', 0, 0, 0, 0],
  ])('%s', (_label, punches, status, workedMin, lateMin, earlyMin, otMin) => {
    expect(night(punches)).toMatchObject({ status, workedMin, lateMin, earlyMin, otMin });
  });

  it('the morning punches come from splitPunches as minutes above 1440', () => {
    const [friday] = splitPunches([NIGHT, NIGHT], [1318, 1802]);
    expect(night(friday)).toMatchObject({ status: 'P', firstIn: 1318, lastOut: 1802, workedMin: 454 });
  });
});

describe('evaluateDay: holidays and weekly offs', () => {
  it.each([
    // label, isHoliday, isWeeklyOff, punches, requests, status, workedOff, otMin
    ['holiday', true, false, [], undefined, 'H', false, 0],
    ['weekly off', false, true, [], undefined, 'WO', false, 0],
    ['a holiday on a weekly off is the holiday', true, true, [], undefined, 'H', false, 0],
    ['worked a half day on a holiday', true, false, [540, 810], undefined, 'H', true, 240],
    ['worked a full day on a weekly off', false, true, [540, 1080], undefined, 'WO', true, 510],
    ['less than a half day on a weekly off is not work', false, true, [540, 809], undefined, 'WO', false, 0],
    ['a single punch on a holiday', true, false, [540], undefined, 'H', false, 0],
    ['leave over a holiday: the holiday wins', true, false, [], { leave: { portion: 1, paid: true } }, 'H', false, 0],
    ['unpaid leave over a weekly off: still paid', false, true, [], { leave: { portion: 1, paid: false } }, 'WO', false, 0],
    ['half leave over a weekly off', false, true, [], { leave: { portion: 0.5, paid: true } }, 'WO', false, 0],
    ['work from home on a holiday', true, false, [], { wfh: 1 }, 'H', false, 0],
  ] as [string, boolean, boolean, number[], DayRequests | undefined, string, boolean, number][])(
    '%s',
    (_label, isHoliday, isWeeklyOff, punches, requests, status, workedOff, otMin) => {
      const r = evaluateDay({ shift: DAY, punches, isHoliday, isWeeklyOff, requests });
      expect(r).toMatchObject({ status, workedOff, otMin, payable: 1, present: 0, leave: 0, lwop: 0, lateMin: 0, earlyMin: 0 });
    },
  );

  it('work on a holiday counts in full as overtime even when the shift has none', () => {
    expect(day([600, 900], { isHoliday: true, shift: { ...DAY, otAfterMin: null } })).toMatchObject({ workedOff: true, otMin: 270 });
  });
});

describe('evaluateDay: leave, work from home and on duty', () => {
  const PAID_FULL: DayRequests = { leave: { portion: 1, paid: true, code: 'CL' } };
  const UNPAID_FULL: DayRequests = { leave: { portion: 1, paid: false, code: 'LWP' } };
  const PAID_HALF: DayRequests = { leave: { portion: 0.5, paid: true, code: 'CL' } };
  const UNPAID_HALF: DayRequests = { leave: { portion: 0.5, paid: false } };

  it.each([
    // label, punches, requests, status, present, leave, lwop, payable
    ['full paid leave', [], PAID_FULL, 'L', 0, 1, 0, 1],
    ['full paid leave, punched anyway', [540, 1080], PAID_FULL, 'L', 0, 1, 0, 1],
    ['full unpaid leave', [], UNPAID_FULL, 'L', 0, 1, 1, 0],
    ['leave paid unless said otherwise', [], { leave: { portion: 1 } } as DayRequests, 'L', 0, 1, 0, 1],
    ['half paid leave + half day worked', [540, 810], PAID_HALF, 'HL', 0.5, 0.5, 0, 1],
    ['half paid leave + full day worked: still half on leave', [540, 1080], PAID_HALF, 'HL', 0.5, 0.5, 0, 1],
    ['half paid leave, nothing worked: the other half absent', [], PAID_HALF, 'L', 0, 0.5, 0.5, 0.5],
    ['half paid leave, less than a half day worked', [540, 700], PAID_HALF, 'L', 0, 0.5, 0.5, 0.5],
    ['half unpaid leave + half day worked', [540, 810], UNPAID_HALF, 'HL', 0.5, 0.5, 0.5, 0.5],
    ['half unpaid leave, nothing worked', [], UNPAID_HALF, 'L', 0, 0.5, 1, 0],
    ['half work from home + half day worked', [540, 810], { wfh: 0.5 }, 'P', 1, 0, 0, 1],
    ['half work from home + full day worked', [540, 1080], { wfh: 0.5 }, 'P', 1, 0, 0, 1],
    ['half work from home, nothing worked', [], { wfh: 0.5 }, 'HD', 0.5, 0, 0.5, 0.5],
    ['half work from home + half paid leave', [], { wfh: 0.5, ...PAID_HALF }, 'HL', 0.5, 0.5, 0, 1],
    ['half on duty + half day worked', [540, 810], { onDuty: 0.5 }, 'P', 1, 0, 0, 1],
    ['full work from home', [], { wfh: 1 }, 'WFH', 1, 0, 0, 1],
    ['full work from home with stray punches', [600], { wfh: 1 }, 'WFH', 1, 0, 0, 1],
    ['full on duty', [], { onDuty: 1 }, 'OD', 1, 0, 0, 1],
    ['full on duty and work from home: on duty', [], { onDuty: 1, wfh: 1 }, 'OD', 1, 0, 0, 1],
    ['half on duty + full work from home: work from home', [], { onDuty: 0.5, wfh: 1 }, 'WFH', 1, 0, 0, 1],
    ['no requests', [540, 1080], {}, 'P', 1, 0, 0, 1],
  ] as [string, number[], DayRequests, string, number, number, number, number][])(
    '%s',
    (_label, punches, requests, status, present, leave, lwop, payable) => {
      const r = day(punches, { requests });
      expect(r).toMatchObject({ status, present, leave, lwop, payable });
      expect(r.present + r.leave + r.lwop - (r.leave && requests.leave?.paid === false ? r.leave : 0)).toBe(1);
    },
  );

  it.each([
    // label, punches, requests
    ['morning on leave, in at 13:30', [810, 1080], { leave: { portion: 0.5, paid: true } }],
    ['afternoon on leave, out at 13:30', [540, 810], { leave: { portion: 0.5, paid: true } }],
    ['morning at home, in at 13:30', [810, 1080], { wfh: 0.5 }],
    ['afternoon on duty, out at 13:30', [540, 810], { onDuty: 0.5 }],
  ] as [string, number[], DayRequests][])('%s: the half away is neither late nor early', (_label, punches, requests) => {
    expect(day(punches, { requests })).toMatchObject({ lateMin: 0, earlyMin: 0 });
  });

  it('a half day worked without leave is still late or early', () => {
    expect(day([810, 1080])).toMatchObject({ status: 'HD', lateMin: 270, earlyMin: 0 });
    expect(day([540, 810])).toMatchObject({ status: 'HD', lateMin: 0, earlyMin: 270 });
  });
});

describe('summarize', () => {
  it('an empty period', () => {
    expect(summarize([])).toEqual({
      days: 0,
      presentDays: 0,
      payableDays: 0,
      lwopDays: 0,
      leaveDays: 0,
      absentDays: 0,
      holidays: 0,
      weeklyOffs: 0,
      lateCount: 0,
      earlyCount: 0,
      otMinutes: 0,
      otHours: 0,
    });
  });

  const inputs: DayInput[] = [
    { shift: DAY, punches: [540, 1080], isHoliday: false, isWeeklyOff: false }, // P
    { shift: DAY, punches: [560, 1111], isHoliday: false, isWeeklyOff: false }, // P, late 20, ot 31
    { shift: DAY, punches: [540, 1049], isHoliday: false, isWeeklyOff: false }, // HD, early 31
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false }, // A
    { shift: DAY, punches: [545], isHoliday: false, isWeeklyOff: false }, // A, missed punch
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false, requests: { leave: { portion: 1, paid: true } } }, // L paid
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false, requests: { leave: { portion: 1, paid: false } } }, // L unpaid
    { shift: DAY, punches: [540, 810], isHoliday: false, isWeeklyOff: false, requests: { leave: { portion: 0.5, paid: true } } }, // HL
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false, requests: { leave: { portion: 0.5, paid: true } } }, // L half, half absent
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false, requests: { wfh: 1 } }, // WFH
    { shift: DAY, punches: [], isHoliday: false, isWeeklyOff: false, requests: { onDuty: 1 } }, // OD
    { shift: DAY, punches: [], isHoliday: true, isWeeklyOff: false }, // H
    { shift: DAY, punches: [600, 700], isHoliday: false, isWeeklyOff: true }, // WO, not worked
    { shift: DAY, punches: [540, 900], isHoliday: false, isWeeklyOff: true }, // WO, worked 330
  ];
  const days = inputs.map(evaluateDay);

  it('statuses of the sample period', () => {
    expect(days.map((d) => d.status)).toEqual(['P', 'P', 'HD', 'A', 'A', 'L', 'L', 'HL', 'L', 'WFH', 'OD', 'H', 'WO', 'WO']);
  });

  it('totals', () => {
    expect(summarize(days)).toEqual({
      days: 14,
      presentDays: 1 + 1 + 0.5 + 0.5 + 1 + 1, // P, P, HD, HL, WFH, OD
      payableDays: 1 + 1 + 0.5 + 1 + 1 + 0.5 + 1 + 1 + 1 + 1 + 1, // the absences and the unpaid leave cost 3.5
      lwopDays: 0.5 + 1 + 1 + 1 + 0.5,
      leaveDays: 1 + 1 + 0.5 + 0.5,
      absentDays: 0.5 + 1 + 1 + 0.5, // HD, A, A, and the half not on leave
      holidays: 1,
      weeklyOffs: 2,
      lateCount: 1,
      earlyCount: 1,
      otMinutes: 31 + 330,
      otHours: 6.02,
    });
  });

  it('payable = present + paid leave + holidays + weekly offs; payable + lwop = days', () => {
    const s = summarize(days);
    const paidLeave = inputs.reduce((t, d, i) => t + (d.requests?.leave?.paid === false ? 0 : days[i].leave), 0);
    expect(s.payableDays).toBe(s.presentDays + paidLeave + s.holidays + s.weeklyOffs);
    expect(s.payableDays + s.lwopDays).toBe(s.days);
  });

  it.each([
    // overtime minutes of the days → otHours
    [[60], 1],
    [[61], 1.02],
    [[100], 1.67],
    [[20, 20], 0.67],
    [[45, 45, 45], 2.25],
    [[1], 0.02],
    [[0], 0],
  ])('overtime %j min → %d h', (ot, hours) => {
    const base = day([540, 1080]);
    const s = summarize(ot.map((otMin) => ({ ...base, otMin })));
    expect(s.otMinutes).toBe(ot.reduce((a, b) => a + b, 0));
    expect(s.otHours).toBe(hours);
  });
});

describe('splitPunches', () => {
  const D = { startMin: 540, endMin: 1080 }; // 09:00–18:00
  const N = { startMin: 1320, endMin: 1800 }; // 22:00–06:00

  it.each([
    // label, shifts, punches, days
    ['day shift: one day', [D], [540, 1080], [[540, 1080]]],
    ['any order, sorted out', [D], [1080, 540, 700], [[540, 700, 1080]]],
    ['the window opens 6 h before the start (03:00)', [D], [179, 180], [[180]]],
    ['and closes 18 h after it (03:00 next day)', [D], [1619, 1620], [[1619]]],
    ['day shifts: 02:59 stays with yesterday, 03:00 is today', [D, D], [1619, 1620], [[1619], [180]]],
    [
      'day shifts over three days',
      [D, D, D],
      [530, 1090, 1975, 2530, 3420, 3970],
      [
        [530, 1090],
        [535, 1090],
        [540, 1090],
      ],
    ],
    [
      'night shifts: morning punches belong to the evening before',
      [N, N],
      [1315, 1805, 2755, 3245],
      [
        [1315, 1805],
        [1315, 1805],
      ],
    ],
    ['night shift window: 16:00 to 16:00 next day', [N, N], [959, 960, 2399, 2400], [[960, 2399], [960]]],
    [
      'a day shift then a night shift: 03:00 to 16:00 belongs to neither',
      [D, N],
      [540, 1080, 1619, 1620, 2399, 2400],
      [[540, 1080, 1619], [960]],
    ],
    [
      'night then day: out 06:05 is the night’s, in 08:55 the day’s',
      [N, D],
      [1315, 1805, 1975, 2525],
      [
        [1315, 1805],
        [535, 1085],
      ],
    ],
    ['night then day: overtime to 07:25 stays with the night', [N, D], [1315, 1885], [[1315, 1885], []]],
    ['night then day: 07:30, halfway through the rest, is a tie: the earlier day', [N, D], [1890], [[1890], []]],
    ['night then day: 07:31 is the day shift’s', [N, D], [1891], [[], [451]]],
    ['night then day: 03:00, where the day’s window opens, is inside the night shift', [N, D], [1619, 1620], [[1619, 1620], []]],
    ['night then day: 15:59 is inside the day shift, 16:00 only in its window', [N, D], [2399, 2400], [[], [959, 960]]],
    ['no days', [], [540], []],
    ['no punches', [D, N], [], [[], []]],
  ])('%s', (_label, shifts, punches, days) => {
    expect(splitPunches(shifts, punches)).toEqual(days);
  });

  it('a night shift before a weekly off read on the general shift', () => {
    // Saturday night 22:00–06:00, Sunday off on the general shift: Sunday 06:10 is Saturday's out.
    const [saturday, sunday] = splitPunches([NIGHT, GENERAL_SHIFT], [1318, 1810]);
    expect(saturday).toEqual([1318, 1810]);
    expect(sunday).toEqual([]);
    expect(evaluateDay({ shift: NIGHT, punches: saturday, isHoliday: false, isWeeklyOff: false })).toMatchObject({
      status: 'P',
      missedPunch: false,
    });
    expect(evaluateDay({ shift: GENERAL_SHIFT, punches: sunday, isHoliday: false, isWeeklyOff: true })).toMatchObject({
      status: 'WO',
      missedPunch: false,
    });
  });
});

describe('atWork', () => {
  const now = Date.parse('2026-11-28T01:00:00Z');
  const h = (hoursAgo: number) => now - hoursAgo * 3_600_000;
  it.each([
    ['no punch', [], false],
    ['an in 7 hours ago (a night shift that began yesterday evening)', [{ at: h(7), direction: 'in' }], true],
    [
      'an in, then an out',
      [
        { at: h(10), direction: 'in' },
        { at: h(0.5), direction: 'out' },
      ],
      false,
    ],
    [
      'the out listed before the in it follows',
      [
        { at: h(0.5), direction: 'out' },
        { at: h(10), direction: 'in' },
      ],
      false,
    ],
    ['an in 20 hours ago (a missed out)', [{ at: h(20), direction: 'in' }], false],
    ['one punch without a direction', [{ at: h(2), direction: null }], true],
    [
      'two punches without a direction',
      [
        { at: h(3), direction: null },
        { at: h(1), direction: null },
      ],
      false,
    ],
    ['an in stamped after now', [{ at: now + 60_000, direction: 'in' }], false],
  ] as const)('%s → %s', (_, punches, expected) => {
    expect(atWork(punches, now)).toBe(expected);
  });
});
