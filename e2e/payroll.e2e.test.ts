// A month's salary in Chromium, as a payroll office works: the payroll officer processes this month's run of a
// unit (progress, then the employees' lines), the unit's salary approver approves it (not the manager: it pays him), the
// officer locks it and downloads the payslips (one PDF page each); then the employee downloads their own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-payroll-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('salary process', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('process → approve → lock → payslips, then the employee downloads theirs', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryProcess);
    const draft = page.getByTestId('run-row').filter({ hasText: 'Head Office Bengaluru' }).filter({ hasText: /draft/i }).first();
    await draft.click();
    await page.getByTestId('salary-run').waitFor();
    const runUrl = page.url();
    // The month's attendance the run will use: the head office pays by daily attendance (its terminal's punches).
    await page.getByTestId('attendance-toggle').click();
    await expect.poll(() => page.getByTestId('run-attendance').textContent()).toContain('From daily attendance');
    await page.getByTestId('run-process').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toMatch(/processed/i);
    await page.getByTestId('run-totals').waitFor();
    await expect.poll(() => page.getByTestId('run-employee-row').count()).toBeGreaterThan(5);
    // Every employee of the run (the table pages at 50): 'Total of N employees'.
    const rows = Number(/Total of (\d+) employees/.exec((await page.getByTestId('run-totals').textContent()) ?? '')?.[1]);
    await screenshot(page, 'payroll-run-processed');

    // The head office's approver is the administrator; the manager, paid by this run, is offered no approval.
    await signInWithToken(page, 'manager', runUrl.replace(/^https?:\/\/[^/]+/, ''));
    await expect.poll(() => page.getByTestId('approval-history').textContent()).toMatch(/Deepa Iyer/);
    expect(await page.getByTestId('run-approve').count()).toBe(0);
    await signInWithToken(page, 'admin', runUrl.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('run-approve').click();
    // Employees another e2e file added to the head office without a salary structure fail the run: approving it then
    // needs the reason to pay the others without them (they get an off-cycle run once corrected).
    await page.getByTestId('confirm-approve').waitFor();
    const reason = page.getByTestId('approve-without-reason');
    if (await reason.isVisible()) await reason.fill('Structures awaited from HR; the others are paid on time');
    await page.getByTestId('confirm-approve').click();
    await expect.poll(() => page.getByTestId('run-status').textContent()).toMatch(/approved/i);

    await signInWithToken(page, 'payroll', runUrl.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByTestId('run-lock').click();
    // The date of payment: a day before the wage month is refused on its field, the first of the month is taken.
    const status = await page.getByTestId('run-status').textContent();
    const ym = await page.evaluate(() => {
      const d = new Date(new Date().toLocaleString('en-US', { timeZone: 'Asia/Kolkata' }));
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    });
    // The one date field reads dd/mm/yyyy.
    await page.getByTestId('run-paid-on').fill('01/01/2001');
    await page.getByTestId('confirm-lock').click();
    await expect
      .poll(() =>
        page
          .getByText(/Not before/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByTestId('run-status').textContent()).toBe(status);
    await page.getByTestId('run-paid-on').fill(`01/${ym.slice(5)}/${ym.slice(0, 4)}`);
    await page.getByTestId('confirm-lock').click();
    await expect.poll(() => page.getByTestId('run-status').textContent()).toMatch(/locked/i);
    await expect.poll(() => page.getByTestId('run-process').count()).toBe(0);
    expect(await page.getByTestId('run-paid-on-value').textContent()).toBe(`01/${ym.slice(5)}/${ym.slice(0, 4)}`);

    await page.getByTestId('run-payslips').hover();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('run-payslips').click()]);
    expect(download.suggestedFilename()).toMatch(/^Pay_Slip_.+\.pdf$/);
    const file = path.join(dir, 'payslips.pdf');
    await download.saveAs(file);
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])).toBe(rows);
    await screenshot(page, 'payroll-run-locked');

    // The employee: the newest month offered is the one just locked.
    await signInWithToken(page, 'employee1', MENU.payslip);
    const [mine] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('download-my-payslip').click()]);
    const own = path.join(dir, 'mine.pdf');
    await mine.saveAs(own);
    const text = execFileSync('pdftotext', ['-layout', own, '-'], { encoding: 'utf8' });
    expect(text).toContain('Priya Sharma');
    expect(text).toContain('Net INR Payble(Round off)');
    await screenshot(page, 'payroll-my-payslip');
  });
});

describe('employee bonus', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the payroll officer computes the statutory bonus of a unit; an administrator approves it', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.employeeBonus);
    await page.getByTestId('new-bonus').click();
    await page.getByTestId('bonus-unit').click();
    await page.getByRole('option', { name: 'Head Office Bengaluru', exact: true }).click();
    // This month's salary was locked above: the bonus is paid separately.
    await page.getByText('Separately', { exact: true }).click();
    await page.getByTestId('save-bonus').click();
    await page.getByTestId('bonus').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('bonus-line').count()).toBeGreaterThan(5);
    expect(await page.getByTestId('bonus-status').textContent()).toMatch(/awaiting approval/i);
    await screenshot(page, 'payroll-bonus');
    const url = page.url().replace(/^https?:\/\/[^/]+/, '');
    await signInWithToken(page, 'admin', url);
    await page.getByTestId('bonus-approve').click();
    await page.getByTestId('confirm-bonus-action').click(); // approving asks for confirmation
    await expect.poll(() => page.getByTestId('bonus-status').textContent()).toMatch(/approved/i);
  });
});
