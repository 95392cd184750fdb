import { describe, expect, it } from 'vitest';
import { toDecimalString } from './money';
import {
  HEAD_ADDED_TO_INTERMEDIATE_NET_PAY,
  type PayslipFigures,
  PayslipFiguresError,
  type PayslipHead,
  type PayslipLine,
  payslipFigures,
} from './payslip';

const h = (id: number, name: string, amount: unknown, isEarning: boolean, extra: Partial<PayslipHead> = {}): PayslipHead => ({
  earningDeductionId: id,
  earningDeductionPrintName: name,
  amount,
  isEarning,
  isPrinted: true,
  isNetPayHead: false,
  ...extra,
});
const net = (amount: unknown) => h(99, 'Net Pay', amount, true, { isNetPayHead: true });
const show = (lines: PayslipLine[]) => lines.map((l) => `${l.kind === 'head' ? l.printName : '(round off)'} ${toDecimalString(l.amount)}`);
const figures = (heads: PayslipHead[]): PayslipFigures => payslipFigures(heads);

/** The documents package's sample record of Ananya Raghavan (April 2026). */
const ANANYA: PayslipHead[] = [
  h(1, 'Basic', 25000, true),
  h(2, 'House Rent Allowance', 10000, true),
  h(3, 'Conveyance\r\nAllowance', 1600, true),
  h(4, 'Special Allowance', 8760.43, true),
  h(5, 'Medical Allowance', 1250, true),
  h(6, 'Overtime', 1234.56, true),
  h(20, 'Gross Salary', 47844.99, true, { isPrinted: false }),
  h(10, 'Provident Fund', 1800, false),
  h(11, 'Professional Tax', 200, false),
  h(41, 'Salary Advance EMI', 2000, false),
  h(12, 'Leave Without Pay', 1250, false),
  net(42594.99),
];

