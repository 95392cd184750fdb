import type { TEmployeeSalaryRecord, TSalaryHead } from '@hr/contract';
import { type PayslipHead, payslipFigures, toDecimalString } from '@hr/payroll';
import { describe, expect, it } from 'vitest';
import { buildPayslipDoc, PAYSLIP_TEXT, type PayslipRecord, payslipRows } from './payslip';
import { SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from './samples';

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

describe('payslip document definition', () => {
  const texts = (node: unknown): string[] => {
    const out: string[] = [];
    const walk = (n: unknown) => {
      if (typeof n === 'string') out.push(n);
      else if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') Object.values(n).forEach(walk);
    };
    walk(node);
    return out;
  };

  it('one page per record, title and images', () => {
    const doc = buildPayslipDoc([SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA]);
    expect(doc.info?.title).toBe('Payslip Statement');
    expect(Array.isArray(doc.content) && doc.content.length).toBe(3);
    expect((doc.content as { pageBreak?: string }[]).map((c) => c.pageBreak)).toEqual([undefined, 'before', 'before']);
    expect(Object.keys(doc.images ?? {})).toEqual(['logo', 'watermark']);
  });

  it.each([
    [SAMPLE_RECORD_KARTHIK, 'UAN', ': N/A'],
    [SAMPLE_RECORD_KARTHIK, 'pay mode', ': --'],
    [SAMPLE_RECORD_MEERA, 'empty UAN', ': N/A'],
  ] as const)('missing %s prints %s', (rec, _what, expected) => {
    expect(texts(buildPayslipDoc([rec]).content)).toContain(expected);
  });

  it('an unusable logo or watermark becomes the empty image', () => {
    const doc = buildPayslipDoc([SAMPLE_RECORD_MEERA], {
      logo: 'https://example.invalid/logo.png',
      watermark: 'data:image/png;base64,bm90IGEgcG5n',
    });
    expect(doc.images?.logo).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(doc.images?.logo).toBe(doc.images?.watermark);
  });

  it('refuses an empty batch', () => {
    expect(() => buildPayslipDoc([])).toThrow(/at least one/);
  });

  it('a slip with a head amount that is not a number becomes an error page; the batch prints the rest', () => {
    const broken = record([h(1, 'Basic', 100, true), { ...h(7, 'Bonus', 0, true), amount: 'twelve' }], {
      name: 'Broken Slip',
      employeeCode: 'EMP-0999',
    });
    const reported: string[] = [];
    const doc = buildPayslipDoc([SAMPLE_RECORD_ANANYA, broken, SAMPLE_RECORD_MEERA], {
      onSlipError: (rec, index, error) => reported.push(`${index} ${rec.name}: ${error.message}`),
    });
    expect(reported).toEqual(["1 Broken Slip: Salary head 'Bonus' (7) has the amount 'twelve', not a number"]);
    const pages = doc.content as unknown[];
    expect(pages).toHaveLength(3);
    const brokenPage = texts(pages[1]);
    expect(brokenPage).toContain(': Broken Slip');
    expect(brokenPage).toContain(': EMP-0999');
    expect(brokenPage).toContain(PAYSLIP_TEXT.notPrepared);
    expect(brokenPage).toContain("Salary head 'Bonus' (7) has the amount 'twelve', not a number");
    expect(brokenPage).not.toContain(PAYSLIP_TEXT.netPay);
    // The slips on either side print in full, exactly as they do in a batch of their own.
    const alone = (rec: PayslipRecord) => JSON.stringify((buildPayslipDoc([rec]).content as unknown[])[0]);
    expect(JSON.stringify(pages[0])).toBe(alone(SAMPLE_RECORD_ANANYA));
    expect(JSON.stringify({ ...(pages[2] as object), pageBreak: undefined })).toBe(alone(SAMPLE_RECORD_MEERA));
    expect(texts(pages[2])).toContain(PAYSLIP_TEXT.netPay);
  });

  it('without a listener the error page still prints', () => {
    const broken = record([{ ...h(1, 'Basic', 0, true), amount: Number.NaN }]);
    expect(texts(buildPayslipDoc([broken]).content)).toContain("Salary head 'Basic' (1) has the amount NaN, not a number");
  });
});
