// The figures of one payslip (spec section 5, "Payslip content rules"), apart from any layout: which
// heads print on which side, the net pay rounded to the nearest 10 with its Round Off line, the
// amount in words, and the intermediate figure with deduction head 41. All in integer paise.
import { type Paise, toPaise } from './money';
import { type NetPayRounding, roundNetPay } from './rounding';
import { amountInWords } from './words';

/** The deduction head that is added back into the intermediate net-pay figure (spec section 9). */
export const HEAD_ADDED_TO_INTERMEDIATE_NET_PAY = 41;

/** One salary head as the payslip reads it (the contract's TSalaryHead is one). */
export interface PayslipHead {
  earningDeductionId: number;
  earningDeductionPrintName: string;
  /** Rupees as a number or a decimal string; anything else makes the slip's figures fail (PayslipFiguresError). */
  amount?: unknown;
  isEarning: boolean;
  isPrinted: boolean;
  isNetPayHead?: boolean;
}

/** A line of the payslip's salary table: a head as given (print name untouched), or the Round Off line. */
export type PayslipLine =
  | { kind: 'head'; earningDeductionId: number; printName: string; amount: Paise }
  | { kind: 'roundOff'; amount: Paise };

export interface PayslipFigures {
  /** Printed earning heads other than the net-pay head, in the order given, then Round Off when the difference is positive. */
  earnings: PayslipLine[];
  /** Printed non-earning heads, in the order given, then Round Off (absolute value) when the difference is negative. */
  deductions: PayslipLine[];
  /** The net-pay head's amount; 0 without a net-pay head or when its amount cannot be read (spec section 8). */
  netPay: Paise;
  /** The net pay rounded to the nearest 10 (all zero without a net-pay head): `rounding.rounded` is the printed net pay. */
  rounding: NetPayRounding;
  /** The printed net pay in words ('… Rupees Only'); null when it is negative. */
  netPayInWords: string | null;
  /** Net pay plus the amount of deduction head 41: computed as the spec asks, never printed. */
  intermediateNetPay: Paise;
}

export interface PayslipHeadProblem {
  earningDeductionId: number;
  printName: string;
  amount: unknown;
}

/** A head the payslip needs has an amount that is not a number: this slip cannot be printed (the others can). */
export class PayslipFiguresError extends RangeError {
  constructor(readonly problems: readonly PayslipHeadProblem[]) {
    super(
      problems
        .map(
          (p) =>
            `Salary head '${p.printName.replace(/\s+/g, ' ').trim()}' (${p.earningDeductionId}) has the amount ${describe(p.amount)}, not a number`,
        )
        .join('; '),
    );
    this.name = 'PayslipFiguresError';
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value == null) return String(value);
  return typeof value;
}

/** Reads a head's amount in paise; null when it is not a number. */
function amountOf(head: PayslipHead): Paise | null {
  if (typeof head.amount !== 'number' && typeof head.amount !== 'string') return null;
  try {
    return toPaise(head.amount);
  } catch {
    return null;
  }
}

/**
 * Every figure of one payslip from its salary heads. A printed head or deduction head 41 whose amount
 * is not a number throws PayslipFiguresError naming each such head; the net-pay head is the exception
 * the spec makes (a round-off that cannot be computed yields 0).
 */
export function payslipFigures(heads: readonly PayslipHead[]): PayslipFigures {
  const unreadable = new Set<PayslipHead>();
  const amount = (head: PayslipHead): Paise => {
    const paise = amountOf(head);
    if (paise === null) unreadable.add(head);
    return paise ?? 0n;
  };
  const line = (head: PayslipHead): PayslipLine => ({
    kind: 'head',
    earningDeductionId: head.earningDeductionId,
    printName: head.earningDeductionPrintName,
    amount: amount(head),
  });
  const earnings = heads.filter((h) => h.isEarning && h.isPrinted && !h.isNetPayHead).map(line);
  const deductions = heads.filter((h) => h.isPrinted && !h.isEarning).map(line);

  const rounding = roundNetPay(heads.find((h) => h.isNetPayHead)?.amount);
  if (rounding.side === 'earnings') earnings.push({ kind: 'roundOff', amount: rounding.roundOffAmount });
  if (rounding.side === 'deductions') deductions.push({ kind: 'roundOff', amount: rounding.roundOffAmount });

  const head41 = heads.find((h) => h.earningDeductionId === HEAD_ADDED_TO_INTERMEDIATE_NET_PAY && !h.isEarning);
  const head41Amount = head41 ? amount(head41) : 0n;
  if (unreadable.size) {
    throw new PayslipFiguresError(
      heads
        .filter((h) => unreadable.has(h))
        .map((h) => ({ earningDeductionId: h.earningDeductionId, printName: h.earningDeductionPrintName, amount: h.amount })),
    );
  }

  return {
    earnings,
    deductions,
    netPay: rounding.netPay,
    rounding,
    netPayInWords: rounding.rounded >= 0n ? amountInWords(rounding.rounded) : null,
    intermediateNetPay: rounding.netPay + head41Amount,
  };
}
