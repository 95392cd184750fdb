import { describe, expect, it } from 'vitest';
import { errorsOf } from './fields-form';

describe('errorsOf: a form’s errors as the employee field components show them', () => {
  it('keeps a field’s message on the field', () =>
    expect(errorsOf({ pan: { type: 'custom', message: 'PAN must look like ABCDE1234F' } } as never)).toEqual({
      pan: ['PAN must look like ABCDE1234F'],
    }));

  it('puts an array item’s error on the array’s field', () =>
    expect(errorsOf({ weeklyOffs: [undefined, { type: 'custom', message: 'Not a weekly off' }] } as never)).toEqual({
      weeklyOffs: ['Not a weekly off'],
    }));

  it('puts a group’s field error on that field', () =>
    expect(errorsOf({ changes: { ifsc: { type: 'custom', message: 'Bad IFSC' } } } as never)).toEqual({ ifsc: ['Bad IFSC'] }));

  it('leaves out an error without a message', () => expect(errorsOf({ name: { type: 'custom' } } as never)).toEqual({}));
});
