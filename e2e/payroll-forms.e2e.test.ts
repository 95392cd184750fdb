// Issue 24 point 4: the payroll dialogs on react-hook-form with the contract's schemas say what is missing on the
// field it concerns, in the dialog's own words, and still send what is right: a new advance, a rejected advance (its
// reason), an increment, the formula preview.
import { MENU } from '@hr/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encryptParam } from '../apps/web/src/lib/crypto';
import { apiRequest, apiToken, signInWithToken, useBrowser } from './support';

async function requestedAdvance(): Promise<number> {
  const payroll = await apiToken('payroll');
  const me = await apiRequest('/api/auth/me', { user: 'employee2' });
  const res = await apiRequest('/api/payroll/advances', {
    token: payroll,
    body: {
      employeeId: me.body.acc_dtls.employeeId,
      advanceAmount: 3000,
      noOfEMIs: 3,
      effectiveMonth: 12,
      effectiveYear: 2030,
      payModeId: 2,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The messages shown under the fields of a dialog or panel. */
async function fieldErrors(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator('[data-slot="form-error"]').allTextContents();
}

describe('payroll forms', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('a new advance asks for each missing figure on its field; a rejection asks for its reason, then is sent', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryAdvance);
    await page.getByTestId('new-advance').click();
    await page.getByTestId('save-advance').click();
    await expect
      .poll(() => fieldErrors(page, 'advance-dialog'))
      .toEqual(expect.arrayContaining(['Choose the employee', 'Enter the amount', 'Enter the number of instalments']));
    // The contract's own rule, on the amount's field.
    await page.locator('#adv-amount').fill('0');
    await page.locator('#adv-emis').fill('2');
    await page.getByTestId('save-advance').click();
    await expect.poll(() => fieldErrors(page, 'advance-dialog')).toEqual(expect.arrayContaining(['At least ₹1']));
    expect(await fieldErrors(page, 'advance-dialog')).not.toContain('Enter the number of instalments');

    const id = await requestedAdvance();
    await signInWithToken(page, 'manager', `${MENU.salaryAdvance}/${encryptParam(String(id))}`);
    await page.getByTestId('advance-reject').click();
    await page.getByTestId('confirm-advance-action').click();
    await expect.poll(() => fieldErrors(page, 'advance-action-dialog')).toEqual(['Say why the advance is rejected']);
    await page.getByTestId('advance-remark').fill('Not before the year end');
    await page.getByTestId('confirm-advance-action').click();
    await expect.poll(() => apiRequest(`/api/payroll/advances/${id}`, { user: 'payroll' }).then((r) => r.body.status)).toBe('rejected');
  });

  it('an increment asks for its unit, heads and value; the preview for its employee', async () => {
    const page = ctx.page;
    await signInWithToken(page, 'payroll', MENU.salaryIncrement);
    await page.getByTestId('open-increment').click();
    await page.getByTestId('apply-increment').click();
    await expect
      .poll(() => fieldErrors(page, 'increment-dialog'))
      .toEqual(expect.arrayContaining(['Choose the unit', 'Choose the heads the increment raises', 'Enter the value']));
    // A figure typed clears its field's message; the others stay.
    await page.getByTestId('increment-value').fill('5');
    await expect.poll(() => fieldErrors(page, 'increment-dialog')).not.toContain('Enter the value');
    expect(await fieldErrors(page, 'increment-dialog')).toContain('Choose the unit');

    await signInWithToken(page, 'payroll', MENU.salaryFormula);
    await page.getByTestId('run-preview').click();
    await expect.poll(() => fieldErrors(page, 'formula-preview')).toEqual(expect.arrayContaining(['Employee is required']));
  });
});
