// The audit trail in Chromium: an administrator changes a record, finds the change on the audit-trail
// screen by record type, and opens it to see the field's before and after.
import { MENU } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { apiRequest, signInWithToken, useBrowser } from './support';

describe('audit trail', () => {
  const ctx = useBrowser();

  it('shows who changed what, filtered by record type, with the before and after', async () => {
    const code = `AT${Date.now().toString().slice(-5)}`;
    const created = await apiRequest('/api/resources/designation', {
      method: 'POST',
      body: { code, name: 'Audit Trail Clerk' },
      user: 'admin',
    });
    expect(created.status).toBe(201);
    expect(
      (
        await apiRequest(`/api/resources/designation/${created.body.id}`, {
          method: 'PUT',
          body: { code, name: 'Audit Trail Officer' },
          user: 'admin',
        })
      ).status,
    ).toBe(200);

    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.auditTrail);
    await page.getByTestId('audit-trail').waitFor();
    await page.getByLabel('Record type').selectOption('designations');
    await page.getByLabel('Record id').fill(String(created.body.id));
    await expect.poll(() => page.getByTestId('audit-row').count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId('audit-row').first().click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    const text = await detail.textContent();
    expect(text).toContain('Audit Trail Clerk');
    expect(text).toContain('Audit Trail Officer');
  });
});
