import { describe, expect, it } from 'vitest';
import { blankForm, messageOf, RESOLVER, type TAssignForm } from './assign-form';

const SHIFTS = [{ id: 4, code: 'GS', name: 'General', startTime: '09:30', endTime: '18:00' }] as Parameters<typeof blankForm>[0];
const EMPLOYEE = { id: 7, name: 'Priya Sharma', employeeCode: 'E007' } as TAssignForm['employees'][number];
const run = (v: Partial<TAssignForm>) =>
  RESOLVER({ ...blankForm(SHIFTS, [EMPLOYEE], null), fromDate: '2026-11-02', ...v }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
const messages = (r: Awaited<ReturnType<typeof run>>) => Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, messageOf(e)]));

describe('the assign-shifts form’s resolver', () => {
  it('gives the contract’s request for the chosen employees, open-ended', async () =>
    expect((await run({})).values).toEqual({ employeeIds: [7], fromDate: '2026-11-02', toDate: null, kind: 'fixed', pattern: [4] }));

  it('gives the unit and department instead when the assignment is for a unit', async () =>
    expect((await run({ who: 'unit', unitId: 2, departmentId: 3 })).values).toMatchObject({ unitId: 2, departmentId: 3 }));

  it('says what is missing, each on its field, all at once', async () => {
    const r = await run({ employees: [], toDate: '2026-11-01', pattern: [null] });
    expect(r.values).toEqual({});
    expect(messages(r)).toEqual({
      employees: 'Choose at least one employee',
      toDate: 'Must not be before the start date',
      pattern: 'Give at least one day a shift',
    });
    expect(messages(await run({ who: 'unit', unitId: null }))).toEqual({ unitId: 'Choose a unit' });
  });

  it('refuses what the contract refuses, with its message', async () =>
    expect(Object.keys((await run({ fromDate: '02/11/2026' })).errors)).toEqual(['fromDate']));
});
