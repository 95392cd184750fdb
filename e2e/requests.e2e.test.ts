// Leave in Chromium: employee1 asks for a day's leave and sees it held against her balance; her manager
// approves it from allRequest/leave; she sees it approved on her requests and the bell tells her.
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { screenshot, signInWithToken, useBrowser } from './support';

/** A working day (Wednesday) about two months ahead in India: clear of the seeded requests. */
function aWednesdayAhead(): string {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 63);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('leave request', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('employee asks, the balance holds it as pending, the manager approves, the employee sees it and is notified', async () => {
    const page = ctx.page;
    const day = aWednesdayAhead();
    await signInWithToken(page, 'employee1', MENU.requestLeave);
    const balance = page.getByTestId('balance-row').first();
    await balance.waitFor({ timeout: 90_000 });
    const before = Number((await balance.getByTestId('balance-available').textContent())?.trim());
    // Sent empty: each field says what it wants and the first in error takes the focus (the type, then the first day).
    await page.getByTestId('req-submit').click();
    await expect.poll(() => page.getByTestId('leave-form').textContent()).toContain('Choose the leave type');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('req-leave-type');
    await balance.click();
    await page.getByTestId('req-submit').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('req-from');
    const form = (await page.getByTestId('leave-form').textContent()) ?? '';
    for (const message of ['Choose the first day', 'Choose the last day', 'Give a reason']) expect(form).toContain(message);
    expect(form).not.toContain('Choose the leave type');
    await page.getByTestId('req-from').fill(day);
    await page.getByTestId('req-to').fill(day);
    await page.getByTestId('req-reason').fill('Family function in Mysuru');
    await page.getByTestId('leave-preview-days').waitFor({ timeout: 90_000 });
    await page.getByTestId('req-submit').click();
    await expect
      .poll(() => page.getByTestId('recent-requests').getByTestId('request-status').first().getAttribute('data-status'), {
        timeout: 90_000,
      })
      .toBe('pending');
    // The day is held against the balance while it waits.
    await expect
      .poll(async () => Number((await page.getByTestId('balance-row').first().getByTestId('balance-available').textContent())?.trim()))
      .toBe(before - 1);
    await screenshot(page, 'requests-leave-raised');

    await signInWithToken(page, 'manager', MENU.allRequestLeave);
    const row = page.locator('tr').filter({ hasText: 'Priya Sharma' }).filter({ hasText: 'Family function in Mysuru' }).first();
    await row.waitFor({ timeout: 90_000 });
    expect(await row.getByTestId('request-status').getAttribute('data-status')).toBe('pending');
    await row.getByTestId('approve-request').click();
    await expect.poll(() => row.getByTestId('request-status').getAttribute('data-status'), { timeout: 90_000 }).toBe('approved');
    await screenshot(page, 'requests-leave-approved');

    await signInWithToken(page, 'employee1', MENU.myRequests);
    await expect
      .poll(() => page.locator('[data-testid="request-status"][data-status="approved"]').count(), { timeout: 90_000 })
      .toBeGreaterThan(0);
    await expect.poll(async () => Number((await page.getByTestId('notification-count').textContent())?.trim() || 0)).toBeGreaterThan(0);
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.getByTestId('notification-list').textContent()).toMatch(/approved/i);
    await screenshot(page, 'requests-leave-notified');
  });

  it('the manager selects a pending request and rejects it from the bulk bar with a remark', async () => {
    const page = ctx.page;
    const d = new Date(`${aWednesdayAhead()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 7);
    const day = d.toISOString().slice(0, 10);
    await signInWithToken(page, 'employee1', MENU.requestLeave);
    const balance = page.getByTestId('balance-row').first();
    await balance.waitFor({ timeout: 90_000 });
    await balance.click();
    await page.getByTestId('req-from').fill(day);
    await page.getByTestId('req-to').fill(day);
    await page.getByTestId('req-reason').fill('Cousin wedding in Hubballi');
    await page.getByTestId('leave-preview-days').waitFor({ timeout: 90_000 });
    await page.getByTestId('req-submit').click();
    await expect
      .poll(() => page.getByTestId('recent-requests').getByTestId('request-status').first().getAttribute('data-status'), {
        timeout: 90_000,
      })
      .toBe('pending');

    await signInWithToken(page, 'manager', MENU.allRequestLeave);
    const row = page.locator('tr').filter({ hasText: 'Priya Sharma' }).filter({ hasText: 'Cousin wedding in Hubballi' }).first();
    await row.waitFor({ timeout: 90_000 });
    await row.getByTestId('select-row').click();
    await expect.poll(() => page.getByTestId('bulk-bar').textContent(), { timeout: 90_000 }).toMatch(/1 selected/);
    await page.getByTestId('bulk-reject').click();
    // The remark is checked by the contract's schema of a rejection before anything is sent.
    await page.getByTestId('remark-confirm').click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Say why the request is rejected');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('remark-text');
    await page.getByTestId('remark-text').fill('Month-end closing that week');
    await page.getByTestId('remark-confirm').click();
    await expect.poll(() => row.getByTestId('request-status').getAttribute('data-status'), { timeout: 90_000 }).toBe('rejected');
    await expect.poll(() => page.getByTestId('bulk-bar').count()).toBe(0);
  });
});
