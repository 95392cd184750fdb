// The wage slip (Code on Wages (Central) Rules layout, issue 26) rendered in Node and read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPdf, renderSalarySlipPdf } from './node';
import type { PayslipRecord } from './payslip';
import { SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_MEERA } from './samples';
import { describeWithPoppler } from './testing/poppler';
import { bankAccountText, buildWageSlipDoc, WAGE_SLIP_TEXT, wagePeriod } from './wage-slip';

const dir = mkdtempSync(join(tmpdir(), 'wage-slip-'));
afterAll(() => {
  if (process.env.KEEP_GOLDEN_PDFS === '1') console.log(`wage slip PDFs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

const ANANYA: PayslipRecord = {
  ...SAMPLE_RECORD_ANANYA,
  paymentStatus: 'Paid on 01/05/2026',
  payslipLayout: 'wageSlip',
  wageSlip: {
    fatherName: 'Raghavan K',
    dateOfJoining: '2021-06-14',
    pan: 'ABCDE1234F',
    esiNumber: '3100123456',
    bankAccountNo: '50100012345678',
    ifsc: 'HDFC0001234',
    bankName: 'HDFC Bank',
    daysInPeriod: 30,
    paidDays: 28.5,
    lopDays: 1.5,
    gross: 47845,
    totalDeductions: 5250,
    leaveBalances: [
      { name: 'Casual Leave', credited: 12, taken: 3.5, balance: 8.5 },
      { name: 'Earned Leave', credited: 15, taken: 0, balance: 15 },
    ],
  },
};
const MEERA: PayslipRecord = { ...SAMPLE_RECORD_MEERA, payslipLayout: 'wageSlip' };

function text(name: string, pdf: Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe('wage slip helpers', () => {
  it('the wage period runs over the whole month, February of a leap year included', () => {
    expect(wagePeriod(4, 2026)).toBe('01/04/2026 to 30/04/2026');
    expect(wagePeriod(2, 2028)).toBe('01/02/2028 to 29/02/2028');
  });
  it('the bank account prints bank, number and IFSC, or a dash without an account', () => {
    expect(bankAccountText(ANANYA.wageSlip)).toBe('HDFC Bank, 50100012345678, IFSC HDFC0001234');
    expect(bankAccountText({ bankName: 'HDFC Bank', bankAccountNo: ' ', ifsc: null })).toBe('-');
  });
});

describeWithPoppler("the organisation's layout (renderSalarySlipPdf)", () => {
  it('the payslip stays the default: only records marked wageSlip get the wage slip', async () => {
    const first = (name: string, pdf: Buffer) => text(name, pdf).split('\f')[0];
    expect(first('default.pdf', await renderSalarySlipPdf([SAMPLE_RECORD_ANANYA]))).toContain('PAYSLIP FOR THE MONTH OF - APRIL / 2026');
    const standard = await renderSalarySlipPdf([{ ...SAMPLE_RECORD_ANANYA, payslipLayout: 'standard' }]);
    expect(first('standard.pdf', standard)).toContain('PAYSLIP FOR THE MONTH OF - APRIL / 2026');
    const wage = first('wage.pdf', await renderSalarySlipPdf([ANANYA]));
    expect(wage).toContain(WAGE_SLIP_TEXT.title);
    expect(wage).not.toContain('PAYSLIP FOR THE MONTH OF');
  });
});

describeWithPoppler('wage slip PDF', async () => {
  const page = text('wage-slip.pdf', await renderPdf(buildWageSlipDoc([ANANYA, MEERA])));
  const [first, second] = page.split('\f');

  it('carries the establishment, period and the employee particulars', () => {
    expect(first).toContain(WAGE_SLIP_TEXT.title);
    expect(first).toContain('Code on Wages');
    expect(first).toContain(`${SAMPLE_RECORD_ANANYA.companyName} — ${SAMPLE_RECORD_ANANYA.unitName}`);
    expect(first).toContain('01/04/2026 to 30/04/2026');
    for (const v of [
      'Ananya Raghavan',
      'Raghavan K',
      '14/06/2021',
      'ABCDE1234F',
      '3100123456',
      'HDFC Bank, 50100012345678',
      'HDFC0001234',
    ]) {
      expect(first).toContain(v);
    }
    expect(first).toContain(`UAN ${SAMPLE_RECORD_ANANYA.uanNo}`);
  });

  it('carries paid and loss-of-pay days, gross, total deductions and the rounded net with its round-off', () => {
    expect(first).toMatch(/Days in the wage period Paid days Loss-of-pay days\s+30 28.5 1.5/);
    expect(first).toContain('Gross earnings 47,845.00 Total deductions 5,250.00');
    expect(first).toMatch(/Net wages paid [\d,]+0\.00/);
    expect(first).toContain('Round off');
    expect(first).toContain('Basic 25,000.00');
  });

  it('carries the leave of the year and the date of payment', () => {
    expect(first).toMatch(/Casual Leave 12 3.5 8.5/);
    expect(first).toMatch(/Earned Leave 15 0 15/);
    expect(first).toContain('Date of payment: Paid on 01/05/2026');
  });

  it('a record without the details prints dashes, no leave and a pending payment on its own page', () => {
    expect(second).toContain('Meera Iyer');
    expect(second).toContain(WAGE_SLIP_TEXT.noLeave);
    expect(second).toContain('Date of payment: Pending');
    expect(second).toMatch(/PAN -/);
  });
});
