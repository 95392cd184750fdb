// Form 16 in Chromium (/outlet/form-16): the employee downloads their own for the current financial year (the
// seeded months), read back with pdftotext; the payroll officer prepares a unit's Form 16s as a ZIP, follows the
// job's progress bar and gets one PDF per employee named with the PAN and the year.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiToken, type DemoUser, screenshot, TOKEN_KEY, useBrowser } from './support';

/** signInWithToken with a longer wait for the shell: the shared machine is loaded (load average ~28 on 2 cores). */
async function openAs(page: Page, user: DemoUser, pathName: string): Promise<void> {
  const token = await apiToken(user, { fresh: true });
  await page.goto('/400-bad-req');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [TOKEN_KEY, token] as const);
  await page.goto(pathName);
  await page.getByTestId('app-shell').waitFor({ timeout: 90_000 });
}

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-form16-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Form 16', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the employee downloads their own; the payroll officer a unit’s ZIP through the progress bar', async () => {
    const page = ctx.page;
    await openAs(page, 'employee1', MENU.form16);
    const my = page.getByTestId('my-form16');
    await my.waitFor();
    await expect.poll(() => my.getByLabel('Financial year').textContent()).toMatch(/^\d{4}-\d{2}$/);
    const fy = ((await my.getByLabel('Financial year').textContent()) ?? '').trim();
    // From the tax year 2026-27 the certificate is Form 130 (Income-tax Act, 2025); before, Form 16.
    const act2025 = fy >= '2026-27';
    const stem = act2025 ? 'Form130' : 'Form16';
    const [mine] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('download-my-form16').click()]);
    expect(mine.suggestedFilename()).toMatch(new RegExp(`^${stem}_[A-Z]{5}[0-9]{4}[A-Z]_${fy}\\.pdf$`));
    const own = path.join(dir, 'mine.pdf');
    await mine.saveAs(own);
    const text = execFileSync('pdftotext', ['-layout', own, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toContain(act2025 ? 'FORM NO. 130' : 'FORM NO. 16');
    expect(text).toContain('Name of the employee Priya Sharma');
    expect(text).toContain('TRACES portal');
    await expect.poll(() => page.getByTestId('unit-form16').count()).toBe(0);
    await screenshot(page, 'form16-employee');

    await openAs(page, 'payroll', MENU.form16);
    const card = page.getByTestId('unit-form16');
    await card.waitFor({ timeout: 90_000 });
    await card.getByLabel('Unit').click();
    await page.getByRole('option', { name: 'Head Office Bengaluru', exact: true }).click();
    await expect.poll(() => card.getByLabel('Financial year').textContent()).toBe(fy);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('download-unit-form16').click();
    await page.getByTestId('job-progress').waitFor();
    await screenshot(page, 'form16-unit-progress');
    const zip = await download;
    expect(zip.suggestedFilename()).toBe(`${stem}_HeadOfficeBengaluru_${fy}.zip`);
    const file = path.join(dir, 'unit.zip');
    await zip.saveAs(file);
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names.length).toBeGreaterThan(1);
    for (const n of names) expect(n).toMatch(new RegExp(`^${stem}_([A-Z]{5}[0-9]{4}[A-Z]|PANNOTAVBL_[A-Za-z0-9-]+)_${fy}\\.pdf$`));
    await screenshot(page, 'form16-unit-done');
  });
});
