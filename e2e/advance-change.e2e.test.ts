// Issue 26, corrections a payroll office makes every month: an advance is changed before it is paid (the
// specification's "modify salary advance"), which sends it back for approval; once approved it is marked paid
// with the cheque number, and its voucher number in the unit's series shows on the screen. At 1,366 × 768 and
// on a phone (390 × 844), where the header's buttons must stay reachable. A bonus is changed the same way.
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { encryptParam } from '../apps/web/src/lib/crypto';
import { apiRequest, apiToken, screenshot, signInWithToken, useBrowser } from './support';

async function requestedAdvance(): Promise<number> {
  const payroll = await apiToken('payroll');
  const me = await apiRequest('/api/auth/me', { user: 'employee2' });
  const [run] = (await apiRequest('/api/payroll/runs?status=draft', { token: payroll })).body.rows;
  const res = await apiRequest('/api/payroll/advances', {
    token: payroll,
    body: {
      employeeId: me.body.acc_dtls.employeeId,
      advanceAmount: 5000,
      noOfEMIs: 5,
      effectiveMonth: run?.month ?? 12,
      effectiveYear: run?.year ?? 2026,
      remarks: 'Festival advance',
      payModeId: 2,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('changing and paying a salary advance', () => {
  const ctx = useBrowser({ viewport: { width: 1366, height: 768 } });

  it('changes the figures, goes back for approval, is paid by cheque and gets its voucher number', async () => {
    const id = await requestedAdvance();
    const page = ctx.page;
    await signInWithToken(page, 'payroll', `${MENU.salaryAdvance}/${encryptParam(String(id))}`);
    await page.getByTestId('advance-change').click();
    await page.locator('#adv-amount').fill('6000');
    await page.locator('#adv-emis').fill('4');
    await page.getByTestId('save-advance').click();
    await expect.poll(() => page.getByTestId('salary-advance').textContent(), { timeout: 90_000 }).toContain('₹6,000.00');
    expect(await page.getByTestId('instalment-row').count()).toBe(4);
    expect(await page.getByTestId('salary-advance').textContent()).toContain('Submitted again');

    // The manager approves the changed advance; the payroll officer pays it by cheque.
    const approved = await apiRequest(`/api/payroll/advances/${id}/action`, { user: 'manager', body: { action: 'approve' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await page.reload();
    await page.getByTestId('advance-pay').click();
    await page.getByTestId('advance-cheque-no').fill('004512');
    await page.getByTestId('confirm-advance-action').click();
    const voucher = page.getByTestId('advance-voucher-no');
    await voucher.waitFor({ timeout: 90_000 });
    expect(await voucher.textContent()).toMatch(/^ADV\/BR-CHN\/\d{4}-\d{2}\/\d{4} · cheque 004512$/);
    await screenshot(page, 'advance-paid-1366');
    expect(await page.getByTestId('advance-change').count()).toBe(0);
  });

  it('keeps the header buttons on screen on a phone', async () => {
    const id = await requestedAdvance();
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, 'payroll', `${MENU.salaryAdvance}/${encryptParam(String(id))}`);
    const change = page.getByTestId('advance-change');
    await change.waitFor();
    const box = await change.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'advance-requested-390');
  });

  it('changes an ad hoc bonus before approval and sends it back for approval', async () => {
    const payroll = await apiToken('payroll');
    const me = await apiRequest('/api/auth/me', { user: 'employee2' });
    const units = await apiRequest('/api/auth/me', { token: payroll });
    const chn = units.body.units.find((u: { code: string }) => u.code === 'BR-CHN').id;
    const [run] = (await apiRequest('/api/payroll/runs?status=draft', { token: payroll })).body.rows;
    const made = await apiRequest('/api/payroll/bonuses', {
      token: payroll,
      body: {
        unitId: chn,
        financialYear: run.month >= 4 ? run.year : run.year - 1,
        kind: 'adhoc',
        payWith: 'separate',
        remarks: 'Diwali',
        lines: [{ employeeId: me.body.acc_dtls.employeeId, amount: 2500 }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const page = ctx.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInWithToken(page, 'payroll', `${MENU.employeeBonus}/addorupdate?id=${encryptParam(String(made.body.id))}`);
    await page.getByTestId('bonus-change').click();
    await page.getByRole('textbox', { name: 'Amount 1' }).fill('3000');
    await page.getByTestId('save-bonus').click();
    await expect.poll(() => page.getByTestId('bonus').textContent(), { timeout: 90_000 }).toContain('₹3,000.00');
    expect(await page.getByTestId('bonus').textContent()).toContain('Submitted again');
    await screenshot(page, 'bonus-changed-1366');
  });
});
