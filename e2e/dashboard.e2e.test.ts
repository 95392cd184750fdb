import { describe, expect, it } from 'vitest';
import { apiRequest, screenshot, signInWithToken, useBrowser } from './support';

const ctx = useBrowser();
/** As the screen prints counts (Indian digit grouping). */
const n = (v: number) => new Intl.NumberFormat('en-IN').format(v);

type Figures = { active: number; onNotice: number; joinedThisMonth: number; exitedThisMonth: number; missingDocuments: number };
type Summary = { month: string; units: { code: string; name: string; figures: Figures | null }[] };

describe('dashboard figures', () => {
  it("shows the administrator each unit's headcount, notice, joiners, leavers and missing documents as the server counts them", async () => {
    const { page } = ctx;
    const summary = await apiRequest<Summary>('/api/dashboard/summary', { user: 'admin' });
    expect(summary.status).toBe(200);
    const blr = summary.body.units.find((u) => u.code === 'HO-BLR');
    expect(blr?.figures?.active).toBeGreaterThan(0);

    await signInWithToken(page, 'admin');
    const cards = page.getByTestId('unit-card');
    await expect.poll(() => cards.getByTestId('unit-figures').count()).toBe(summary.body.units.length);
    for (const u of summary.body.units) {
      const card = page.locator(`[data-testid="unit-card"][data-unit-code="${u.code}"]`);
      const f = u.figures as Figures;
      expect(await card.getByTestId('unit-name').textContent()).toBe(u.name);
      expect(await card.getByTestId('figure-active').textContent(), u.code).toBe(n(f.active));
      expect(await card.getByTestId('figure-on-notice').textContent()).toBe(n(f.onNotice));
      expect(await card.getByTestId('figure-joined').textContent()).toBe(n(f.joinedThisMonth));
      expect(await card.getByTestId('figure-exited').textContent()).toBe(n(f.exitedThisMonth));
      expect(await card.getByTestId('figure-missing-documents').textContent()).toBe(n(f.missingDocuments));
    }
    await expect.poll(() => page.getByTestId('unit-figures').first().textContent()).toContain('Active headcount');
    await screenshot(page, 'dashboard-figures-admin');
  });

  it("shows a self-service employee their unit's name without figures", async () => {
    const { page } = ctx;
    await signInWithToken(page, 'employee1');
    const card = page.getByTestId('unit-card');
    await expect.poll(() => card.getByTestId('unit-name').textContent()).toBe('Head Office Bengaluru');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('unit-figures').count()).toBe(0);
    expect(await page.getByTestId('figure-active').count()).toBe(0);
  });

  it('offers quick access only to screens that are built, and each opens without the 404 page', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'admin');
    const links = page.getByTestId('quick-access').getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThan(3);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      await page.goto(href);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('not-found').count(), href).toBe(0);
    }
  });
});
