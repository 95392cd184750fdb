// Issue 27 end to end: an employee resigns from self-service, the reporting manager and HR approve, the payroll office
// computes the full and final settlement, an approver approves it and its statement downloads as a PDF. At 1,366 × 768
// and on a phone (390 × 844). Karthik (employee2) leaves well after this month, so the other files' months and his
// sign-in are untouched.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);

describe('exit: resignation to settlement PDF', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('resigns, is approved in two levels, gets a settlement computed, approved and printed', async () => {
    const page = ctx.page;
    const lastDay = addDays(new Date(), 45);
    await signInWithToken(page, 'employee2', MENU.mySeparation);
    await page.getByTestId('new-separation').click();
    await page.getByTestId('separation-last-day').fill(lastDay);
    await page.getByTestId('separation-reason').fill('Moving to my home town');
    await page.getByTestId('separation-save').click();
    await page.getByTestId('separation-view').waitFor({ timeout: 90_000 });
    await screenshot(page, 'exits-resigned-1366');
    const [own] = (await apiRequest('/api/exits/separations?mine=1', { user: 'employee2' })).body.rows;
    expect(own).toMatchObject({ status: 'pending', lastDay });

    // Level 1 (no reporting manager in the branch: an approver of the unit), then HR.
    await signInWithToken(page, 'manager', MENU.separation);
    await page.getByTestId('separation-row').first().click();
    await page.getByTestId('separation-approve').click();
    await expect.poll(async () => (await apiRequest(`/api/exits/separations/${own.id}`, { user: 'admin' })).body.approval.level).toBe(2);
    const hr = await apiRequest(`/api/exits/separations/${own.id}/action`, { user: 'admin', body: { action: 'approve' } });
    expect(hr.body.status).toBe('approved');

    // The payroll office computes the settlement from the separation.
    await signInWithToken(page, 'payroll', MENU.separation);
    await page.getByTestId('separation-row').first().click();
    await page.getByTestId('compute-settlement').click();
    await page.waitForURL(/full-final-settlement\/\d+$/, { timeout: 90_000 });
    await page.getByTestId('lines-earnings').waitFor({ timeout: 90_000 });
    // The last month's salary to the last day, through the payroll engine.
    expect(await page.getByTestId('lines-earnings').textContent()).toMatch(/Basic\d+ of \d+ days of \d{4}-\d{2}/);
    await screenshot(page, 'exits-settlement-1366');
    const id = Number(page.url().split('/').pop());

    // An approver approves it; the statement downloads.
    await signInWithToken(page, 'admin', `${MENU.settlement}/${id}`);
    await page.getByTestId('settlement-approve').click();
    await expect.poll(async () => (await apiRequest(`/api/exits/settlements/${id}`, { user: 'admin' })).body.status).toBe('approved');
    const dir = mkdtempSync(path.join(tmpdir(), 'fnf-'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-statement').click()]);
    expect(download.suggestedFilename()).toMatch(/^Full_and_Final_Settlement_.+\.pdf$/);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('FULL AND FINAL SETTLEMENT STATEMENT');
    expect(text).toMatch(/Net amount payable|Amount the employee owes/);
    // Paid as a month's salary is: marked paid with the value date and the bank's UTR; the screen says paid on.
    const approved = (await apiRequest(`/api/exits/settlements/${id}`, { user: 'admin' })).body;
    if (approved.net > 0) {
      await page.getByTestId('settlement-payment').waitFor();
      // Not before the last working day; typed as a user types it, dd/mm/yyyy.
      await page.locator('#pay-value-date').fill(lastDay.split('-').reverse().join('/'));
      await page.getByTestId('pay-reference').fill('UTR20261128001');
      await page.getByTestId('settlement-mark-paid').click();
      await expect.poll(async () => (await apiRequest(`/api/exits/settlements/${id}`, { user: 'admin' })).body.paymentStatus).toBe('paid');
      await page
        .getByTestId('settlement-paid')
        .getByText(/Paid on \d{2}\/\d{2}\/\d{4}/)
        .waitFor();
      await screenshot(page, 'exits-settlement-paid-1366');
    }
    await page.goto(MENU.settlement);
    await page.getByTestId('settlement-row').first().waitFor();
    await screenshot(page, 'exits-settlements-1366');

    // The employee's record shows the separation and the settlement.
    await page.goto(MENU.employee);
    await page.getByTestId('employee-search').fill(approved.employeeCode);
    await expect.poll(() => page.getByTestId('employee-row').count()).toBe(1);
    await page.getByTestId('employee-row').first().click();
    await page.getByRole('tab', { name: 'Separation' }).click();
    await page.getByTestId('employee-exit').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('employee-exit').textContent()).toContain('Resignation');
    await screenshot(page, 'exits-employee-record-1366');
  });
});

describe('exit screens on a phone', () => {
  const ctx = useBrowser({ viewport: { width: 390, height: 844 } });
  it('lists the settlements and shows one with its lines', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.settlement);
    await page.getByTestId('settlement-row').first().click();
    await page.getByTestId('lines-earnings').waitFor({ timeout: 90_000 });
    await screenshot(page, 'exits-settlement-390');
    // The settlement's own content fits the phone's width (the shell's header is not this screen's).
    const box = await page.getByTestId('lines-earnings').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });
});
