import { getResource, installPlainMessages, type TResource } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeServerErrors } from '@/lib/form';
import { lineErrorsOf, mappingResolver, serverLineNames, type TMappingForm } from './mapping-form';

beforeAll(() => installPlainMessages());

const leaveMap = getResource('unitLeaveTypeMap') as TResource;
const LINES: TMappingForm['lines'] = [
  { itemId: 4, mapped: false, label: 'CL', yearlyQuota: 'lots' },
  { itemId: 5, mapped: true, label: 'EL', yearlyQuota: '18', accrual: null, maxBalance: '10', carryForwardLimit: '12' },
  { itemId: 6, mapped: true, label: 'SL', minNoticeDays: 2 },
];
const run = (lines: TMappingForm['lines']) =>
  mappingResolver(leaveMap)({ lines }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the mapping checklist’s form', () => {
  it('sends the ticked lines as the contract’s body (an unticked line’s extras unchecked)', async () => {
    const r = await run(LINES);
    expect(r.errors).toEqual({});
    expect((r.values as { items: { itemId: number }[] }).items.map((i) => i.itemId)).toEqual([5, 6]);
    expect((r.values as { items: object[] }).items[1]).toMatchObject({ itemId: 6, minNoticeDays: 2, yearlyQuota: null });
  });

  it('puts an extra the contract refuses on its line and extra', async () => {
    const r = await run([LINES[0], { ...LINES[1], maxBalance: '10.55' }, LINES[2]]);
    expect(r.values).toEqual({});
    const lines = (r.errors as { lines?: unknown[] }).lines ?? [];
    expect(lineErrorsOf(lines[0])).toBeUndefined();
    expect(Object.keys(lineErrorsOf(lines[1]) ?? {})).toEqual(['maxBalance']);
  });

  it('names the server’s errors of the sent lines as the form’s lines', () => {
    const rename = serverLineNames(leaveMap, LINES);
    expect(rename['items.0.carryForwardLimit']).toBe('lines.1.carryForwardLimit');
    expect(rename['items.1.maxBalance']).toBe('lines.2.maxBalance');
    expect(
      placeServerErrors({ 'items.0.carryForwardLimit': ['At most the maximum balance (10 days)'], items: ['Unknown item'] }, ['lines'], {
        rename,
      }),
    ).toEqual({ 'lines.1.carryForwardLimit': 'At most the maximum balance (10 days)', root: 'Unknown item' });
  });
});
