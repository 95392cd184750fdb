// The income-tax declaration in Chromium (/outlet/me/tax-declaration): the demo employee chooses the old regime,
// declares rent and ₹1.5 L under section 80C, saves, and the regime comparison beside the form follows the saved
// figures (the old regime's deductions and taxable income); a reload shows the declaration as saved. The
// declaration is put back to the defaults afterwards through the API.
import { MENU } from '@hr/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

/** '-₹1,50,000.00' → -150000. */
const rupees = (text: string | null): number => Number((text ?? '').replace(/[₹,\s]/g, ''));

/** The old regime's figure (third cell) of a comparison row. */
const oldRegime = (page: Page, row: RegExp) => page.getByRole('row', { name: row }).getByRole('cell').nth(2);

let financialYear: string | null = null;

describe('Income tax declaration', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 1000 } });

  afterAll(async () => {
    if (financialYear) {
      await apiRequest('/api/payroll/tax-declarations/me', {
        method: 'PUT',
        user: 'employee1',
        body: { financialYear, regime: 'new' },
      });
    }
  });

  // From the tax year 2026-27 the screen cites the Income-tax Act, 2025's section with the 1961 one beside it.
  const SECTION_80C = /^(123 \[80C\]|80C)$/;

  it('an employee fills rent and 80C, saves, and the regime comparison changes', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'employee1', MENU.taxDeclaration);
    const year = page.locator('#decl-fy');
    await expect.poll(() => year.textContent()).toMatch(/^\d{4}-\d{2}$/);
    financialYear = ((await year.textContent()) ?? '').trim();
    const taxable = oldRegime(page, /Taxable income/);
    await taxable.waitFor({ timeout: 90_000 });
    const before = rupees(await taxable.textContent());
    expect(rupees(await oldRegime(page, /Deductions allowed/).textContent())).toBe(0);

    await page.getByLabel('Tax regime').click();
    await page.getByRole('option', { name: 'Old regime (exemptions and deductions)' }).click();
    await page.getByLabel('Rent paid a month').fill('20000');
    // The contract's check of the request, on the line typed: paise at most, nothing sent.
    await page.getByLabel(SECTION_80C).fill('1500.555');
    await page.getByRole('button', { name: 'Save the declaration' }).click();
    await expect.poll(() => page.getByText('At most two decimals (paise)').count()).toBe(1);
    expect(await page.getByLabel(SECTION_80C).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel(SECTION_80C).fill('150000');
    await expect.poll(() => page.getByText('At most two decimals (paise)').count()).toBe(0);
    await screenshot(page, 'tax-declaration-filled');
    await page.getByRole('button', { name: 'Save the declaration' }).click();
    await page.getByText('Declaration saved').waitFor();

    // The comparison is worked out again from the saved figures: 80C counts in the old regime only.
    await expect.poll(async () => rupees(await oldRegime(page, /Deductions allowed/).textContent())).toBe(-150000);
    await expect.poll(async () => rupees(await taxable.textContent())).toBeLessThanOrEqual(Math.max(before - 150000, 0));
    const newDeductions = page
      .getByRole('row', { name: /Deductions allowed/ })
      .getByRole('cell')
      .nth(1);
    expect(rupees(await newDeductions.textContent())).toBe(0);
    await screenshot(page, 'tax-declaration-saved');

    // Saved: a fresh load shows the regime, the rent and the 80C line.
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await expect.poll(() => page.getByLabel('Tax regime').textContent()).toContain('Old regime');
    await expect.poll(() => page.getByLabel(SECTION_80C).inputValue()).toBe('150000');
    expect(await page.getByLabel('Rent paid a month').inputValue()).toBe('20000');
    const saved = await apiRequest('/api/payroll/tax-declarations/me', { user: 'employee1' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ regime: 'old', rentPerMonth: 20000, lines: [{ section: '80C', amount: 150000 }] });
    expect(saved.body.comparison.old.deductions).toEqual({ '80C': 150000 });
  });
});
