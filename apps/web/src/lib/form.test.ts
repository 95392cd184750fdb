import { describe, expect, it } from 'vitest';
import { placeServerErrors } from './form';

describe('placeServerErrors', () => {
  it('puts a field error on its field and the rest on root', () =>
    expect(placeServerErrors({ reason: ['Say why'], 'rows.0.x': ['bad row'], other: ['a', 'b'] }, ['reason', 'day'])).toEqual({
      reason: 'Say why',
      root: 'bad row a b',
    }));
  it('keeps a nested key under a field of the form', () =>
    expect(placeServerErrors({ 'lines.2.amount': ['Too much'] }, ['lines'])).toEqual({ 'lines.2.amount': 'Too much' }));
  it('sends a nested key to root when the form shows only whole fields', () =>
    expect(placeServerErrors({ 'unitIds.0': ['No such unit'] }, ['unitIds'], { nested: false })).toEqual({ root: 'No such unit' }));
  it('renames a server field to the form’s', () =>
    expect(placeServerErrors({ employeeId: ['Choose the employee'] }, ['employee'], { rename: { employeeId: 'employee' } })).toEqual({
      employee: 'Choose the employee',
    }));
});
