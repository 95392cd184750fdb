import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { blankLedgerLine, LEDGER_LINE_RESOLVER, type TLedgerLineForm } from './ledger-line-form';

beforeAll(() => installPlainMessages());

const run = (v: Partial<TLedgerLineForm>) =>
  LEDGER_LINE_RESOLVER({ ...blankLedgerLine(3), days: '1.5', reason: 'Carried over', ...v }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
const messages = (r: Awaited<ReturnType<typeof run>>) => Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, e?.message]));

describe('the ledger line form’s resolver', () => {
  it('gives the contract’s line: days as a number, the reason trimmed', async () =>
    expect((await run({ kind: 'opening', days: ' -2 ', reason: '  Carried over ' })).values).toEqual({
      leaveTypeId: 3,
      kind: 'opening',
      days: -2,
      reason: 'Carried over',
    }));

  it('says what is missing, each on its field, in the form’s words', async () =>
    expect(messages(await run({ leaveTypeId: null, days: '', reason: '  ' }))).toEqual({
      leaveTypeId: 'Choose a leave type',
      days: 'Whole or half days, not zero',
      reason: 'Give a reason',
    }));

  it('refuses zero, text and what is not a whole or half day', async () => {
    expect(messages(await run({ days: '0' }))).toEqual({ days: 'Whole or half days, not zero' });
    expect(messages(await run({ days: 'two' }))).toEqual({ days: 'Whole or half days, not zero' });
    expect(messages(await run({ days: '0.3' }))).toEqual({ days: 'Whole or half days only' });
  });
});
