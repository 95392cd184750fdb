import type { TEmployeeSalaryRecord, TSalaryHead } from '@hr/contract';
import { toDecimalString } from '@hr/payroll';
import { describe, expect, it } from 'vitest';
import { buildPayslipDoc, PAYSLIP_TEXT, payslipFigures } from './payslip';
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
const record = (heads: TSalaryHead[], extra: Partial<TEmployeeSalaryRecord> = {}): TEmployeeSalaryRecord => ({
  ...SAMPLE_RECORD_MEERA,
  salaryProcessDetailRequestList: heads,
  ...extra,
});
const show = (lines: { label: string; amount: bigint }[]) => lines.map((l) => `${l.label} ${toDecimalString(l.amount)}`);

describe('payslip figures', () => {
  it('the known record: columns, pairing, rounding and the head 41 figure', () => {
    const f = payslipFigures(SAMPLE_RECORD_ANANYA);
    expect(show(f.earnings)).toEqual([
      'Basic 25000.00',
      'House Rent Allowance 10000.00',
      'Conveyance\nAllowance 1600.00',
      'Special Allowance 8760.43',
      'Medical Allowance 1250.00',
      'Overtime 1234.56',
    ]);
    expect(show(f.deductions)).toEqual([
      'Provident Fund 1800.00',
      'Professional Tax 200.00',
      'Salary Advance EMI 2000.00',
      'Leave Without Pay 1250.00',
      'Round Off 4.99',
    ]);
    expect(f.rows).toHaveLength(6);
    expect(f.rows[5][1]).toBeNull();
    expect(toDecimalString(f.netPay)).toBe('42594.99');
    expect(toDecimalString(f.rounding.rounded)).toBe('42590.00');
    expect(toDecimalString(f.intermediateNetPay)).toBe('44594.99');
  });

  it.each([
    ['earning, printed', h(1, 'Basic', 100, true), 'earnings'],
    ['earning, not printed', h(1, 'Gross', 100, true, { isPrinted: false }), 'none'],
    ['earning, printed, net-pay head', h(9, 'Net Pay', 100, true, { isNetPayHead: true }), 'none'],
    ['deduction, printed', h(2, 'PF', 100, false), 'deductions'],
    ['deduction, not printed', h(2, 'PF', 100, false, { isPrinted: false }), 'none'],
    ['deduction, printed, calculative', h(2, 'TDS', 100, false, { isCalculative: true }), 'deductions'],
  ] as const)('%s → %s', (_name, head, where) => {
    const f = payslipFigures(record([head]));
    const inEarnings = f.earnings.some((l) => l.label === head.earningDeductionPrintName);
    const inDeductions = f.deductions.some((l) => l.label === head.earningDeductionPrintName);
    expect(
      where === 'earnings'
        ? inEarnings && !inDeductions
        : where === 'deductions'
          ? inDeductions && !inEarnings
          : !inEarnings && !inDeductions,
    ).toBe(true);
  });

  it.each([
    ['12344.99', '12340.00', 'deductions', '4.99'],
    ['12345.00', '12350.00', 'earnings', '5.00'],
    ['12345.01', '12350.00', 'earnings', '4.99'],
    ['12340.00', '12340.00', null, null],
  ] as const)('net pay %s prints %s with Round Off on %s (%s)', (net, rounded, side, roundOff) => {
    const f = payslipFigures(record([h(1, 'Basic', 20000, true), h(99, 'Net Pay', Number(net), true, { isNetPayHead: true })]));
    expect(toDecimalString(f.rounding.rounded)).toBe(rounded);
    const inE = f.earnings.find((l) => l.label === PAYSLIP_TEXT.roundOff);
    const inD = f.deductions.find((l) => l.label === PAYSLIP_TEXT.roundOff);
    if (side === null) {
      expect(inE ?? inD).toBeUndefined();
    } else {
      const row = side === 'earnings' ? inE : inD;
      expect(row && toDecimalString(row.amount)).toBe(roundOff);
      expect(side === 'earnings' ? inD : inE).toBeUndefined();
    }
  });

  it('without a net-pay head the net pay is 0 and there is no Round Off row', () => {
    const f = payslipFigures(SAMPLE_RECORD_MEERA);
    expect(f.netPay).toBe(0n);
    expect(f.rounding.rounded).toBe(0n);
    expect([...f.earnings, ...f.deductions].some((l) => l.label === 'Round Off')).toBe(false);
  });

  it('a net pay that cannot be rounded (not a number) prints 0 without a Round Off row', () => {
    const f = payslipFigures(record([h(1, 'Basic', 100, true), h(99, 'Net Pay', Number.NaN, true, { isNetPayHead: true })]));
    expect(f.rounding.rounded).toBe(0n);
    expect(f.netPay).toBe(0n);
    expect(f.earnings.map((l) => l.label)).toEqual(['Basic']);
  });

  it('head 41 counts only as a deduction, and only in the intermediate figure', () => {
    const net = h(99, 'Net Pay', 1000, true, { isNetPayHead: true });
    expect(toDecimalString(payslipFigures(record([net, h(41, 'Advance', 250.5, false)])).intermediateNetPay)).toBe('1250.50');
    expect(toDecimalString(payslipFigures(record([net, h(41, 'Advance', 250.5, true)])).intermediateNetPay)).toBe('1000.00');
    expect(toDecimalString(payslipFigures(record([net])).intermediateNetPay)).toBe('1000.00');
    expect(toDecimalString(payslipFigures(record([h(41, 'Advance', 250.5, false, { isPrinted: false })])).intermediateNetPay)).toBe(
      '250.50',
    );
  });

  it('strips carriage returns from print names', () => {
    const f = payslipFigures(record([h(1, '\rBasic\r Pay\r\n', 1, true), h(2, 'P\rF', 1, false)]));
    expect(f.earnings[0].label).toBe('Basic Pay\n');
    expect(f.deductions[0].label).toBe('PF');
  });

  it('pairs the longer side against -- cells', () => {
    const f = payslipFigures(record([h(1, 'A', 1, true), h(2, 'B', 2, false), h(3, 'C', 3, false), h(4, 'D', 4, false)]));
    expect(f.rows.map(([e, d]) => [e?.label ?? '--', d?.label ?? '--'])).toEqual([
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
});
