import { installPlainMessages, type TEmployee } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Values } from '@/components/employee/fields';
import { errorsOf } from '@/components/employee/fields-form';
import { placeServerErrors } from '@/lib/form';
import {
  CHANGE_REQUEST_RENAME,
  CHANGE_REQUEST_RESOLVER,
  CONTACT_RESOLVER,
  changeRequestOf,
  contactValuesOf,
  NO_CHANGE_MESSAGE,
} from './profile-form';

beforeAll(() => installPlainMessages());

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;
const EMPLOYEE = { id: 9, mobile: '9845011223', email: 'Lakshmi@Example.in', presentPincode: '560001', name: 'L' } as unknown as TEmployee;
const messages = (r: { errors: object }) => errorsOf(r.errors as never);

describe('the contact form', () => {
  it('holds the employee’s contact fields only, missing ones as null', () => {
    const v = contactValuesOf(EMPLOYEE);
    expect(v).toMatchObject({ mobile: '9845011223', presentPincode: '560001', presentCityId: null });
    expect(v).not.toHaveProperty('name');
  });

  it('sends an emptied box as null, as the contract reads it', async () => {
    const r = await CONTACT_RESOLVER(
      { ...contactValuesOf(EMPLOYEE), presentPincode: '', emergencyContactName: ' Ravi ' },
      undefined,
      OPTIONS,
    );
    expect(r.values).toMatchObject({
      mobile: '9845011223',
      email: 'lakshmi@example.in',
      presentPincode: null,
      emergencyContactName: 'Ravi',
    });
  });

  it('shows the contract’s messages on the fields', async () => {
    const r = await CONTACT_RESOLVER({ ...contactValuesOf(EMPLOYEE), mobile: '12345', presentPincode: '12' }, undefined, OPTIONS);
    expect(Object.keys(messages(r)).sort()).toEqual(['mobile', 'presentPincode']);
  });
});

describe('the change request form', () => {
  it('sends only the fields given a new value, and the reason if any', () => {
    expect(changeRequestOf({ pan: 'ABCPE1234F', uan: '', ifsc: null, payModeId: 2, reason: '' } as Values)).toEqual({
      changes: { pan: 'ABCPE1234F', payModeId: 2 },
    });
    expect(changeRequestOf({ bankName: 'Canara', reason: 'New bank' })).toEqual({ changes: { bankName: 'Canara' }, reason: 'New bank' });
  });

  it('asks for at least one new value', async () => {
    const r = await CHANGE_REQUEST_RESOLVER({ reason: 'x' }, undefined, OPTIONS);
    expect(r.values).toEqual({});
    expect(messages(r)).toEqual({ changes: [NO_CHANGE_MESSAGE] });
  });

  it('puts the server’s error of a changed field on that field', () =>
    expect(
      placeServerErrors({ 'changes.pan': ['PAN must look like ABCDE1234F'], reason: ['Too long'] }, ['pan', 'reason'], {
        rename: CHANGE_REQUEST_RENAME,
      }),
    ).toEqual({ pan: 'PAN must look like ABCDE1234F', reason: 'Too long' }));

  it('shows a `changes.<field>` error of the form on its field', () =>
    expect(errorsOf({ changes: { ifsc: { type: 'custom', message: 'Bad IFSC' } } } as never)).toEqual({ ifsc: ['Bad IFSC'] }));
});
