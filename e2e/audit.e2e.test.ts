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
    await expect.poll(() => page.getByTestId('audit-row').count(), { timeout: 90_000 }).toBe(2);
    await page.getByTestId('audit-row').first().click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    const text = await detail.textContent();
    expect(text).toContain('Audit Trail Clerk');
    expect(text).toContain('Audit Trail Officer');
  });
});

describe('a mapping line’s history', () => {
  const ctx = useBrowser();

  it('says where a mapping saved as a whole is recorded, and opens the audit trail there', async () => {
    const dept = await apiRequest('/api/resources/department', {
      body: { code: `AM${Date.now().toString().slice(-5)}`, name: 'Audit Mapping Cell' },
      user: 'admin',
    });
    expect(dept.status).toBe(201);
    const url = '/api/resources/unitDepartmentMap/mapping/1';
    const lines = (await apiRequest<{ itemId: number; mapped: boolean }[]>(url, { user: 'admin' })).body;
    const items = [...lines.filter((l) => l.mapped).map((l) => ({ itemId: l.itemId })), { itemId: dept.body.id }];
    expect((await apiRequest(url, { method: 'PUT', body: { items }, user: 'admin' })).status).toBe(200);

    const page = ctx.page;
    await signInWithToken(page, 'admin', MENU.unitDepartmentMap);
    const row = page.getByTestId('list-row').filter({ hasText: 'Audit Mapping Cell' });
    const first = page.getByTestId('list-row').first();
    await first.waitFor();
    // The first row is a line of unit 1 (the list sorts by unit); its history points to the unit's saves.
    await ((await row.count()) ? row : first).getByTestId('row-history').click();
    const note = page.getByTestId('audit-mapping-note');
    await note.waitFor();
    expect(await page.getByTestId('audit-dialog').textContent()).not.toContain('seeded');
    await note.getByRole('link').click();
    await page.getByTestId('audit-trail').waitFor();
    expect(await page.getByLabel('Record id').inputValue()).toBe('unitId:1');
    await expect.poll(() => page.getByTestId('audit-row').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await page.getByTestId('audit-row').first().click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(`itemId ${dept.body.id}`);
  });
});
