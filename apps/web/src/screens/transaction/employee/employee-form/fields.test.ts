import { EMPLOYEE_MSG, installPlainMessages, type TEmployee } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorsOf } from '@/components/employee/fields-form';
import { EMPLOYEE_RESOLVER, EMPTY, firstErrorTab, payloadOf, valuesOf } from './fields';

beforeAll(() => installPlainMessages());

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;
const FILLED = {
  ...EMPTY,
  name: 'Lakshmi Rao',
  gender: 'Female',
  dateOfBirth: '1990-06-15',
  mobile: '9845011223',
  employeeCode: 'E1001',
  unitId: 1,
  departmentId: 2,
  designationId: 3,
  dateOfJoining: '2024-04-01',
  bankAccountNo: '123456789012',
  ifsc: 'hdfc0001234',
  email: 'Lakshmi@Example.in',
  pan: '',
};
const messages = async (values: Record<string, unknown>) => errorsOf((await EMPLOYEE_RESOLVER(values, undefined, OPTIONS)).errors as never);

describe('the employee form’s check (ZEmployeeInput, as the employees routes validate)', () => {
  it('sends what the inputs hold as the contract’s body: an emptied box as null, only the input fields', async () => {
    expect(payloadOf({ ...FILLED, pan: '', id: 9 })).toMatchObject({ pan: null, name: 'Lakshmi Rao' });
    expect(payloadOf({ ...FILLED, id: 9 })).not.toHaveProperty('id');
    const r = await EMPLOYEE_RESOLVER(FILLED, undefined, OPTIONS);
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ name: 'Lakshmi Rao', ifsc: 'HDFC0001234', email: 'lakshmi@example.in', pan: null, weeklyOffs: [0] });
  });

  it('shows the contract’s messages on their fields, its cross-field rules too', async () => {
    expect(await messages({ ...FILLED, name: '', pan: 'ABC' })).toEqual({
      name: ['Name is required'],
      pan: [EMPLOYEE_MSG.pan],
    });
    expect(await messages({ ...FILLED, ifsc: '', status: 'exited' })).toEqual({
      ifsc: ['IFSC is required for bank payment'],
      exitDate: ['Exit date is required'],
    });
  });

  it('puts a weekly off the contract refuses on the weekly offs', async () =>
    expect((await messages({ ...FILLED, weeklyOffs: [0, 99] })).weeklyOffs).toEqual(['Not a weekly off']));

  it('opens the first tab holding an error, in the order found', async () => {
    expect(firstErrorTab(Object.keys(await messages({ ...FILLED, ifsc: '', dateOfJoining: '' })))).toBe('job');
    expect(firstErrorTab(['unknownField', 'weeklyOffs.1', 'pan'])).toBe('job');
    expect(firstErrorTab(['root'])).toBeUndefined();
  });

  it('starts from the record’s fields, the Aadhaar box empty (only its last four digits are kept)', () => {
    const v = valuesOf({ ...FILLED, id: 9, aadhaarMasked: 'XXXX XXXX 1234', aadhaar: '1234' } as unknown as TEmployee);
    expect(v).toMatchObject({ name: 'Lakshmi Rao', aadhaar: '', presentCityId: null });
    expect(v).not.toHaveProperty('id');
  });
});
