// Statutory arrears in Chromium (/outlet/transaction/statutory-arrears, issue 25): the payroll office adds a PF row
// that reaches back into last month (locked) through the API; its arrears are listed at once, per unit and month,
// with the employee and employer shares, EPS, EDLI and admin charges. The administrator opens one, sees its
// employees, and rejects it with a remark; approves another, where the dialog asks who bears the members' share —
// the employer by default (EPF Scheme para 32), so nothing reaches the pay of the files after this one (recovery from
// the members is covered by the API tests). A second row from this month's first day restores the figures in force,
// so later files compute this month as before. Looked at on a laptop (1366 × 768) and a phone (390 × 844).
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const URL = '/api/statutory/parameters';
const source = {
  notification: 'Test notification 8/2026 (e2e)',
  notificationDate: '2026-11-20',
  sourceUrl: 'https://example.in/gazette/8',
};

async function addBackDatedRow(): Promise<void> {
  const runs = await apiRequest('/api/payroll/runs?status=draft', { user: 'payroll' });
  const { year, month } = runs.body.rows[0] as { year: number; month: number };
  const t = year * 12 + month - 2;
  const prev = `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
  const cur = `${year}-${String(month).padStart(2, '0')}`;
  const inForce = (await apiRequest(`${URL}?kind=pf&on=${prev}-01`, { user: 'admin' })).body.inForce[0];
  const late = { ...inForce.data, wageCeiling: 30000, edliWageCeiling: 30000, midMonthRule: 'dayWeighted' };
  const added = await apiRequest(URL, { user: 'payroll', body: { kind: 'pf', effectiveFrom: `${prev}-10`, data: late, ...source } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const back = await apiRequest(URL, { user: 'payroll', body: { kind: 'pf', effectiveFrom: `${cur}-01`, data: inForce.data, ...source } });
  expect(back.status, JSON.stringify(back.body)).toBe(201);
}

describe('Statutory arrears', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('a back-dated PF row is listed at once; the administrator opens a record and rejects it', async () => {
    await addBackDatedRow();
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.statutoryArrears);
    const rows = page.getByTestId('arrear-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain('Pending approval');
    await expect.poll(() => page.getByTestId('raise-arrears').isVisible(), { timeout: 90_000 }).toBe(true);
    await screenshot(page, 'statutory-arrears-list-1366');

    await rows.first().click();
    const dialog = page.getByTestId('arrear-dialog');
    await dialog.getByTestId('arrear-lines').waitFor();
    expect(await dialog.textContent()).toContain('PF parameters from');
    expect(await dialog.getByTestId('arrear-lines').locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'statutory-arrears-record-1366');

    await dialog.getByTestId('arrear-reject').click();
    await dialog.getByTestId('arrear-confirm').click();
    await expect.poll(() => dialog.textContent(), { timeout: 90_000 }).toContain('Say why the arrears are rejected');
    await dialog.locator('#arrear-remark').fill('Paid by hand (e2e)');
    await dialog.getByTestId('arrear-confirm').click();
    await expect.poll(() => dialog.textContent(), { timeout: 90_000 }).toContain('Rejected');
    expect(await dialog.getByTestId('arrear-approve').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // Another record approved: the employer bears the members' share unless the approver chooses otherwise.
    expect(await rows.count()).toBeGreaterThan(1);
    await rows.nth(1).click();
    await dialog.getByTestId('arrear-lines').waitFor();
    await dialog.getByTestId('arrear-approve').click();
    const choice = dialog.getByTestId('arrear-share-choice');
    await choice.waitFor();
    expect(await choice.locator('input[value="employer"]').isChecked()).toBe(true);
    expect(await choice.textContent()).toContain('para 32');
    await screenshot(page, 'statutory-arrears-approve-1366');
    await dialog.getByTestId('arrear-confirm').click();
    await expect.poll(() => dialog.getByTestId('arrear-share-by').textContent(), { timeout: 90_000 }).toContain('Employer bears');
    expect(await dialog.getByTestId('arrear-lines').textContent()).toContain('Borne by the employer');
  });

  it('fits a phone', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, 'admin', MENU.statutoryArrears);
    await page.getByTestId('arrear-row').first().waitFor();
    // The screen's own parts stay within the phone's width (the table scrolls inside its frame).
    for (const part of [page.getByTestId('raise-arrears'), page.getByTestId('arrear-row').first().locator('td').first()]) {
      const box = await part.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.getByTestId('arrear-row').first().textContent()).toMatch(/employees? · total ₹/);
    await screenshot(page, 'statutory-arrears-list-390');
    await page.getByTestId('arrear-row').first().click();
    await page.getByTestId('arrear-lines').waitFor();
    const dialog = await page.getByTestId('arrear-dialog').boundingBox();
    expect(dialog && dialog.x + dialog.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'statutory-arrears-record-390');
    await page.keyboard.press('Escape');
    await page.getByTestId('arrear-dialog').waitFor({ state: 'hidden' });
    // A pending record's approval, with the choice of who bears the members' share, on the phone.
    const pending = page.getByTestId('arrear-row').filter({ hasText: 'Pending approval' }).first();
    await pending.click();
    await page.getByTestId('arrear-approve').click();
    await page.getByTestId('arrear-share-choice').waitFor();
    const choice = await page.getByTestId('arrear-share-choice').boundingBox();
    expect(choice && choice.x + choice.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'statutory-arrears-approve-390');
  });
});
