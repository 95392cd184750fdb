import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TEmployeeSalaryRecord, TSalaryHead } from '@hr/contract';
import { type PayslipHead, payslipFigures, toDecimalString } from '@hr/payroll';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPayslipPdf } from './node';
import { PAYSLIP_TEXT, type PayslipRecord, payslipRows } from './payslip';
import { SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from './samples';
import { describeWithPoppler } from './testing/poppler';

const h = (id: number, name: string, amount: number, isEarning: boolean, extra: Partial<TSalaryHead> = {}): TSalaryHead => ({
  earningDeductionId: id,
  earningDeductionPrintName: name,
  amount,
  isEarning,
  isPrinted: true,
  isCalculative: false,
  isNetPayHead: false,
  isOverTimeHead: false,
  isTotalLWOPHead: false,
  ...extra,
});
const record = (heads: PayslipHead[], extra: Partial<TEmployeeSalaryRecord> = {}): PayslipRecord => ({
  ...SAMPLE_RECORD_MEERA,
  salaryProcessDetailRequestList: heads,
  ...extra,
});

const rowsOf = (rec: PayslipRecord) => payslipRows(payslipFigures(rec.salaryProcessDetailRequestList));
const showRows = (rows: ReturnType<typeof payslipRows>) =>
  rows.map(([e, d]) => [e ? `${e.label} ${toDecimalString(e.amount)}` : '--', d ? `${d.label} ${toDecimalString(d.amount)}` : '--']);

// The figures themselves are @hr/payroll's (packages/payroll/src/payslip.test.ts); here, how they are printed.
describe('payslip salary table rows', () => {
  it('the known records: labels, pairing and the Round Off line', () => {
    expect(showRows(rowsOf(SAMPLE_RECORD_ANANYA))).toEqual([
      ['Basic 25000.00', 'Provident Fund 1800.00'],
      ['House Rent Allowance 10000.00', 'Professional Tax 200.00'],
      ['Conveyance\nAllowance 1600.00', 'Salary Advance EMI 2000.00'],
      ['Special Allowance 8760.43', 'Leave Without Pay 1250.00'],
      ['Medical Allowance 1250.00', 'Round Off 4.99'],
      ['Overtime 1234.56', '--'],
    ]);
    expect(showRows(rowsOf(SAMPLE_RECORD_KARTHIK))).toEqual([
      ['Basic 22000.00', 'Provident Fund 455.00'],
      ['House Rent Allowance 8800.00', '--'],
      ['Round Off 5.00', '--'],
    ]);
    expect(showRows(rowsOf(SAMPLE_RECORD_MEERA))).toEqual([['Basic 15000.00', 'Professional Tax 150.00']]);
  });

  it('strips carriage returns from print names', () => {
    const rows = rowsOf(record([h(1, '\rBasic\r Pay\r\n', 1, true), h(2, 'P\rF', 1, false)]));
    expect(rows[0].map((l) => l?.label)).toEqual(['Basic Pay\n', 'PF']);
  });

  it('pairs the longer side against -- cells', () => {
    const rows = rowsOf(record([h(1, 'A', 1, true), h(2, 'B', 2, false), h(3, 'C', 3, false), h(4, 'D', 4, false)]));
    expect(rows.map(([e, d]) => [e?.label ?? '--', d?.label ?? '--'])).toEqual([
      ['A', 'B'],
      ['--', 'C'],
      ['--', 'D'],
    ]);
  });
});

describeWithPoppler('the printed payslip (drawPayslipPdf)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payslip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const pages = async (pdf: Promise<Buffer>) => {
    const file = join(dir, `${++n}.pdf`);
    writeFileSync(file, await pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .slice(0, -1)
      .map((p) => p.replace(/[ \t]+/g, ' '));
  };

  it('refuses an empty batch', async () => {
    await expect(renderPayslipPdf([])).rejects.toThrow(/at least one/);
  });

  it('a slip with a head amount that is not a number becomes an error page; the batch prints the rest', async () => {
    const broken = record([h(1, 'Basic', 100, true), { ...h(7, 'Bonus', 0, true), amount: 'twelve' }], {
      name: 'Broken Slip',
      employeeCode: 'EMP-0999',
    });
    const reported: string[] = [];
    const batch = await pages(
      renderPayslipPdf([SAMPLE_RECORD_ANANYA, broken, SAMPLE_RECORD_MEERA], {
        onSlipError: (rec, index, error) => reported.push(`${index} ${rec.name}: ${error.message}`),
      }),
    );
    expect(reported).toEqual(["1 Broken Slip: Salary head 'Bonus' (7) has the amount 'twelve', not a number"]);
    expect(batch).toHaveLength(3);
    expect(batch[1]).toContain('Employee Name : Broken Slip');
    expect(batch[1]).toContain('Employee Code : EMP-0999');
    expect(batch[1]).toContain(PAYSLIP_TEXT.notPrepared);
    expect(batch[1]).toContain("Salary head 'Bonus' (7) has the amount 'twelve', not a number");
    expect(batch[1]).not.toContain(PAYSLIP_TEXT.netPay);
    // The slips on either side print in full, exactly as they do in a batch of their own.
    expect(batch[0]).toBe((await pages(renderPayslipPdf([SAMPLE_RECORD_ANANYA])))[0]);
    expect(batch[2]).toBe((await pages(renderPayslipPdf([SAMPLE_RECORD_MEERA])))[0]);
    expect(batch[2]).toContain(PAYSLIP_TEXT.netPay);
  });

  it('without a listener the error page still prints', async () => {
    const broken = record([{ ...h(1, 'Basic', 0, true), amount: Number.NaN }]);
    expect((await pages(renderPayslipPdf([broken])))[0]).toContain("Salary head 'Basic' (1) has the amount NaN, not a number");
  });
});
