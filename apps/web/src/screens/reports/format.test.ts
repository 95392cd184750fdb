import { describe, expect, it } from 'vitest';
import { cellText } from './format';

describe('report cells', () => {
  it('print money en-IN with two decimals, dates DD/MM/YYYY, whole numbers grouped and blanks as nothing', () => {
    expect(cellText({ type: 'money' }, 1234567.5)).toBe('12,34,567.50');
    expect(cellText({ type: 'money' }, 0)).toBe('0.00');
    expect(cellText({ type: 'date' }, '2026-07-06')).toBe('06/07/2026');
    expect(cellText({ type: 'number' }, 123456)).toBe('1,23,456');
    expect(cellText({ type: 'number' }, 3.5)).toBe('3.5');
    expect(cellText({ type: 'text' }, 'P')).toBe('P');
    expect(cellText({ type: 'text' }, null)).toBe('');
    expect(cellText({ type: 'money' }, '')).toBe('');
  });
});
