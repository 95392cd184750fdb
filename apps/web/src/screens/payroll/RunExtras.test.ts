import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeServerErrors } from '@/lib/form';
import { ATTENDANCE_ROW_RENAME, ATTENDANCE_ROW_RESOLVER, type TAttendanceRowFields } from './RunExtras';

beforeAll(() => installPlainMessages());

const form = (v: Partial<TAttendanceRowFields> = {}): TAttendanceRowFields => ({
  employeeCode: 'E001',
  payableDays: '28.5',
  presentDays: '27',
  lwopDays: '',
  otHours: '',
  ...v,
});
const run = (v: TAttendanceRowFields) => ATTENDANCE_ROW_RESOLVER(v, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message]));

describe('the month attendance row’s form', () => {
  it('sends the row as the contract reads it: a blank LWOP or overtime is 0', async () =>
    expect((await run(form())).values).toEqual({ employeeCode: 'E001', payableDays: 28.5, presentDays: 27, lwopDays: 0, otHours: 0 }));

  it('asks for blank days and shows the contract’s rules, each on its field', async () => {
    const r = await run(form({ payableDays: ' ', presentDays: '10.3', otHours: '1.1' }));
    expect(r.values).toEqual({});
    expect(messages(r.errors)).toEqual({
      payableDays: 'Payable days is required',
      presentDays: 'Whole or half days',
      otHours: 'Quarter hours',
    });
  });

  it('puts the server’s errors of the body’s row on the fields, the row’s own on the form’s line', () =>
    expect(
      placeServerErrors({ 'rows.0.lwopDays': ['At most 31 days'], 'rows.0': ['Not an employee of the unit'] }, Object.keys(form()), {
        rename: ATTENDANCE_ROW_RENAME,
      }),
    ).toEqual({ lwopDays: 'At most 31 days', root: 'Not an employee of the unit' }));
});
