import { describe, expect, it } from 'vitest';
import { buildAdvanceVoucherDoc } from './advance-voucher';
import { renderPayslipPdf, renderPdf } from './node';
import { protectDocument } from './protect';
import { SAMPLE_ADVANCE, SAMPLE_RECORD_MEERA } from './samples';
import { pdfEncryption } from './testing/pdf-encryption';

describe('a password-protected PDF', () => {
  it('is AES-256 (/V 5, AESV3), printable in high resolution and readable by assistive technology, nothing else', async () => {
    const doc = protectDocument(buildAdvanceVoucherDoc(SAMPLE_ADVANCE), {
      userPassword: 'ABCDE1234F15081990',
      ownerPassword: 'owner-secret',
    });
    const enc = pdfEncryption(await renderPdf(doc));
    expect(enc).not.toBeNull();
    expect(enc?.v).toBe(5);
    expect([5, 6]).toContain(enc?.r);
    expect(enc?.lengthBits).toBe(256);
    expect(enc?.cfm).toBe('AESV3');
    // Bits by the PDF specification's numbering: 3 print, 12 print in high quality, 10 extract for accessibility.
    expect([3, 10, 12].map((b) => enc?.allows(b))).toEqual([true, true, true]);
    // 4 modify, 5 copy, 6 annotate, 9 fill forms, 11 assemble: only with the owner password.
    expect([4, 5, 6, 9, 11].map((b) => enc?.allows(b))).toEqual([false, false, false, false, false]);
  });

  it('is the same protection on the payslip drawn straight onto pdfkit (the e-mailed slip)', async () => {
    const protection = { userPassword: 'ABCDE1234F15081990', ownerPassword: 'owner-secret' };
    const enc = pdfEncryption(await renderPayslipPdf([SAMPLE_RECORD_MEERA], { protection }));
    expect({ v: enc?.v, bits: enc?.lengthBits, cfm: enc?.cfm }).toEqual({ v: 5, bits: 256, cfm: 'AESV3' });
    expect([3, 10, 12].map((b) => enc?.allows(b))).toEqual([true, true, true]);
    expect([4, 5, 6, 9, 11].map((b) => enc?.allows(b))).toEqual([false, false, false, false, false]);
    expect(pdfEncryption(await renderPayslipPdf([SAMPLE_RECORD_MEERA]))).toBeNull();
    await expect(renderPayslipPdf([SAMPLE_RECORD_MEERA], { protection: { userPassword: '', ownerPassword: 'y' } })).rejects.toThrow(
      RangeError,
    );
  });

  it('leaves the definition it is given unprotected, and refuses an empty password', async () => {
    const plain = buildAdvanceVoucherDoc(SAMPLE_ADVANCE);
    protectDocument(plain, { userPassword: 'x', ownerPassword: 'y' });
    expect(pdfEncryption(await renderPdf(plain))).toBeNull();
    expect(() => protectDocument(plain, { userPassword: '', ownerPassword: 'y' })).toThrow(RangeError);
  });
});