describe('payslip figures', () => {
  it('a known record: columns, rounding, words and the head 41 figure, exact in paise', () => {
    const f = figures(ANANYA);
    expect(show(f.earnings)).toEqual([
      'Basic 25000.00',
      'House Rent Allowance 10000.00',
      'Conveyance\r\nAllowance 1600.00',
      'Special Allowance 8760.43',
      'Medical Allowance 1250.00',
      'Overtime 1234.56',
    ]);
    expect(show(f.deductions)).toEqual([
      'Provident Fund 1800.00',
      'Professional Tax 200.00',
      'Salary Advance EMI 2000.00',
      'Leave Without Pay 1250.00',
      '(round off) 4.99',
    ]);
    expect(f.netPay).toBe(4_259_499n);
    expect(f.rounding).toEqual({ netPay: 4_259_499n, rounded: 4_259_000n, difference: -499n, side: 'deductions', roundOffAmount: 499n });
    expect(f.netPayInWords).toBe('Forty Two Thousand Five Hundred Ninety Rupees Only');
    expect(f.intermediateNetPay).toBe(4_459_499n);
  });

  it.each([
    ['earning, printed', h(1, 'Basic', 100, true), 'earnings'],
    ['earning, not printed', h(1, 'Gross', 100, true, { isPrinted: false }), 'none'],
    ['earning, printed, net-pay head', h(9, 'Net Pay', 100, true, { isNetPayHead: true }), 'none'],
    ['deduction, printed', h(2, 'PF', 100, false), 'deductions'],
    ['deduction, not printed', h(2, 'PF', 100, false, { isPrinted: false }), 'none'],
  ] as const)('%s → %s', (_name, head, where) => {
    const f = figures([head]);
    const names = (lines: PayslipLine[]) => lines.flatMap((l) => (l.kind === 'head' ? [l.printName] : []));
    expect([names(f.earnings), names(f.deductions)]).toEqual([
      where === 'earnings' ? [head.earningDeductionPrintName] : [],
      where === 'deductions' ? [head.earningDeductionPrintName] : [],
    ]);
  });

  it.each([
    [12344.99, '12340.00', 'deductions', '4.99'],
    [12345.0, '12350.00', 'earnings', '5.00'],
    [12345.01, '12350.00', 'earnings', '4.99'],
    ['12340.00', '12340.00', null, null],
    [-12345.5, '-12350.00', 'deductions', '4.50'],
  ] as const)('net pay %s prints %s with the Round Off line on %s (%s)', (amount, rounded, side, roundOff) => {
    const f = figures([h(1, 'Basic', 20000, true), net(amount)]);
    expect(toDecimalString(f.rounding.rounded)).toBe(rounded);
    const inE = f.earnings.filter((l) => l.kind === 'roundOff');
    const inD = f.deductions.filter((l) => l.kind === 'roundOff');
    expect({ earnings: inE.map((l) => toDecimalString(l.amount)), deductions: inD.map((l) => toDecimalString(l.amount)) }).toEqual({
      earnings: side === 'earnings' ? [roundOff] : [],
      deductions: side === 'deductions' ? [roundOff] : [],
    });
  });

  it('writes the printed net pay in words; a negative net pay has none', () => {
    expect(figures([net(100000.4)]).netPayInWords).toBe('One Lakh Rupees Only');
    expect(figures([net(0)]).netPayInWords).toBe('Zero Rupees Only');
    expect(figures([net(-500)]).netPayInWords).toBeNull();
  });

  it('without a net-pay head the net pay is 0 and there is no Round Off line', () => {
    const f = figures([h(1, 'Basic', 15000, true), h(11, 'Professional Tax', 150, false)]);
    expect([f.netPay, f.rounding.rounded, f.intermediateNetPay]).toEqual([0n, 0n, 0n]);
    expect([...f.earnings, ...f.deductions].some((l) => l.kind === 'roundOff')).toBe(false);
    expect(f.netPayInWords).toBe('Zero Rupees Only');
  });

  it.each([Number.NaN, 'abc', null, undefined])(
    'a net pay that cannot be rounded (%s) is 0 without a Round Off line (spec section 8)',
    (amount) => {
      const f = figures([h(1, 'Basic', 100, true), net(amount)]);
      expect([f.netPay, f.rounding.rounded]).toEqual([0n, 0n]);
      expect(show(f.earnings)).toEqual(['Basic 100.00']);
    },
  );

  it('head 41 counts only as a deduction, printed or not, and only in the intermediate figure', () => {
    expect(HEAD_ADDED_TO_INTERMEDIATE_NET_PAY).toBe(41);
    const intermediate = (heads: PayslipHead[]) => toDecimalString(figures(heads).intermediateNetPay);
    expect(intermediate([net(1000), h(41, 'Advance', 250.5, false)])).toBe('1250.50');
    expect(intermediate([net(1000), h(41, 'Advance', 250.5, true)])).toBe('1000.00');
    expect(intermediate([net(1000)])).toBe('1000.00');
    expect(intermediate([h(41, 'Advance', 250.5, false, { isPrinted: false })])).toBe('250.50');
    expect(intermediate([net('1000.10'), h(41, 'Advance', '0.20', false)])).toBe('1000.30');
  });

  it('reads amounts exactly, as numbers or decimal strings', () => {
    const f = figures([h(1, 'A', 0.1, true), h(2, 'B', 0.2, true), h(3, 'C', '1,00,000.005', true)]);
    expect(f.earnings.map((l) => l.amount)).toEqual([10n, 20n, 10_000_001n]);
  });
});

describe('a head whose amount is not a number', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', null, undefined, true, {}])(
    '%s in a printed head fails this slip, naming the head',
    (amount) => {
      let error: unknown;
      try {
        figures([h(1, 'Basic', 100, true), h(7, 'Bonus\r\nPay', amount, true), h(10, 'PF', 12, false)]);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PayslipFiguresError);
      expect((error as PayslipFiguresError).problems).toEqual([{ earningDeductionId: 7, printName: 'Bonus\r\nPay', amount }]);
      expect((error as PayslipFiguresError).message).toMatch(/^Salary head 'Bonus Pay' \(7\) has the amount .*, not a number$/);
    },
  );

  it('names every such head once, in the order given, head 41 included', () => {
    expect(() => figures([h(41, 'Advance', 'x', false), h(1, 'Basic', 'y', true), net(100)])).toThrow(
      "Salary head 'Advance' (41) has the amount 'x', not a number; Salary head 'Basic' (1) has the amount 'y', not a number",
    );
    expect(() => figures([h(41, 'Advance', 'x', false, { isPrinted: false })])).toThrow(PayslipFiguresError);
  });

  it('in a head that is not printed (and not head 41) changes nothing', () => {
    expect(show(figures([h(1, 'Basic', 100, true), h(20, 'Gross', 'n/a', true, { isPrinted: false })]).earnings)).toEqual(['Basic 100.00']);
  });
});
