import { financialYearOf, isoDateIn, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { writeAudit } from '../../src/lib/audit';
import { ensureFinancialYears, listFinancialYears } from '../../src/modules/financial-years/service';
import { applyReleaseData, seedDemo } from '../../src/seed';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('financial years', () => {
  it('lists April–March years newest first with the current one marked', async () => {
    const token = await signIn(t.app, 'employee1');
    const years = (await api(t.app, token).get('/api/financial-years')).json();
    const current = financialYearOf(todayIn('Asia/Kolkata'));
    expect(years.length).toBeGreaterThanOrEqual(3);
    expect(years.filter((y: { isCurrent: boolean }) => y.isCurrent).map((y: { name: string }) => y.name)).toEqual([current.name]);
    expect(years[0]).toMatchObject({ name: current.name, startDate: current.startDate, endDate: current.endDate });
    const starts = years.map((y: { startDate: string }) => y.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('creates the new year when the server has run past 1 April', async () => {
    const nextStart = financialYearOf(todayIn('Asia/Kolkata')).startYear + 1;
    const later = `${nextStart}-04-02`;
    const years = await listFinancialYears(t.db, later);
    expect(years[0]).toMatchObject({ name: financialYearOf(later).name, startDate: `${nextStart}-04-01`, isCurrent: true });
    expect(years.filter((y) => y.isCurrent)).toHaveLength(1);
    await t.db.delete(schema.financialYears).where(eq(schema.financialYears.name, financialYearOf(later).name));
    await ensureFinancialYears(t.db, todayIn('Asia/Kolkata'));
  });

  it('computes years from dates', () => {
    expect(financialYearOf('2026-11-22')).toMatchObject({ name: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' });
    expect(financialYearOf('2026-03-31').name).toBe('2025-26');
    expect(financialYearOf('2026-04-01').name).toBe('2026-27');
    expect(financialYearOf('1999-12-31').name).toBe('1999-00');
    expect(isoDateIn('Asia/Kolkata', new Date('2026-03-31T19:00:00Z'))).toBe('2026-04-01');
  });
});

describe('seed', () => {
  it('is idempotent', async () => {
    const tables = [schema.units, schema.menus, schema.roleMenuAccess, schema.users, schema.userUnitMap, schema.financialYears];
    const counts = async () => Promise.all(tables.map(async (tb) => (await t.db.select({ n: count() }).from(tb))[0].n));
    const before = await counts();
    await seedDemo(t.db);
    expect(await counts()).toEqual(before);
  });

  it('gives every menu a full /outlet path and the administrator every action on it', async () => {
    const menus = await t.db.select().from(schema.menus);
    expect(menus.length).toBeGreaterThan(60);
    for (const m of menus) expect(m.actionUrl).toMatch(/^\/outlet\/[A-Za-z0-9_/-]+$/);
    const [admin] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Administrator'));
    const grants = await t.db.select().from(schema.roleMenuAccess).where(eq(schema.roleMenuAccess.roleId, admin.id));
    expect(grants).toHaveLength(menus.length);
    expect(grants.every((g) => g.canView && g.canAdd && g.canEdit && g.canDelete && g.canApprove)).toBe(true);
  });

  it("on a running installation, a release's missing menu comes back granted to administrators; edited grants stay", async () => {
    const [admin] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Administrator'));
    const grantsOf = (menuId: number) =>
      t.db
        .select()
        .from(schema.roleMenuAccess)
        .where(and(eq(schema.roleMenuAccess.roleId, admin.id), eq(schema.roleMenuAccess.menuId, menuId)));
    // A menu the installation does not have yet (as when a release adds a screen).
    const [newMenu] = await t.db.select().from(schema.menus).where(eq(schema.menus.actionUrl, '/outlet/form-16'));
    await t.db.delete(schema.roleMenuAccess).where(eq(schema.roleMenuAccess.menuId, newMenu.id));
    await t.db.delete(schema.menus).where(eq(schema.menus.id, newMenu.id));
    // An administrator narrowed their own role on another menu.
    const [kept] = await t.db.select().from(schema.menus).where(eq(schema.menus.actionUrl, MENU.idCard));
    await t.db
      .update(schema.roleMenuAccess)
      .set({ canDelete: false })
      .where(and(eq(schema.roleMenuAccess.roleId, admin.id), eq(schema.roleMenuAccess.menuId, kept.id)));

    await applyReleaseData(t.db);

    const [back] = await t.db.select().from(schema.menus).where(eq(schema.menus.actionUrl, '/outlet/form-16'));
    expect(back).toBeDefined();
    expect((await grantsOf(back.id))[0]).toMatchObject({ canView: true, canAdd: true, canEdit: true, canDelete: true, canApprove: true });
    expect((await grantsOf(kept.id))[0].canDelete).toBe(false);
  });
});

describe('audit', () => {
  it('records who changed what, without secrets', async () => {
    await writeAudit(t.db, {
      entity: 'users',
      entityId: 7,
      action: 'update',
      before: { fullName: 'A', passwordHash: 'secret' },
      after: { fullName: 'B', at: new Date('2026-01-02T03:04:05Z') },
      userId: 1,
      requestId: 'req-1',
    });
    const [row] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.requestId, 'req-1'));
    expect(row).toMatchObject({ entity: 'users', entityId: '7', action: 'update', userId: 1 });
    expect(row.before).toEqual({ fullName: 'A' });
    expect(row.after).toEqual({ fullName: 'B', at: '2026-01-02T03:04:05.000Z' });
  });
});
