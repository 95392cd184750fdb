import { ZRaiseWfh } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bodyResolver } from '@/lib/form';
import {
  bulkSummary,
  clockOfInstant,
  daysLabel,
  financialYearStart,
  formatBalance,
  periodLabel,
  REMARK_BODIES,
  rangeErrors,
  rangeReady,
  receptionDays,
  subjectLabel,
  type TRangeForm,
} from './format';

describe('daysLabel', () => {
  it.each([
    [1, '1 day'],
    [2, '2 days'],
    [0.5, '½ day'],
    [2.5, '2½ days'],
    [0, '0 days'],
    [-1.5, '−1½ days'],
    [null, ''],
  ])('%s → %s', (n, text) => expect(daysLabel(n)).toBe(text));
});

describe('formatBalance', () => {
  it.each([
    [12.5, '12.5'],
    [-1, '−1'],
    [0, '0'],
    [1 / 3, '0.33'],
    [undefined, ''],
  ])('%s → %s', (n, text) => expect(formatBalance(n)).toBe(text));
});

describe('periodLabel', () => {
  const base = { fromDate: '2026-11-03', toDate: '2026-11-05', halfDayStart: false, halfDayEnd: false };
  it('a range', () => expect(periodLabel(base)).toBe('03/11/2026 – 05/11/2026'));
  it('one day', () => expect(periodLabel({ ...base, toDate: '2026-11-03' })).toBe('03/11/2026'));
  it('one half day', () => expect(periodLabel({ ...base, toDate: '2026-11-03', halfDayEnd: true })).toBe('03/11/2026 (half day)'));
  it('halves at both ends', () =>
    expect(periodLabel({ ...base, halfDayStart: true, halfDayEnd: true })).toBe('03/11/2026 (2nd half) – 05/11/2026 (1st half)'));
});

describe('subjectLabel', () => {
  const none = { leaveTypeName: null, leaveTypeCode: null, visitorName: null, company: null, visitorCount: null };
  it('leave', () => expect(subjectLabel({ ...none, kind: 'leave', leaveTypeName: 'Casual Leave' })).toBe('Casual Leave'));
  it('wfh', () => expect(subjectLabel({ ...none, kind: 'wfh' })).toBe('Work from home'));
  it('visitors', () =>
    expect(subjectLabel({ ...none, kind: 'visitor', visitorName: 'Asha', company: 'Acme', visitorCount: 3 })).toBe('Asha +2 (Acme)'));
});

describe('rangeErrors', () => {
  const ok = { fromDate: '2026-11-03', toDate: '2026-11-04', halfDayStart: false, halfDayEnd: false };
  it('accepts a range', () => {
    expect(rangeErrors(ok)).toEqual({});
    expect(rangeReady(ok)).toBe(true);
  });
  it('wants both dates', () => expect(Object.keys(rangeErrors({ ...ok, fromDate: '', toDate: '' }))).toEqual(['fromDate', 'toDate']));
  it('refuses an end before the start', () => expect(rangeErrors({ ...ok, toDate: '2026-11-01' }).toDate).toHaveLength(1));
  it('refuses both halves of one day', () => {
    const one = { ...ok, toDate: ok.fromDate, halfDayStart: true, halfDayEnd: true };
    expect(rangeErrors(one).halfDayEnd).toHaveLength(1);
    expect(rangeReady(one)).toBe(false);
  });
});

describe('financialYearStart', () => {
  it('takes the header’s year', () => expect(financialYearStart({ startDate: '2025-04-01' }, '2026-11-03')).toBe(2025));
  it('falls back on today', () => {
    expect(financialYearStart(null, '2026-11-03')).toBe(2026);
    expect(financialYearStart(null, '2027-03-31')).toBe(2026);
  });
});

it('receptionDays crosses a month end', () => expect(receptionDays('2026-11-30')).toEqual(['2026-11-30', '2026-12-01']));

it('clockOfInstant reads the organisation’s zone', () => {
  expect(clockOfInstant('2026-11-03T04:00:00Z')).toBe('09:30');
  expect(clockOfInstant(null)).toBe('');
});

describe('bulkSummary', () => {
  it('all done', () => expect(bulkSummary('approve', { done: [1, 2], failed: [] })).toBe('2 approved'));
  it('some failed', () =>
    expect(bulkSummary('reject', { done: [1], failed: [{ id: 2, message: 'Already decided' }] })).toBe(
      '1 rejected, 1 not: Already decided',
    ));
});

describe('the range form’s resolver: bodyResolver with rangeErrors', () => {
  const resolver = bodyResolver<TRangeForm & { reason: string }, z.output<typeof ZRaiseWfh>>(ZRaiseWfh, (v) => ({ kind: 'wfh', ...v }), {
    checks: rangeErrors,
  });
  const run = (v: Partial<TRangeForm & { reason: string }>) =>
    resolver(
      { fromDate: '2026-11-03', toDate: '2026-11-03', halfDayStart: false, halfDayEnd: false, reason: 'Delivery', ...v },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
  const messages = (r: Awaited<ReturnType<typeof run>>) =>
    Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message?: string }).message]));

  it('gives the submit handler the contract’s body', async () =>
    expect((await run({ reason: '  Delivery  ' })).values).toEqual({
      kind: 'wfh',
      fromDate: '2026-11-03',
      toDate: '2026-11-03',
      halfDayStart: false,
      halfDayEnd: false,
      reason: 'Delivery',
    }));
  it('the form’s own words win on their field, the contract’s on the others, all at once', async () => {
    const r = await run({ fromDate: '', reason: ' ' });
    expect(r.values).toEqual({});
    expect(messages(r)).toEqual({ fromDate: 'Choose the first day', reason: 'Give a reason' });
  });
  it('the contract alone refuses what the form does not check', async () =>
    expect(messages(await run({ reason: 'x'.repeat(501) }))).toEqual({ reason: 'At most 500 characters' }));
});

describe('the remark dialog’s resolvers', () => {
  const run = (kind: keyof typeof REMARK_BODIES, text: string) =>
    REMARK_BODIES[kind]({ text }, undefined, { fields: {}, shouldUseNativeValidation: false });
  const message = async (kind: keyof typeof REMARK_BODIES, text: string) => (await run(kind, text)).errors.text?.message;

  it('a rejection wants a remark, in the contract’s words, and sends it trimmed', async () => {
    expect(await message('reject', '  ')).toBe('Say why the request is rejected');
    expect((await run('reject', '  Month-end closing ')).values).toEqual({ remark: 'Month-end closing' });
  });
  it('the requester may cancel without a reason', async () => expect((await run('cancel', '')).values).toEqual({ reason: '' }));
  it('an approver cancels with a reason, in the route’s words', async () => {
    expect(await message('approverCancel', ' ')).toBe('A reason is required');
    expect((await run('approverCancel', ' Duplicate ')).values).toEqual({ reason: 'Duplicate' });
  });
  it('a remark over 500 characters is refused on the field', async () => expect(await message('cancel', 'x'.repeat(501))).toBeTruthy());
});
