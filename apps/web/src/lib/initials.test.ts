import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it.each([
    ['Ravi Kumar', 'RK'],
    ['ravi kumar', 'RK'],
    ['Anita Devi Sharma', 'AS'],
    ['  Meena   Iyer  ', 'MI'],
    ['Admin', 'A'],
    ['S. R. Venkatesh', 'SV'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
