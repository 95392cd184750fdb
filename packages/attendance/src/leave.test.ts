import { weekday } from '@hr/calendar';
import { describe, expect, it } from 'vitest';
import {
  capCredit,
  creditStart,
  creditsDue,
  leaveDates,
  longestRun,
  notApplicable,
  policyForUnit,
  splitLeave,
  summarizeLedger,
  totalDays,
  yearEnd,
} from './leave';

// June 2026: Mon 1 … Sun 7, Mon 8 … Sun 14. Sundays off; 10 June a holiday.
const off = (d: string) => weekday(d) === 0 || d === '2026-06-10';

describe('leaveDates', () => {
  const cases: [string, Parameters<typeof leaveDates>[0], number, string[]][] = [
    ['one working day', { from: '2026-06-02', to: '2026-06-02', isOff: off }, 1, ['2026-06-02']],
    ['a half day', { from: '2026-06-02', to: '2026-06-02', halfDayStart: true, isOff: off }, 0.5, ['2026-06-02']],
    ['a week over a Sunday', { from: '2026-06-05', to: '2026-06-08', isOff: off }, 3, ['2026-06-05', '2026-06-06', '2026-06-08']],
    [
      'sandwich counts the Sunday between',
      { from: '2026-06-05', to: '2026-06-08', isOff: off, sandwich: true },
      4,
      ['2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08'],
    ],
    ['sandwich leaves an off day at the edge', { from: '2026-06-06', to: '2026-06-07', isOff: off, sandwich: true }, 1, ['2026-06-06']],
    ['a holiday left out', { from: '2026-06-09', to: '2026-06-11', isOff: off }, 2, ['2026-06-09', '2026-06-11']],
    [
      'half days at both ends',
      { from: '2026-06-08', to: '2026-06-09', halfDayStart: true, halfDayEnd: true, isOff: off },
      1,
      ['2026-06-08', '2026-06-09'],
    ],
    ['only off days', { from: '2026-06-07', to: '2026-06-07', isOff: off }, 0, []],
    ['to before from', { from: '2026-06-09', to: '2026-06-08', isOff: off }, 0, []],
  ];
  it.each(cases)('%s', (_name, input, days, dates) => {
    const out = leaveDates(input);
    expect(totalDays(out)).toBe(days);
    expect(out.map((d) => d.day)).toEqual(dates);
  });

  it('longest run counts consecutive calendar days', () => {
    expect(longestRun(leaveDates({ from: '2026-06-05', to: '2026-06-09', isOff: off }))).toBe(2);
    expect(longestRun(leaveDates({ from: '2026-06-05', to: '2026-06-09', isOff: off, sandwich: true }))).toBe(5);
  });
});

describe('creditsDue', () => {
  const sum = (c: { days: number }[]) => c.reduce((s, x) => s + x.days, 0);
  const cases: [string, Parameters<typeof creditsDue>, number, number][] = [
    ['yearly, whole year', [{ accrual: 'yearly', yearlyQuota: 12 }, 2026, { joined: '2020-01-01' }, '2026-04-01'], 12, 1],
    ['yearly, before the year starts', [{ accrual: 'yearly', yearlyQuota: 12 }, 2026, { joined: '2020-01-01' }, '2026-03-31'], 0, 0],
    ['yearly, joined 10 Oct: 6 of 12 months', [{ accrual: 'yearly', yearlyQuota: 12 }, 2026, { joined: '2026-10-10' }, '2027-03-31'], 6, 1],
    ['yearly, joined 20 Oct: 5 of 12 months', [{ accrual: 'yearly', yearlyQuota: 12 }, 2026, { joined: '2026-10-20' }, '2027-03-31'], 5, 1],
    ['yearly, pro-rated to halves', [{ accrual: 'yearly', yearlyQuota: 15 }, 2026, { joined: '2026-05-01' }, '2027-03-31'], 14, 1],
    ['monthly, 3 months in', [{ accrual: 'monthly', yearlyQuota: 15 }, 2026, { joined: '2020-01-01' }, '2026-06-15'], 4, 3],
    ['monthly, whole year is the quota', [{ accrual: 'monthly', yearlyQuota: 15 }, 2026, { joined: '2020-01-01' }, '2027-03-31'], 15, 12],
    ['monthly, joined 20 June: from July', [{ accrual: 'monthly', yearlyQuota: 12 }, 2026, { joined: '2026-06-20' }, '2026-08-31'], 2, 2],
    [
      'monthly, left in August',
      [{ accrual: 'monthly', yearlyQuota: 12 }, 2026, { joined: '2020-01-01', exited: '2026-08-10' }, '2027-03-31'],
      5,
      5,
    ],
    ['no quota', [{ accrual: 'monthly', yearlyQuota: 0 }, 2026, { joined: '2020-01-01' }, '2027-03-31'], 0, 0],
  ];
  it.each(cases)('%s', (_name, args, days, lines) => {
    const c = creditsDue(...args);
    expect(sum(c)).toBe(days);
    expect(c).toHaveLength(lines);
    for (const x of c) expect(Number.isInteger(x.days * 2)).toBe(true);
  });

  it('caps a credit at the maximum balance', () => {
    expect(capCredit(28, 5, 30)).toBe(2);
    expect(capCredit(31, 5, 30)).toBe(0);
    expect(capCredit(28, 5, 0)).toBe(5);
  });
});

