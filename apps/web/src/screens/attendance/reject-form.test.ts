import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { REJECT_RESOLVER } from './reject-form';

beforeAll(() => installPlainMessages());

const run = (remark: string) => REJECT_RESOLVER({ remark }, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = (r: Awaited<ReturnType<typeof run>>) => Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, e?.message]));

describe('the reject dialog’s remark', () => {
  it('gives the contract’s remark, trimmed', async () =>
    expect((await run('  Punch was on time \n')).values).toEqual({ remark: 'Punch was on time' }));
  it('asks why when left blank', async () => expect(messages(await run('   '))).toEqual({ remark: 'Say why the correction is rejected' }));
  it('keeps the contract’s rules (length, control characters)', async () => {
    expect(Object.keys((await run('x'.repeat(301))).errors)).toEqual(['remark']);
    expect(Object.keys((await run('late\u0007')).errors)).toEqual(['remark']);
  });
});
