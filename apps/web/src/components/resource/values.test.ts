import { getResource, mappingSaveSchema, type TResource } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { emptyValues, extraFromInput, mappingItems, rowValues } from './values';

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

describe('mapping checklist lines', () => {
  const leaveMap = getResource('unitLeaveTypeMap') as TResource;
  const approvers = getResource('unitSalaryApprover') as TResource;

  it('reads typed extras: an empty override is null (the item’s own), decimals stay text, whole numbers are numbers', () => {
    expect(extraFromInput(leaveMap, 'maxBalance', '')).toBeNull();
    expect(extraFromInput(leaveMap, 'maxBalance', ' 12.5 ')).toBe('12.5');
    expect(extraFromInput(leaveMap, 'accrual', '')).toBeNull();
    expect(extraFromInput(leaveMap, 'accrual', 'monthly')).toBe('monthly');
    expect(extraFromInput(leaveMap, 'minNoticeDays', '')).toBeNull();
    expect(extraFromInput(leaveMap, 'minNoticeDays', '3')).toBe(3);
    expect(extraFromInput(approvers, 'level', '2')).toBe(2);
    expect(extraFromInput(approvers, 'level', '')).toBe(0);
  });

  it('sends the mapped lines with every extra', () => {
    const lines = [
      { itemId: 4, mapped: false, label: 'CL', yearlyQuota: '9' },
      { itemId: 5, mapped: true, label: 'EL', yearlyQuota: '18', accrual: null, maxBalance: '10', carryForwardLimit: '12' },
      { itemId: 6, mapped: true, label: 'SL', minNoticeDays: 2 },
    ];
    const items = mappingItems(leaveMap, lines);
    expect(items).toEqual([
      { itemId: 5, yearlyQuota: '18', accrual: null, maxBalance: '10', carryForwardLimit: '12' },
      { itemId: 6, minNoticeDays: 2 },
    ]);
    // The server's rule for these lines (the same declaration) accepts them as sent, the absent overrides as null.
    const parsed = mappingSaveSchema(leaveMap).safeParse({ items });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.items[1]).toMatchObject({ itemId: 6, minNoticeDays: 2, yearlyQuota: null, accrual: null });
  });
});