describe('yearEnd', () => {
  it.each([
    [10, { carryForwardLimit: 6, isEncashable: false }, { carry: 6, lapse: 4, encash: 0 }],
    [10, { carryForwardLimit: 6, isEncashable: true }, { carry: 6, lapse: 0, encash: 4 }],
    [3.5, { carryForwardLimit: 6, isEncashable: false }, { carry: 3.5, lapse: 0, encash: 0 }],
    [5, { carryForwardLimit: 0, isEncashable: false }, { carry: 0, lapse: 5, encash: 0 }],
    [-2, { carryForwardLimit: 6, isEncashable: false }, { carry: 0, lapse: 0, encash: 0 }],
  ])('balance %s', (balance, policy, out) => expect(yearEnd(balance, policy)).toEqual(out));
});

describe('summarizeLedger', () => {
  it('sums signed lines by kind', () => {
    const s = summarizeLedger(
      [
        { kind: 'opening', days: 4 },
        { kind: 'credit', days: 12 },
        { kind: 'debit', days: -3 },
        { kind: 'debit', days: 1 }, // a cancelled request's days returned
        { kind: 'adjust', days: -0.5 },
        { kind: 'lapse', days: -1 },
        { kind: 'encash', days: -2 },
      ],
      1.5,
    );
    expect(s).toEqual({
      opening: 4,
      accrued: 12,
      taken: 2,
      pending: 1.5,
      adjusted: -0.5,
      lapsed: 1,
      encashed: 2,
      balance: 10.5,
      available: 9,
    });
  });
});

describe('splitLeave', () => {
  const days = leaveDates({ from: '2026-06-08', to: '2026-06-12', isOff: off }); // 4 working days (10th a holiday)
  it.each([
    ['within the balance', 5, { isPaid: true, excessAsLwop: false }, { ok: true, paid: 4, lwop: 0 }],
    ['beyond the balance, refused', 2, { isPaid: true, excessAsLwop: false }, { ok: false }],
    ['beyond the balance, the rest unpaid', 2.5, { isPaid: true, excessAsLwop: true }, { ok: true, paid: 2, lwop: 2 }],
    ['a negative balance pays nothing', -1, { isPaid: true, excessAsLwop: true }, { ok: true, paid: 0, lwop: 4 }],
    ['an unpaid type', 10, { isPaid: false, excessAsLwop: false }, { ok: true, paid: 0, lwop: 4 }],
  ] as const)('%s', (_name, available, policy, out) => {
    const s = splitLeave(days, available, policy);
    expect(s).toMatchObject(out);
    // The unpaid days are the last ones.
    if (s.ok) expect(s.days.map((d) => d.paid)).toEqual(s.days.map((_, i) => i < s.days.length - s.lwop));
  });

  it('pays a half day from a half-day balance', () => {
    const half = leaveDates({ from: '2026-06-08', to: '2026-06-08', halfDayStart: true, isOff: off });
    expect(splitLeave(half, 0.5, { isPaid: true, excessAsLwop: false })).toMatchObject({ ok: true, paid: 0.5, lwop: 0 });
  });
});

