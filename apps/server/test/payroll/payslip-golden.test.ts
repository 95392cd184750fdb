// Golden: the seeded employee's payslip of the last seeded month, as the employee downloads it (GET
// /api/payroll/payslips/me → the one payslip renderer, renderPayslipPdf → PDF), read back with pdftotext, matches the committed text.
// The month line depends on today's date, so it is written as {MONTH} / {YEAR} in the committed file.
// UPDATE_GOLDEN=1 rewrites the file after a deliberate change.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MONTH_NAMES } from '@hr/calendar';
import { renderPayslipPdf } from '@hr/documents/node';
import { describeWithPoppler } from '@hr/documents/testing/poppler';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

const golden = path.join(import.meta.dirname, 'golden', 'payslip-employee1.txt');
const dir = mkdtempSync(path.join(tmpdir(), 'hr-payslip-golden-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describeWithPoppler('the seeded payslip', () => {
  it("employee1's payslip of the last locked month matches the committed text, to the paisa", async () => {
    const me = api(t.app, await signIn(t.app, 'employee1'));
    const [latest] = (await me.get('/api/payroll/payslips/me/months')).json();
    const record = (await me.get(`/api/payroll/payslips/me?year=${latest.year}&month=${latest.month}`)).json();
    const file = path.join(dir, 'payslip.pdf');
    writeFileSync(file, await renderPayslipPdf([record]));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .replace(`${MONTH_NAMES[latest.month - 1].toUpperCase()} / ${latest.year}`, '{MONTH} / {YEAR}')
      .replace(/[ \t]+$/gm, '');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, text);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });
});
