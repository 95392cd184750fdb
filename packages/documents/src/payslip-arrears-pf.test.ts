// A member's share of approved statutory PF arrears (issue 25) on the payslip: recovered (negative) or refunded,
// named with the month it belongs to, in the arrears table under the salary table.
import { describe, expect, it } from 'vitest';
import { buildPayslipDoc } from './payslip';
import { arrearsLabel } from './payslip-arrears';
import { SAMPLE_RECORD_MEERA } from './samples';

describe('PF arrears on the payslip', () => {
  it('names a recovery and a refund of the employee share with the month', () => {
    expect(arrearsLabel({ month: '2026-09', amount: -640, kind: 'pf' })).toBe('PF arrears, employee share recovered, for September 2026');
    expect(arrearsLabel({ month: '2026-10', amount: 120.5, kind: 'pf' })).toBe('PF arrears, employee share refunded, for October 2026');
  });

  it('prints the line with its amount', () => {
    const doc = JSON.stringify(
      buildPayslipDoc([{ ...SAMPLE_RECORD_MEERA, arrearsLines: [{ month: '2026-09', amount: -640.25, kind: 'pf' }] }]).content,
    );
    expect(doc).toContain('PF arrears, employee share recovered, for September 2026');
    expect(doc).toContain('-640.25');
  });
});
