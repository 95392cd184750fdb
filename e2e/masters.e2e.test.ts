/** Master data in Chromium: every master path opens, generic CRUD through the screens, role-limited buttons. */
import { MASTER_BASE, RESOURCES, type TResource } from '@hr/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encryptParam } from '../apps/web/src/lib/crypto';
import { apiRequest, baseUrl, screenshot, signInWithToken, TOKEN_KEY, useBrowser } from './support';

const ctx = useBrowser();
const all = RESOURCES as unknown as TResource[];

/** Client-side navigation (no full reload): the router follows history changes. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The screen `testId` rendered at `path`: no 404, no error boundary. */
async function expectScreen(page: Page, path: string, testId: string) {
  await go(page, path);
  await page.getByTestId(testId).waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('not-found').count(), path).toBe(0);
  expect(await page.getByTestId('error-fallback').count(), path).toBe(0);
  expect(new URL(page.url()).pathname, path).toBe(path);
}

async function firstRow(r: TResource): Promise<Record<string, unknown>> {
  const res = await apiRequest(`/api/resources/${r.name}?pageSize=1`, { user: 'admin' });
  const row = res.body.rows[0];
  if (!row) throw new Error(`no ${r.name} rows seeded`);
  return row;
}

async function modifyPathOf(r: TResource): Promise<string | null> {
  if (!r.modify) return null;
  const row = await firstRow(r);
  const base = `${MASTER_BASE}/${r.path}`;
  if (r.mapping) {
    const owner = row[r.mapping.owner] as number;
    return `${base}/${encryptParam(r.modify.kind === 'json' ? { [r.mapping.owner]: owner } : owner)}`;
  }
  return `${base}/${encryptParam(row.id as number)}`;
}

describe('every master path of the spec', () => {
  it('opens as the administrator, list and modify routes alike', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'admin');
    for (const r of all) {
      await expectScreen(page, `${MASTER_BASE}/${r.path}`, `resource-list-${r.name}`);
      const modify = await modifyPathOf(r);
      if (modify) await expectScreen(page, modify, r.mapping ? `mapping-${r.name}` : `resource-form-${r.name}`);
    }
    await expectScreen(page, `${MASTER_BASE}/configure/roleWiseMenuAccess`, 'role-wise-menu-access');
    const roles = (await apiRequest('/api/access/roles', { user: 'admin' })).body as { id: number }[];
    await expectScreen(page, `${MASTER_BASE}/configure/roleWiseMenuAccess/${encryptParam(roles[0].id)}`, 'role-menu-access');
    await page.getByTestId('grid-line').first().waitFor();
    await screenshot(page, 'masters-role-menu-access');
    // configure defaults to role.
    await go(page, `${MASTER_BASE}/configure`);
    await page.waitForURL((u) => u.pathname === `${MASTER_BASE}/configure/role`);
  }, 240_000);

  it('sends a tampered encrypted id to /400-bad-req', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'admin');
    await page.goto(`${MASTER_BASE}/holidays/${encryptParam(1).slice(0, -2)}zz`);
    await page.waitForURL((u) => u.pathname === '/400-bad-req');
    await page.goto(`${MASTER_BASE}/unit-wise-emp-doc-type-map/${encryptParam('not json')}`);
    await page.waitForURL((u) => u.pathname === '/400-bad-req');
  });
});

