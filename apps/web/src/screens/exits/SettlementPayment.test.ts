import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARK_PAID_RESOLVER, type TMarkPaidFields } from './SettlementPayment';

beforeAll(() => installPlainMessages());

const run = (v: TMarkPaidFields) => MARK_PAID_RESOLVER(v, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message]));

describe('the settlement’s mark-paid form', () => {
  it('sends the value date and the reference trimmed', async () =>
    expect((await run({ valueDate: '2026-11-28', reference: ' UTR20261128001 ' })).values).toEqual({
      valueDate: '2026-11-28',
      reference: 'UTR20261128001',
    }));

  it('asks for the bank’s reference in the contract’s words when it is left blank', async () =>
    expect(messages((await run({ valueDate: '2026-11-28', reference: '  ' })).errors)).toEqual({
      reference: "Give the bank's reference (UTR) or the cheque number",
    }));

  it('puts the contract’s errors on their fields', async () => {
    const r = await run({ valueDate: '', reference: 'AB' });
    expect(r.values).toEqual({});
    expect(Object.keys(r.errors).sort()).toEqual(['reference', 'valueDate']);
  });
});
