import { describe, expect, it } from 'vitest';
import { arrearsLabel, arrearsTable } from './payslip-arrears';

describe('the arrears a payslip holds, by month', () => {
  it('names each line: a loss-of-pay recovery or reversal with its days, a revised salary’s arrears', () => {
    expect(arrearsLabel({ month: '2026-10', amount: -2580.65, kind: 'lop', days: -2 })).toBe(
      'Loss-of-pay recovery for October 2026 (2 days)',
    );
    expect(arrearsLabel({ month: '2026-09', amount: 1290.32, kind: 'lop', days: 1 })).toBe(
      'Loss-of-pay reversal for September 2026 (1 day)',
    );
    expect(arrearsLabel({ month: '2026-08', amount: 3000, kind: 'lop', days: 0.5 })).toBe(
      'Loss-of-pay reversal for August 2026 (0.5 days)',
    );
    expect(arrearsLabel({ month: '2026-07', amount: 1500 })).toBe('Arrears of revised salary for July 2026');
  });

  // The payslip drawn by payslip-pdf.ts prints the same lines (payslip-pdf.test.ts reads them back).
  it('prints a table (the wage slip) only when the slip has arrears lines', () => {
    expect(arrearsTable([])).toBeNull();
    expect(arrearsTable(undefined)).toBeNull();
    const withLines = JSON.stringify(arrearsTable([{ month: '2026-10', amount: -2580.65, kind: 'lop', days: -2 }]));
    expect(withLines).toContain('Loss-of-pay recovery for October 2026 (2 days)');
    expect(withLines).toContain('-2,580.65');
  });
});