describe('generic screens', () => {
  it('creates, edits and deletes a marital status through the list and its dialog', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'admin', `${MASTER_BASE}/marital-status`);
    await page.getByTestId('add-record').click();
    // Inline error from the shared zod schema.
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.getByTestId('resource-form').getByRole('alert').count()).toBeGreaterThan(0);
    await page.getByTestId('field-name').fill('Engaged');
    await page.getByTestId('field-code').fill('ENG');
    await page.getByTestId('form-save').click();
    await page.getByTestId('resource-form').waitFor({ state: 'detached' });
    await page.getByTestId('list-search').fill('Engaged');
    const row = page.getByTestId('list-row').filter({ hasText: 'Engaged' });
    await row.waitFor();

    await row.getByTestId('row-edit').click();
    await page.getByTestId('field-name').fill('Engaged to marry');
    await page.getByTestId('form-save').click();
    await page.getByTestId('resource-form').waitFor({ state: 'detached' });
    await page.getByTestId('list-search').fill('Engaged to');
    await page.getByTestId('list-row').filter({ hasText: 'Engaged to marry' }).waitFor();
    // The administrator reads the record's history: created, then renamed.
    await page.getByTestId('list-row').filter({ hasText: 'Engaged to marry' }).getByTestId('row-history').click();
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBe(2);
    await page.getByTestId('audit-dialog').getByText('Engaged → Engaged to marry').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('audit-dialog').waitFor({ state: 'detached' });

    // A duplicate shows the server's 409 inline under the field.
    await page.getByTestId('add-record').click();
    await page.getByTestId('field-name').fill('Married');
    await page.getByTestId('form-save').click();
    await expect
      .poll(() =>
        page
          .getByTestId('resource-form')
          .getByText(/already exists/)
          .count(),
      )
      .toBeGreaterThan(0);
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('form-cancel').click();
    await page.getByTestId('resource-form').waitFor({ state: 'detached' });

    await page.getByTestId('list-row').filter({ hasText: 'Engaged to marry' }).getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('list-empty').waitFor();
  });

  it('creates a unit in the dialog, edits it on units/{id}, and deletes it', async () => {
    const { page } = ctx;
    await signInWithToken(page, 'admin', `${MASTER_BASE}/units`);
    await page.getByTestId('add-record').click();
    await page.getByTestId('field-name').fill('Hubballi Branch');
    await page.getByTestId('field-code').fill('BR-HBL');
    await page.getByTestId('field-city').fill('Hubballi');
    await page.getByTestId('field-stateName').fill('Karnataka');
    await page.getByTestId('form-save').click();
    await page.getByTestId('resource-form').waitFor({ state: 'detached' });
    await page.getByTestId('list-search').fill('Hubballi');
    const row = page.getByTestId('list-row').filter({ hasText: 'BR-HBL' });
    await row.waitFor();
    await screenshot(page, 'masters-units-list');

    await row.getByTestId('row-edit').click();
    await page.waitForURL((u) => /^\/outlet\/master\/units\/[0-9a-f]+$/.test(u.pathname));
    await page.getByTestId('resource-form-unit').waitFor();
    await expect.poll(() => page.getByTestId('field-name').inputValue()).toBe('Hubballi Branch');
    await screenshot(page, 'masters-unit-form');
    await page.getByTestId('field-pfRegistrationNo').fill('KN/HBL/0099999/000');
    // Leaving with unsaved changes asks first; 'Stay' keeps the edit.
    await page.getByRole('link', { name: 'Units' }).first().click();
    await page.getByTestId('unsaved-prompt').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByTestId('unsaved-prompt').waitFor({ state: 'detached' });
    expect(await page.getByTestId('field-pfRegistrationNo').inputValue()).toBe('KN/HBL/0099999/000');
    await page.getByTestId('form-save').click();
    await page.waitForURL((u) => u.pathname === `${MASTER_BASE}/units`);
    await page.getByTestId('list-search').fill('BR-HBL');
    await page.getByTestId('list-row').filter({ hasText: 'KN/HBL/0099999/000' }).waitFor();

    await page.getByTestId('list-row').filter({ hasText: 'BR-HBL' }).getByTestId('row-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('list-empty').waitFor();
  });
});

describe('unit-wise mappings', () => {
  it('maps one more designation to a unit on the checklist, saved at once', async () => {
    const { page } = ctx;
    const units = (await apiRequest('/api/resources/unit?search=CMP-MYS', { user: 'admin' })).body.rows as { id: number }[];
    const mys = units[0].id;
    const mappedCount = async () =>
      ((await apiRequest(`/api/resources/unitDesignationMap/mapping/${mys}`, { user: 'admin' })).body as { mapped: boolean }[]).filter(
        (l) => l.mapped,
      ).length;
    const before = await mappedCount();
    await signInWithToken(page, 'admin', `${MASTER_BASE}/unit-wise-designation-mapping/${encryptParam(mys)}`);
    await page.getByTestId('mapping-line').first().waitFor();
    const unticked = page
      .getByTestId('mapping-line')
      .filter({ has: page.locator('button[role="checkbox"][data-state="unchecked"]') })
      .first();
    await unticked.getByRole('checkbox').first().click();
    await screenshot(page, 'masters-mapping');
    await page.getByTestId('mapping-save').click();
    await expect.poll(mappedCount).toBe(before + 1);
  });
});

