// Keeping the law current in Chromium (/outlet/statutory-parameters, issue 25): the administrator picks
// Karnataka's professional tax, adds a row from 1 January 2027 starting from the figures in force, is told
// which band a wrong "from" leaves out (the server's field error, shown under the band), puts it right with ₹250
// for salaries of ₹25,000 and more, and sees the row listed as the employer's, in force from that day. The row
// is deactivated through the API afterwards.
import { MENU } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const URL = '/api/statutory/parameters';
const FROM = '2027-01-01';

describe('Statutory parameters', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  afterAll(async () => {
    const list = await apiRequest(`${URL}?kind=pt&state=KA&on=${FROM}`, { user: 'admin' });
    for (const r of list.body?.history ?? []) {
      if (r.origin === 'employer' && r.isActive && r.effectiveFrom === FROM)
        await apiRequest(`${URL}/${r.id}`, { method: 'DELETE', user: 'admin' });
    }
  });

  it('the administrator adds a professional tax row and sees it listed', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.statutoryParameters);
    await page.getByTestId('parameter-card').waitFor();

    await page.getByTestId('kind-select').click();
    await page.getByRole('option', { name: 'Professional tax' }).click();
    await page.getByTestId('state-select').click();
    await page.getByRole('option', { name: /^Karnataka/ }).click();
    // Karnataka's release row in force: ₹200 from ₹25,000, ₹300 in February.
    const card = page.getByTestId('parameter-card');
    await expect.poll(() => card.textContent()).toContain('Karnataka');
    await expect.poll(() => card.getByTestId('band-row').last().textContent()).toContain('₹25,000 and above');
    expect(await card.textContent()).toContain('Release');

    await page.getByTestId('add-parameter').click();
    const dialog = page.getByTestId('parameter-dialog');
    await dialog.waitFor();
    await dialog.locator('#p-effective').fill(FROM);
    await dialog.locator('#p-notification').fill('Karnataka Act 99 of 2026 (test)');
    await dialog.locator('#p-notification-date').fill('2026-11-20');
    await dialog.locator('#p-url').fill('https://example.in/gazette/ka-99-2026');
    // The second band begins at ₹26,000: ₹25,000–₹25,999 would fall in no band.
    await dialog.locator('[id="data.slabs.1.from"]').fill('26000');
    await dialog.getByTestId('save-parameter').click();
    await expect.poll(() => dialog.textContent()).toContain('₹25,000–₹25,999 falls in no band');
    await screenshot(page, 'statutory-parameters-band-error');

    await dialog.locator('[id="data.slabs.1.from"]').fill('25000');
    await dialog.locator('[id="data.slabs.1.amount"]').fill('250');
    await dialog.getByTestId('save-parameter').click();
    await page.getByText('Row added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Listed: the employer's row above the release's, in force from its day with ₹250.
    const rows = page.getByTestId('parameter-row');
    await expect.poll(() => rows.first().textContent()).toContain('Employer');
    expect(await rows.first().textContent()).toContain('Karnataka Act 99 of 2026 (test)');
    expect(await rows.nth(1).textContent()).toContain('Release');
    await page.locator('#sp-on').fill('2027-01-15');
    await expect.poll(() => card.textContent()).toContain('Employer');
    await expect.poll(() => card.getByTestId('band-row').last().textContent()).toMatch(/₹25,000 and above\s*₹250/);
    expect(await card.getByRole('link', { name: /Read it/ }).getAttribute('href')).toBe('https://example.in/gazette/ka-99-2026');
    await screenshot(page, 'statutory-parameters-added');

    const api = await apiRequest(`${URL}?kind=pt&state=KA&on=2027-01-15`, { user: 'admin' });
    expect(api.body.inForce[0]).toMatchObject({
      origin: 'employer',
      effectiveFrom: FROM,
      data: { slabs: [{ amount: 0 }, { upTo: null, amount: 250 }] },
    });
  });

  it('shows the gratuity ceiling and the leave-encashment limit with their notifications, at both widths', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.statutoryParameters);
    await page.getByTestId('parameter-card').waitFor();
    await page.getByTestId('kind-select').click();
    await page.getByRole('option', { name: 'Gratuity — ceiling and tax exemption' }).click();
    const card = page.getByTestId('parameter-card');
    await expect.poll(() => card.textContent()).toContain('Most gratuity payable');
    expect(await card.textContent()).toContain('₹20,00,000');
    expect(await card.textContent()).toContain('Income-tax Act, 2025');
    expect(await page.getByTestId('parameter-row').last().textContent()).toContain('S.O. 1419(E)');
    await screenshot(page, 'statutory-parameters-gratuity');
    await page.getByTestId('kind-select').click();
    await page.getByRole('option', { name: 'Leave encashment — tax exemption' }).click();
    await expect.poll(() => card.textContent()).toContain('₹25,00,000');
    const rows = page.getByTestId('parameter-row');
    await expect.poll(() => rows.nth(1).textContent()).toContain('31/2023');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'statutory-parameters-leave-encashment-phone');
  });
});
