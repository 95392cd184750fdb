// A member's share of approved statutory PF arrears (issue 25) on the payslip: recovered (negative) or refunded,
// named with the month it belongs to, in the arrears table under the salary table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPayslipPdf } from './node';
import { arrearsLabel } from './payslip-arrears';
import { SAMPLE_RECORD_MEERA } from './samples';
import { describeWithPoppler } from './testing/poppler';

describe('PF arrears on the payslip', () => {
  it('names a recovery and a refund of the employee share with the month', () => {
    expect(arrearsLabel({ month: '2026-09', amount: -640, kind: 'pf' })).toBe('PF arrears, employee share recovered, for September 2026');
    expect(arrearsLabel({ month: '2026-10', amount: 120.5, kind: 'pf' })).toBe('PF arrears, employee share refunded, for October 2026');
  });
});

describeWithPoppler('PF arrears on the printed payslip', () => {
  it('prints the line with its amount', async () => {
    const pdf = await renderPayslipPdf([{ ...SAMPLE_RECORD_MEERA, arrearsLines: [{ month: '2026-09', amount: -640.25, kind: 'pf' }] }]);
    const dir = mkdtempSync(join(tmpdir(), 'pf-arrears-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      const text = spawnSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).stdout.replace(/[ \t]+/g, ' ');
      expect(text).toContain('PF arrears, employee share recovered, for September 2026 -640.25');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
