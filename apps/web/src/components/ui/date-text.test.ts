import { describe, expect, it } from 'vitest';
import { displayToIso, isoToDisplay, maskDateText } from './date-text';

describe('dd/mm/yyyy date text', () => {
  it('shows an ISO date as dd/mm/yyyy and reads it back', () => {
    expect(isoToDisplay('2026-04-09')).toBe('09/04/2026');
    expect(isoToDisplay('')).toBe('');
    expect(isoToDisplay('09/04/2026')).toBe('');
    expect(displayToIso('09/04/2026')).toBe('2026-04-09');
  });

  it('takes only real days', () => {
    expect(displayToIso('31/02/2026')).toBeNull();
    expect(displayToIso('29/02/2028')).toBe('2028-02-29');
    expect(displayToIso('29/02/2027')).toBeNull();
    expect(displayToIso('00/01/2026')).toBeNull();
    expect(displayToIso('12/13/2026')).toBeNull();
    expect(displayToIso('1/1/2026')).toBeNull();
  });

  it('puts the slashes in as one types digits', () => {
    expect(maskDateText('0')).toBe('0');
    expect(maskDateText('09')).toBe('09');
    expect(maskDateText('090')).toBe('09/0');
    expect(maskDateText('0904')).toBe('09/04');
    expect(maskDateText('09042026')).toBe('09/04/2026');
    expect(maskDateText('090420261')).toBe('09/04/2026');
    expect(maskDateText('ab09-04')).toBe('09/04');
  });

  it('pads a one-digit day or month typed with a slash', () => {
    expect(maskDateText('9/')).toBe('09/');
    expect(maskDateText('9/4/')).toBe('09/04/');
    expect(maskDateText('9/4/2026')).toBe('09/04/2026');
    expect(maskDateText('09/04/2026')).toBe('09/04/2026');
  });
});
