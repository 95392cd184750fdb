// Paying a locked month in Chromium (issue 26): the payroll officer opens last month's locked run of the head office,
// downloads the bank file from the Payment panel (the generic NEFT/RTGS CSV: a heading row, one row per employee paid
// by bank, each amount the payslip's rounded net, summing to the run's total), then the advice letter, and marks the
// run paid with the bank's reference: every employee shows paid, nothing is pending. Also at 390×844.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const paise = (rupees: string | number) => Math.round(Number(rupees) * 100);

describe('paying a salary run', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('downloads the bank file and the advice letter from the run screen, then marks the run paid', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryProcess);
    const locked = page
      .getByTestId('run-row')
      .filter({ hasText: 'Head Office Bengaluru' })
      .filter({ hasText: /locked/i })
      .first();
    await locked.click();
    await page.getByTestId('salary-run').waitFor();
    await page.getByTestId('payment-table').waitFor();
    const runId = Number(
      (
        await apiRequest<{ rows: { id: number; unitName: string; status: string }[] }>('/api/payroll/runs?status=locked&pageSize=50', {
          user: 'payroll',
        })
      ).body.rows.find((r) => r.unitName === 'Head Office Bengaluru')?.id,
    );
    const run = (await apiRequest<{ net: number; month: number; year: number }>(`/api/payroll/runs/${runId}`, { user: 'payroll' })).body;
    expect(await page.getByTestId('run-status').textContent()).toMatch(/locked/i);

    // The bank file in the generic layout (the first offered).
    expect(await page.getByTestId('bank-layout').locator('option:checked').textContent()).toMatch(/Generic NEFT\/RTGS/);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByTestId('download-bank-file').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Bank_File_.+\.csv$/);
    const file = path.join(dir, 'bank.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    const header = lines[0].split(',');
    for (const h of ['Employee Code', 'Account Number', 'IFSC', 'Amount']) expect(header).toContain(h);
    const amount = header.indexOf('Amount');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBe(await page.locator('[data-testid^="payment-row-"]').count());
    expect(rows.reduce((s, r) => s + paise(r[amount]), 0)).toBe(paise(run.net));
    for (const r of rows) expect(r[amount]).toMatch(/^\d+\.\d{2}$/);

    // The advice letter (PDF).
    const [advice] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByTestId('download-bank-advice').click(),
    ]);
    expect(advice.suggestedFilename()).toMatch(/^Bank_Advice_.+\.pdf$/);
    const pdf = path.join(dir, 'advice.pdf');
    await advice.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'payments-panel');

    // Marked paid with the bank's reference: nobody is pending.
    await page.getByTestId('mark-run-paid').click();
    const ym = `${run.year}-${String(run.month).padStart(2, '0')}`;
    await page.getByTestId('pay-value-date').fill(`${ym}-28`);
    await page.getByTestId('pay-utr').fill('HDFCN52026E2E0001');
    await page.getByTestId('confirm-mark-paid').click();
    await expect.poll(() => page.getByTestId('payment-pending').textContent(), { timeout: 90_000 }).toBe('₹0.00');
    await expect.poll(() => page.getByTestId('payment-table').getByText('Pending').count(), { timeout: 90_000 }).toBe(0);
    expect(await page.getByTestId('payment-table').getByText('HDFCN52026E2E0001').count()).toBe(rows.length);
    await screenshot(page, 'payments-paid');

    // An administrator adds a bank's layout on the panel (pipe-separated, no heading row) and the file is written in it.
    const runPath = page.url().replace(/^https?:\/\/[^/]+/, '');
    await signInWithToken(page, 'admin', runPath);
    await page.getByTestId('add-bank-layout').click();
    await page.getByTestId('layout-name').fill('E2E Bank pipe layout');
    await page.locator('#layout-delimiter').selectOption('|');
    await page.getByLabel('The first row carries the column headings').uncheck();
    await page.locator('#layout-source').fill('The branch’s circular');
    await screenshot(page, 'payments-add-layout');
    await page.getByTestId('save-layout').click();
    await expect.poll(() => page.getByTestId('bank-layout').locator('option:checked').textContent()).toBe('E2E Bank pipe layout');
    const [piped] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('download-bank-file').click()]);
    const pipedFile = path.join(dir, 'piped.csv');
    await piped.saveAs(pipedFile);
    const pipedLines = readFileSync(pipedFile, 'utf8').trim().split(/\r?\n/);
    expect(pipedLines).toHaveLength(rows.length);
    expect(pipedLines[0].split('|')).toHaveLength(4);

    // On a phone the panel stays usable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('run-payment').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('download-bank-file').isVisible()).toBe(true);
    await screenshot(page, 'payments-phone');
  });
});
