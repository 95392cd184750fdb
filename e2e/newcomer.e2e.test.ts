// What a newcomer ran into in the browser (issue 15): an administrator without an employee record on My
// profile, and the employee form (why a department list is short, which tab holds errors, plain messages
// instead of "received NaN", a warning before unsaved changes are lost).

import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, pickOption, screenshot, signInWithToken, useBrowser } from './support';

const RAW = /NaN|Invalid input|received|expected (string|number)/;

describe('a newcomer in the browser', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('My profile for a sign-in without an employee record says so, without an error toast or a refused request', async () => {
    const page = ctx.page;
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 403) failed.push(`${res.status()} ${res.url()}`);
    });
    await signInWithToken(page, 'admin', MENU.profile);
    await page.getByText('No employee record').waitFor();
    expect(await page.getByText('Your sign-in is not linked to an employee record').count()).toBe(1);
    // Give a late toast time to appear before saying there is none.
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-slot="toast"][data-variant="destructive"]').count()).toBe(0);
    expect(failed).toEqual([]);
  });

  it('the employee form says why a department list is short, marks the tabs holding errors in plain words, and warns before leaving', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', `${MENU.employee}/new`);
    await page.getByTestId('save-employee').waitFor();

    // Saving the empty form: the first tab with errors opens, every tab holding one is marked, the words are plain.
    await page.getByTestId('save-employee').click();
    await page.getByTestId('tab-error-personal').waitFor();
    await page.getByTestId('tab-error-job').waitFor();
    expect(await page.getByTestId('tab-error-bank').count()).toBe(0);
    await page.getByText('Name is required').first().waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(RAW);

    // The job tab: the department list follows the unit's mapping, and the form says so (beside the error too),
    // with links to the mappings.
    await page.getByRole('tab', { name: 'Job' }).click();
    await page.getByText('Only the departments mapped to the unit are offered').waitFor();
    await page.getByText('Only the designations mapped to the unit are offered').waitFor();
    expect(await page.locator(`main a[href="${MENU.unitDepartmentMap}"]`).count()).toBe(1);
    expect(await page.locator(`main a[href="${MENU.unitDesignationMap}"]`).count()).toBe(1);

    // A department chosen for one unit and kept after switching to a unit it is not mapped to (Nursing is the
    // Chennai branch's only): the server says so in words, on the Job tab.
    await page.getByRole('tab', { name: 'Personal' }).click();
    await page.locator('#f-name').fill('Newcomer Test');
    await page.locator('#f-gender').selectOption('Female');
    await page.locator('#f-dateOfBirth').fill('1995-02-11');
    await page.locator('#f-mobile').fill('9845099887');
    await page.getByRole('tab', { name: 'Job' }).click();
    await page.locator('#f-employeeCode').fill(`NEW${Date.now().toString().slice(-6)}`);
    await pickOption(page, page.locator('#f-unitId'), 'Chennai Branch');
    await pickOption(page, page.locator('#f-departmentId'), 'Nursing');
    await pickOption(page, page.locator('#f-designationId'), 'Accounts Executive');
    await page.locator('#f-dateOfJoining').fill('2025-04-01');
    await pickOption(page, page.locator('#f-unitId'), 'Head Office Bengaluru');
    await page.getByRole('tab', { name: 'Bank' }).click();
    await page.locator('#f-bankAccountNo').fill('50100223344999');
    await page.locator('#f-ifsc').fill('HDFC0000523');
    await page.getByTestId('save-employee').click();
    await page.getByText('This department is not mapped to the unit').waitFor();
    await page.getByTestId('tab-error-job').waitFor();
    expect(await page.getByTestId('tab-error-personal').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(RAW);
    await screenshot(page, 'newcomer-employee-form-mapping');

    // Unsaved changes: leaving asks first; 'Stay' keeps what was typed.
    await page.locator('main').getByRole('button', { name: 'Employees' }).click();
    await page.getByTestId('unsaved-prompt').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByTestId('unsaved-prompt').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`${MENU.employee}/new`);
    await page.getByRole('tab', { name: 'Personal' }).click();
    expect(await page.locator('#f-name').inputValue()).toBe('Newcomer Test');
  });

  it('the salary run’s month follows the financial year chosen in the header', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.salaryProcess);
    const years = await apiRequest<{ id: number; name: string; endDate: string; isCurrent: boolean }[]>('/api/financial-years', {
      user: 'admin',
    });
    const previous = years.body.find((y) => !y.isCurrent && y.endDate < new Date().toISOString().slice(0, 10));
    if (!previous) throw new Error('the demo has no past financial year');
    await page.getByTestId('fy-select').click();
    await page.getByRole('option', { name: previous.name }).click();
    await page.getByTestId('new-run').click();
    // A past year: its last month, March, when the year picker offers that year (this year and the last).
    await expect.poll(() => page.locator('#run-month').textContent()).toContain('March');
    await expect.poll(() => page.locator('#run-year').textContent()).toContain(previous.endDate.slice(0, 4));
  });
});
