import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { decisionResolver, type TDecisionFields } from './EmployeeBonusScreen';
import { sumRupees } from './run-employee-figures';

beforeAll(() => installPlainMessages());

const run = (action: 'approve' | 'reject', v: TDecisionFields) =>
  decisionResolver(action)(v, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the bonus’s approval form', () => {
  it('approves with the remark, or none', async () => {
    expect((await run('approve', { remark: ' ' })).values).toEqual({ action: 'approve', remark: null });
    expect((await run('approve', { remark: ' Checked ' })).values).toEqual({ action: 'approve', remark: 'Checked' });
  });

  it('asks why before a rejection is sent, on the remark', async () => {
    const r = await run('reject', { remark: '  ' });
    expect(r.values).toEqual({});
    expect(r.errors.remark?.message).toBe('Say why the bonus is rejected');
  });

  it('sends a rejection with its reason', async () =>
    expect((await run('reject', { remark: 'Wrong unit' })).values).toEqual({ action: 'reject', remark: 'Wrong unit' }));
});

describe('sumRupees (a bonus’s or a run’s lines)', () => {
  it('adds rupee amounts as whole paise, without the float’s drift', () => {
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    expect(sumRupees(Array.from({ length: 1000 }, () => 1234.56))).toBe(1234560);
  });
  it('takes a negative amount (the change of net pay)', () => expect(sumRupees([1000.05, -999.1])).toBe(0.95));
  it('is 0 for no lines', () => expect(sumRupees([])).toBe(0));
});
