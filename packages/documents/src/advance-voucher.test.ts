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

  it('leaves the number blank before payment, and prints the number, its date and the cheque once paid', () => {
    const unpaid = JSON.stringify(buildAdvanceVoucherDoc(SAMPLE_ADVANCE, { now: new Date('2026-05-02T10:00:00Z') }).content);
    expect(unpaid).toContain('"____________"');
    expect(unpaid).toContain('"Cash/Check/DD no:"');
    const paid = JSON.stringify(
      buildAdvanceVoucherDoc(
        {
          ...SAMPLE_ADVANCE,
          voucherNo: 'ADV/HO-BLR/2026-27/0007',
          voucherDate: '2026-05-04',
          chequeNo: '004512',
          chequeDate: '2026-05-04',
        },
        { now: new Date('2026-05-09T10:00:00Z') },
      ).content,
    );
    expect(paid).toContain('"ADV/HO-BLR/2026-27/0007"');
    expect(paid).toContain('"04/05/2026"');
    expect(paid).not.toContain('09/05/2026');
    expect(paid).toContain('"Cash/Check/DD no: 004512 dt. 04/05/2026"');
  });
});
