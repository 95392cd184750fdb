import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, baseUrl, screenshot, signInWithToken, useBrowser } from './support';

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

describe('admin dashboard (issue 14)', () => {
  it('renders every widget for the administrator, the charts as SVG with their numbers as tables, and drills into a figure', async () => {
    const { page } = ctx;
    // The shared machine can be slow to serve the shell; allow it more than the default 15 s.
    page.setDefaultTimeout(90_000);
    const headcount = await apiRequest<{ total: number }>('/api/dashboard/admin/headcount', { user: 'admin' });
    const attendance = await apiRequest<{ employees: number; counts: Record<string, number> }>('/api/dashboard/admin/attendance', {
      user: 'admin',
    });
    expect(headcount.status).toBe(200);
    await signInWithToken(page, 'admin', MENU.adminDashboard);
    const root = page.getByTestId('admin-dashboard');
    await root.waitFor();
    for (const w of ['headcount', 'movement', 'attendance', 'requests', 'payroll-cost', 'documents', 'advances', 'occasions']) {
      const widget = page.getByTestId(`widget-${w}`);
      await expect.poll(() => widget.getAttribute('data-state'), { timeout: 90_000 }).not.toBe('loading');
      expect(await widget.getAttribute('data-state'), w).not.toBe('error');
    }
    // The charts drew: recharts' SVG surfaces inside the chart boxes.
    await expect
      .poll(() => page.locator('[data-testid="chart"] svg.recharts-surface').count(), { timeout: 90_000 })
      .toBeGreaterThanOrEqual(4);
    expect(await page.locator('[data-testid="widget-headcount"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    // Each chart's numbers are a table for screen readers, with the server's figures.
    const table = page.getByTestId('widget-headcount').getByRole('table').first();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('widget-headcount').textContent()).toContain(n(headcount.body.total));

    // The drill-down: the list of one figure, paged on the server.
    const present = attendance.body.counts.notYetIn > 0 ? 'notYetIn' : 'present';
    expect(await page.getByTestId(`attendance-${present}`).textContent()).toContain(n(attendance.body.counts[present]));
    await page.getByTestId(`attendance-${present}`).click();
    const list = page.getByTestId('attendance-list');
    await list.waitFor();
    await expect.poll(() => list.textContent()).toContain(`${n(attendance.body.counts[present])} employees`);
    await screenshot(page, 'admin-dashboard');
  });

  it('a manager sees only the mapped units in the unit filter and the headcount', async () => {
    const { page } = ctx;
    // The shared machine can be slow to serve the shell; allow it more than the default 15 s.
    page.setDefaultTimeout(90_000);
    const h = await apiRequest<{ byUnit: { name: string }[] }>('/api/dashboard/admin/headcount', { user: 'manager' });
    expect(h.body.byUnit.map((u) => u.name).sort()).toEqual(['Chennai Branch', 'Head Office Bengaluru']);
    await signInWithToken(page, 'manager', MENU.adminDashboard);
    const widget = page.getByTestId('widget-headcount');
    await expect.poll(() => widget.getAttribute('data-state'), { timeout: 90_000 }).toBe('ready');
    const text = (await widget.textContent()) ?? '';
    expect(text).toContain('Head Office Bengaluru');
    expect(text).not.toContain('Mysuru Campus');
  });
});

describe('staff dashboard (issue 14)', () => {
  it('shows employee1 their own day, month, leave, requests, payslip and holidays', async () => {
    const { page } = ctx;
    // The shared machine can be slow to serve the shell; allow it more than the default 15 s.
    page.setDefaultTimeout(90_000);
    const slip = await apiRequest<{ slip: { net: number } | null }>('/api/dashboard/me/payslip', { user: 'employee1' });
    expect(slip.status).toBe(200);
    expect((await apiRequest('/api/dashboard/admin/headcount', { user: 'employee1' })).status).toBe(403);
    await signInWithToken(page, 'employee1');
    await page.getByTestId('staff-dashboard').waitFor();
    for (const w of ['today', 'month', 'leave', 'requests', 'payslip', 'holidays']) {
      const widget = page.getByTestId(`widget-my-${w}`);
      await expect.poll(() => widget.getAttribute('data-state'), { timeout: 90_000 }).not.toBe('loading');
      expect(await widget.getAttribute('data-state'), w).not.toBe('error');
    }
    if (slip.body.slip) {
      const net = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(slip.body.slip.net);
      expect(await page.getByTestId('my-net').textContent()).toContain(net);
      const download = page.waitForEvent('download', { timeout: 90_000 });
      await page.getByTestId('widget-my-payslip').getByRole('button', { name: 'Download payslip' }).click();
      expect((await download).suggestedFilename()).toMatch(/^Pay_Slip_.+\.pdf$/);
    }
    await screenshot(page, 'staff-dashboard');
    // The admin dashboard is not theirs.
    await page.goto(MENU.adminDashboard);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('admin-dashboard').count()).toBe(0);
  });
});

describe('punch from the dashboard (issue 28)', () => {
  it('employee1 punches in from the dashboard with the location and sees the punch recorded, on a laptop and a phone', async () => {
    const { page } = ctx;
    page.setDefaultTimeout(90_000);
    // The browser gives a position (Bengaluru) without asking, as a user who allowed it once.
    await page.context().grantPermissions(['geolocation'], { origin: baseUrl() });
    await page.context().setGeolocation({ latitude: 12.97194, longitude: 77.59369, accuracy: 25 });
    await signInWithToken(page, 'employee1');
    const card = page.getByTestId('staff-dashboard').getByTestId('punch-card');
    const button = card.getByTestId('punch-button');
    await button.waitFor();
    // Today's shift and status sit in the card.
    const today = card.getByTestId('widget-my-today');
    await expect.poll(() => today.getAttribute('data-state'), { timeout: 90_000 }).toBe('ready');
    expect(await card.getByTestId('my-shift').count()).toBe(1);
    await expect.poll(() => button.isEnabled()).toBe(true);
    const before = await card.getByTestId('punch').count();
    const direction = await button.getAttribute('data-direction');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/attendance/punches/web') && r.request().method() === 'POST'),
      button.click(),
    ]);
    expect(response.status()).toBe(201);
    const result = (await response.json()) as { late: boolean; punch: { id: number; localTime: string; latitude: number | null } };
    expect(result.punch.latitude).toBeCloseTo(12.97194, 4);
    const time = result.punch.localTime.slice(11, 16);
    const word = direction === 'in' ? 'in' : 'out';
    if (result.late) {
      // Another file may have locked this month's head office salary: the punch is kept apart for the payroll office.
      await page.getByText(`Punched ${word} at ${time}, kept apart`).waitFor();
    } else {
      await page.getByText(`Punched ${word} at ${time}`, { exact: true }).waitFor();
      await expect.poll(() => card.getByTestId('punch').count(), { timeout: 90_000 }).toBe(before + 1);
      const last = card.getByTestId('punch').last();
      expect(await last.textContent()).toContain(time);
      expect(await last.textContent()).toContain('12.97194, 77.59369');
      expect(await card.getByTestId('punch-summary').textContent()).toMatch(/In \d{2}:\d{2}/);
      // The server has it among the day's punches (the dashboard's own day reads it too).
      const mine = await apiRequest<{ punches: { at: string; source: string }[] }>('/api/dashboard/me/today', { user: 'employee1' });
      expect(mine.body.punches.some((p) => p.source === 'web')).toBe(true);
    }
    await screenshot(page, 'dashboard-punch-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
    expect(scroll).toBeLessThanOrEqual(inner);
    await screenshot(page, 'dashboard-punch-390');
  });
});
