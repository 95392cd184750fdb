import { describe, expect, it } from 'vitest';
import { buildAdvanceVoucherDoc, paymentModeText } from './advance-voucher';
import { SAMPLE_ADVANCE } from './samples';

describe('advance voucher', () => {
  it.each([
    [2, 'Through Bank'],
    [1, 'Through Cash'],
    [0, 'Through Cash'],
    [3, 'Through Cash'],
    [null, 'N/A'],
    [undefined, 'N/A'],
  ])('payModeId %s → %s', (id, text) => {
    expect(paymentModeText(id)).toBe(text);
  });

  it.each([
    [{}, ': Medical emergency in the family'],
    [{ remarks: null }, ': N/A'],
    [{ remarks: '  ' }, ': N/A'],
  ])('remarks %j → %s', (extra, note) => {
    const json = JSON.stringify(buildAdvanceVoucherDoc({ ...SAMPLE_ADVANCE, ...extra }, { now: new Date('2026-05-02T10:00:00Z') }).content);
    expect(json).toContain(JSON.stringify(note));
  });

  it('writes the amount in figures and in words, and the deduction start', () => {
    const json = JSON.stringify(buildAdvanceVoucherDoc(SAMPLE_ADVANCE, { now: new Date('2026-05-02T10:00:00Z') }).content);
    expect(json).toContain('": 1,25,000.50"');
    expect(json).toContain('One Lakh Twenty Five Thousand Rupees and Fifty Paise Only');
    expect(json).toContain('Ded. Start From Month: May / 2026');
    expect(json).toContain('02/05/2026');
  });
});