describe('unit-wise leave type mapping', () => {
  it('gives a unit its own leave terms on its checklist: a limit beyond the maximum is refused on its line, then saved', async () => {
    const { page } = ctx;
    const units = (await apiRequest('/api/resources/unit?search=CMP-MYS', { user: 'admin' })).body.rows as { id: number }[];
    const mys = units[0].id;
    type Line = { itemId: number; label: string; mapped: boolean } & Record<string, unknown>;
    const lines = async () => (await apiRequest(`/api/resources/unitLeaveTypeMap/mapping/${mys}`, { user: 'admin' })).body as Line[];
    const before = await lines();
    const target = before.find((l) => l.mapped);
    if (!target) throw new Error('the seed maps no leave type in CMP-MYS');
    try {
      await signInWithToken(page, 'admin', `${MASTER_BASE}/unit-wise-leave-type-map/${encryptParam(mys)}`);
      const line = page.getByTestId('mapping-line').filter({ hasText: target.label });
      await line.getByTestId('mapping-maxBalance').fill('5');
      await line.getByTestId('mapping-carryForwardLimit').fill('9');
      await page.getByTestId('mapping-save').click();
      await line.getByRole('alert').filter({ hasText: 'At most the maximum balance (5 days)' }).waitFor();
      await line.getByTestId('mapping-carryForwardLimit').fill('3');
      await line.getByTestId('mapping-accrual').selectOption('monthly');
      await screenshot(page, 'masters-unit-leave-terms');
      await page.getByTestId('mapping-save').click();
      await expect
        .poll(async () => (await lines()).find((l) => l.itemId === target.itemId))
        .toMatchObject({ maxBalance: '5.0', carryForwardLimit: '3.0', accrual: 'monthly', yearlyQuota: null });
    } finally {
      const items = before.filter((l) => l.mapped).map(({ itemId }) => ({ itemId }));
      await apiRequest(`/api/resources/unitLeaveTypeMap/mapping/${mys}`, { user: 'admin', method: 'PUT', body: { items } });
    }
  });
});

describe('role limits', () => {
  it('a role without delete sees no delete button and the API refuses the delete', async () => {
    // A throw-away role and user, so the demo roles other suites check stay as seeded.
    const role = await apiRequest('/api/resources/role', { user: 'admin', body: { name: 'Category Clerk' } });
    expect(role.status).toBe(201);
    const grid = await apiRequest(`/api/access/roles/${role.body.id}/menus`, { user: 'admin' });
    const rows = (grid.body.menus as { menuId: number; actionUrl: string }[]).map((m) => {
      const on = m.actionUrl === `${MASTER_BASE}/category`;
      return { menuId: m.menuId, canView: on, canAdd: on, canEdit: on, canDelete: false, canApprove: false };
    });
    expect((await apiRequest(`/api/access/roles/${role.body.id}/menus`, { user: 'admin', method: 'PUT', body: { rows } })).status).toBe(
      200,
    );
    const user = await apiRequest('/api/resources/user', {
      user: 'admin',
      body: { userName: 'catclerk', fullName: 'Category Clerk', roleId: role.body.id, password: 'Mango#Quartz71' },
    });
    expect(user.status).toBe(201);
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'catclerk', password: 'Mango#Quartz71' }),
    });
    const { token } = (await signIn.json()) as { token: string };

    const { page } = ctx;
    await page.goto('/400-bad-req');
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [TOKEN_KEY, token] as const);
    await page.goto(`${MASTER_BASE}/category`);
    await page.getByTestId('list-row').first().waitFor();
    expect(await page.getByTestId('row-edit').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('row-delete').count()).toBe(0);
    expect(await page.getByTestId('add-record').count()).toBe(1);

    const category = (await apiRequest('/api/resources/category?pageSize=1', { token })).body.rows[0];
    expect((await apiRequest(`/api/resources/category/${category.id}`, { token, method: 'DELETE' })).status).toBe(403);
  });
});
