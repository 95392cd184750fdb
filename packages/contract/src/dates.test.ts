import { describe, expect, it } from 'vitest';
import { isRealIsoDate, ZIsoDate } from './dates';
import { ZEmployeeBase } from './employees';

describe('one day schema', () => {
  it.each([
    ['2025-04-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2015-13-01', false],
    ['2015-00-10', false],
    ['2015-04-31', false],
    ['2015-4-1', false],
    ['', false],
  ])('%s is a real day: %s', (d, real) => {
    expect(isRealIsoDate(d)).toBe(real);
    expect(ZIsoDate().safeParse(d).success).toBe(real);
  });

  it('an impossible date of birth is a field error, not a later failure', () => {
    const r = ZEmployeeBase.shape.dateOfBirth.safeParse('2015-13-01');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Not a date that exists');
  });
});