describe('who a type applies to', () => {
  const base = { applicableGender: 'all', applicableCategoryId: null, afterProbation: false };
  const staff = { gender: 'female', categoryId: 3, joined: '2026-04-10', confirmed: '2026-10-10' };
  it.each([
    ['everyone', base, staff, '2026-05-01', true, null],
    ['her gender', { ...base, applicableGender: 'female' }, staff, '2026-05-01', true, null],
    ['another gender', { ...base, applicableGender: 'male' }, staff, '2026-05-01', true, 'gender'],
    ['gender not recorded', { ...base, applicableGender: 'male' }, { ...staff, gender: null }, '2026-05-01', true, 'gender'],
    ['her category', { ...base, applicableCategoryId: 3 }, staff, '2026-05-01', true, null],
    ['another category', { ...base, applicableCategoryId: 4 }, staff, '2026-05-01', true, 'category'],
    ['no category recorded', { ...base, applicableCategoryId: 4 }, { ...staff, categoryId: null }, '2026-05-01', true, 'category'],
    ['after probation, before confirmation', { ...base, afterProbation: true }, staff, '2026-10-09', true, 'probation'],
    ['after probation, on confirmation', { ...base, afterProbation: true }, staff, '2026-10-10', true, null],
    ['after probation, never confirmed', { ...base, afterProbation: true }, { ...staff, confirmed: null }, '2027-01-01', true, 'probation'],
    ['not offered in the unit', base, staff, '2026-05-01', false, 'unit'],
  ] as const)('%s', (_name, policy, e, day, offered, expected) => {
    expect(notApplicable(policy, e, day, offered)).toBe(expected);
  });

  it.each([
    ['on joining', false, { joined: '2026-04-10', confirmed: '2026-10-10' }, '2026-04-10'],
    ['after probation: on confirmation', true, { joined: '2026-04-10', confirmed: '2026-10-10' }, '2026-10-10'],
    ['after probation: not confirmed', true, { joined: '2026-04-10', confirmed: null }, null],
    ['after probation: confirmed on joining (no probation)', true, { joined: '2026-04-10', confirmed: '2026-01-01' }, '2026-04-10'],
  ] as const)('credits start %s', (_name, afterProbation, e, expected) => {
    expect(creditStart({ afterProbation }, e)).toBe(expected);
  });

  it('an after-probation monthly type accrues from the confirmation month (pro-rated like a joiner)', () => {
    const start = creditStart({ afterProbation: true }, { joined: '2026-04-10', confirmed: '2026-10-20' })!;
    const credits = creditsDue({ accrual: 'monthly', yearlyQuota: 12 }, 2026, { joined: start }, '2027-03-31');
    // Confirmed after the 15th: October does not count; November to March do.
    expect(credits.map((c) => c.period)).toEqual(['2026-11', '2026-12', '2027-01', '2027-02', '2027-03']);
    expect(credits.reduce((s, c) => s + c.days, 0)).toBe(5);
  });
});

describe('per unit (unit-wise leave type mapping)', () => {
  const el = {
    id: 7,
    yearlyQuota: 15,
    carryForwardLimit: 30,
    maxBalance: 45,
    accrual: 'yearly' as const,
    minNoticeDays: 0,
    maxConsecutiveDays: 0,
  };
  it.each([
    ['a unit without rows offers the type as it is', [], el],
    ['a unit mapping other types leaves it out', [{ leaveTypeId: 8, yearlyQuota: 10, carryForwardLimit: null, maxBalance: null }], null],
    [
      'a mapped row overrides what it gives',
      [{ leaveTypeId: 7, yearlyQuota: 18, carryForwardLimit: null, maxBalance: 60 }],
      { ...el, yearlyQuota: 18, maxBalance: 60 },
    ],
    [
      'a mapped row may give the unit its own accrual, notice and longest run',
      [
        {
          leaveTypeId: 7,
          yearlyQuota: null,
          carryForwardLimit: 5,
          maxBalance: null,
          accrual: 'monthly',
          minNoticeDays: 3,
          maxConsecutiveDays: 4,
        },
      ],
      { ...el, carryForwardLimit: 5, accrual: 'monthly', minNoticeDays: 3, maxConsecutiveDays: 4 },
    ],
    [
      'a mapped row without overrides keeps the type',
      [{ leaveTypeId: 7, yearlyQuota: null, carryForwardLimit: null, maxBalance: null }],
      el,
    ],
  ] as const)('%s', (_name, rows, expected) => {
    expect(policyForUnit(el, rows)).toEqual(expected);
  });
});
