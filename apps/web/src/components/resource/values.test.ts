import { getResource, type TResource } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { emptyValues, rowValues } from './values';

const shift = getResource('shift') as TResource;
const holiday = getResource('holiday') as TResource;
const user = getResource('user') as TResource;

describe('form values', () => {
  it('starts a new record from the declared defaults', () => {
    expect(emptyValues(shift)).toMatchObject({ name: '', graceMinutes: 0, halfDayMinHours: '4.00', isNightShift: false, isActive: true });
    expect(emptyValues(holiday)).toMatchObject({ holidayType: 'national', unitIds: [], description: '' });
    expect(emptyValues(user)).toMatchObject({ roleId: null, password: '', email: '' });
  });

  it('turns a stored row into inputs: nulls empty, times HH:MM, passwords blank', () => {
    const v = rowValues(shift, { id: 1, name: 'General', code: 'GEN', startTime: '09:30:00', endTime: '18:00:00', isActive: false });
    expect(v).toMatchObject({ startTime: '09:30', endTime: '18:00', isActive: false });
    expect(rowValues(user, { id: 2, userName: 'a', email: null, roleId: 3 })).toMatchObject({ email: '', password: '', roleId: 3 });
  });

  it('round-trips through the resource schema', () => {
    const v = rowValues(shift, {
      id: 1,
      name: 'General',
      code: 'GEN',
      startTime: '09:30:00',
      endTime: '18:00:00',
      graceMinutes: 10,
      earlyGraceMinutes: 10,
      breakMinutes: 30,
      halfDayMinHours: '4.00',
      fullDayMinHours: '8.00',
      isNightShift: false,
      overtimeAfterMinutes: null,
      isActive: true,
    });
    expect(shift.schema.safeParse(v).success).toBe(true);
  });
});
