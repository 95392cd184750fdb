/**
 * Registry-driven tests: every resource of packages/contract/src/resources gets the same checks,
 * so declaring a resource adds its tests with no new test code.
 */
import { RESOURCES, referencesTo, type TResource } from '@hr/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userUnitMap } from '../../src/db/schema';
import { setupModules } from '../../src/modules';
import type { AuthContext } from '../../src/modules/access/context';
import { hooksOf } from '../../src/modules/masters/hooks';
import { tableOf } from '../../src/modules/masters/tables';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { createSample, expectStatus, samplePayload } from './fixtures';

// The domains' rules on resources, as an app registers them (the loop below reads their scope hooks).
setupModules();

let t: TestApp;
let admin: ReturnType<typeof api>;
let employee: ReturnType<typeof api>;
/** Non-administrators who view every master: the payroll officer (every seeded unit) and a custom role of units 1 and 2. */
let nonAdmins: { who: string; api: ReturnType<typeof api>; units: number[] }[];

/** Adds view on `menus` to a role's grid through the role-wise menu access screen (what it held stays). */
async function grantView(roleName: string, menus: Set<string>) {
  const roles = (await admin.get('/api/access/roles')).json() as { id: number; name: string }[];
  const role = roles.find((x) => x.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const grid = (await admin.get(`/api/access/roles/${role.id}/menus`)).json() as {
    menus: { menuId: number; actionUrl: string; actions: Record<string, boolean> }[];
  };
  const rows = grid.menus.map((m) => ({
    menuId: m.menuId,
    canView: m.actions.view || menus.has(m.actionUrl),
    canAdd: m.actions.add,
    canEdit: m.actions.edit,
    canDelete: m.actions.delete,
    canApprove: m.actions.approve,
  }));
  expectStatus(await admin.put(`/api/access/roles/${role.id}/menus`, { rows }), 200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  employee = api(t.app, await signIn(t.app, 'employee1'));
  const menus = new Set((RESOURCES as unknown as TResource[]).map((r) => r.menu));
  await grantView('Payroll Officer', menus);
  const payrollUnits = await t.db
    .select({ id: userUnitMap.unitId })
    .from(userUnitMap)
    .innerJoin(users, eq(users.id, userUnitMap.userId))
    .where(eq(users.userName, 'payroll'));
  const limited = await createUnitLimitedUser(t, { menus: [...menus], unitIds: [1, 2] });
  nonAdmins = [
    { who: 'payroll', api: api(t.app, await signIn(t.app, 'payroll')), units: payrollUnits.map((u) => u.id) },
    { who: 'custom unit-limited role', api: limited.api, units: limited.unitIds },
  ];
});
afterAll(async () => {
  await t?.close();
});

const all = RESOURCES as unknown as TResource[];

/** The first field whose absence the schema refuses. */
function requiredField(r: TResource, payload: Record<string, unknown>): string {
  for (const field of Object.keys(r.fields)) {
    const { [field]: _, ...rest } = payload;
    if (!r.schema.safeParse(rest).success) return field;
  }
  throw new Error(`${r.name} has no required field`);
}

/** The text the list search should find the row by: its label, or its reference's label. */
function searchText(r: TResource, row: Record<string, unknown>): string {
  return String(row[`${r.labelField}Label`] ?? row[r.labelField]);
}

it('maps every resource to a table holding each declared field', () => {
  const virtual: Record<string, string[]> = { user: ['password'], biometricDevice: ['commKey'] };
  for (const r of all) {
    const spec = tableOf(r.name);
    const cols = getTableColumns(spec.table);
    for (const field of Object.keys(r.fields)) {
      if (virtual[r.name]?.includes(field) || spec.links?.[field]) continue;
      expect(cols, `${r.name}.${field}`).toHaveProperty(field);
    }
    expect(cols, r.name).toHaveProperty('isActive');
  }
});

describe.each(all.map((r) => [r.name, r] as const))('resource %s', (_name, r) => {
  it('creates, lists by search, reads, updates and deletes', async () => {
    const { row, payload, id } = await createSample(admin, r);
    expect(row).not.toHaveProperty('passwordHash');
    expect(row.isActive).toBe(true);
    expect(row.createdBy).toBeTypeOf('number');

    const list = await admin.get(`/api/resources/${r.name}`, { search: searchText(r, row), pageSize: 50 });
    expectStatus(list, 200);
    const body = list.json() as { rows: { id: number }[]; total: number };
    expect(body.rows.map((x) => x.id)).toContain(id);
    expect(body.total).toBeGreaterThanOrEqual(1);

    const one = await admin.get(`/api/resources/${r.name}/${id}`);
    expectStatus(one, 200);
    expect(one.json().id).toBe(id);

    const upd = await admin.put(`/api/resources/${r.name}/${id}`, { ...payload, isActive: false });
    expectStatus(upd, 200);
    expect(upd.json().isActive).toBe(false);

    const inactive = await admin.get(`/api/resources/${r.name}`, { active: 'false', pageSize: 500 });
    expect((inactive.json().rows as { id: number }[]).map((x) => x.id)).toContain(id);

    const audit = await admin.get(`/api/resources/${r.name}/${id}/audit`);
    expectStatus(audit, 200);
    expect((audit.json() as { action: string }[]).map((x) => x.action).sort()).toEqual(['create', 'update']);

    if (r.canDelete) {
      expectStatus(await admin.delete(`/api/resources/${r.name}/${id}`), 204);
      expectStatus(await admin.get(`/api/resources/${r.name}/${id}`), 404);
    }
  });

  it('answers 400 naming the field for an invalid payload', async () => {
    const payload = await samplePayload(admin, r);
    const field = requiredField(r, payload);
    const { [field]: _, ...rest } = payload;
    const res = await admin.post(`/api/resources/${r.name}`, rest);
    expectStatus(res, 400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });

  it.runIf(r.unique.length > 0)('answers 409 naming the field for a duplicate', async () => {
    const { payload } = await createSample(admin, r);
    const res = await admin.post(`/api/resources/${r.name}`, payload);
    expectStatus(res, 409);
    const key = r.unique[0];
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(key[key.length - 1]);
  });

  const referrers = referencesTo(r.name);
  it.runIf(referrers.length > 0 && r.canDelete)('answers 409 when deleting a referenced record', async () => {
    const { id } = await createSample(admin, r);
    const { resource: other, field } = referrers[0];
    const def = other.fields[field];
    await createSample(admin, other, { [field]: def.kind === 'multiselect' ? [id] : id });
    const res = await admin.delete(`/api/resources/${r.name}/${id}`);
    expectStatus(res, 409);
    expect(res.json().message).toMatch(/used by/);
    expectStatus(await admin.get(`/api/resources/${r.name}/${id}`), 200);
  });

  it('answers 403 to a role without the action and 401 without sign-in', async () => {
    const { id, payload } = await createSample(admin, r);
    const base = `/api/resources/${r.name}`;
    expectStatus(await employee.get(base), 403);
    expectStatus(await employee.post(base, r.sample('x')), 403);
    expectStatus(await employee.get(`${base}/${id}`), 403);
    expectStatus(await employee.get(`${base}/export.xlsx`), 403);
    expectStatus(await employee.get(`${base}/${id}/audit`), 403);
    expectStatus(await employee.put(`${base}/${id}`, payload), 403);
    if (r.canDelete) expectStatus(await employee.delete(`${base}/${id}`), 403);
    if (r.mapping) {
      expectStatus(await employee.get(`${base}/mapping/1`), 403);
      expectStatus(await employee.put(`${base}/mapping/1`, { items: [] }), 403);
    }
    expectStatus(await api(t.app).get(base), 401);
    expectStatus(await api(t.app).put(`${base}/${id}`, payload), 401);
    // Nothing the refused calls sent was written.
    expectStatus(await admin.get(`${base}/${id}`), 200);
  });

  it('pages, sorts and offers options', async () => {
    const page = await admin.get(`/api/resources/${r.name}`, { page: 1, pageSize: 2, sort: r.sortable[0], dir: 'desc' });
    expectStatus(page, 200);
    expect(page.json().rows.length).toBeLessThanOrEqual(2);
    expectStatus(await admin.get(`/api/resources/${r.name}`, { sort: 'nope' }), 400);
    const { id } = await createSample(admin, r);
    const opts = await admin.get(`/api/resources/${r.name}/options`, { ids: String(id), limit: 1 });
    expectStatus(opts, 200);
    expect((opts.json() as { id: number; label: string | null }[]).map((o) => o.id)).toContain(id);
  });

  // A caller of some units reaches a unit-scoped resource's rows of those units, and a resource a domain narrows
  // (`scope` hook: users, user-wise unit mapping, holidays) no more than the administrator's; everything else whole.
  const hookScoped = hooksOf(r.name).scope({ unitIds: [1], isAdmin: false, roleId: 0, userId: 0 } as unknown as AuthContext) !== undefined;
  it('lists, searches, filters, exports and offers options to non-administrators: their reach, the same columns', async () => {
    // The sample of a unit-scoped resource lies in a new unit: outside every non-administrator's units.
    const { row, id } = await createSample(admin, r);
    const base = `/api/resources/${r.name}`;
    const queries: Record<string, string>[] = [{}, { search: searchText(r, row) }, { search: "O'Brien 9876" }];
    for (const f of r.filters) {
      const v = row[f];
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') queries.push({ filters: JSON.stringify({ [f]: v }) });
    }
    const scopeOf = (x: Record<string, unknown>) => (r.unitScoped ? (x[r.unitScoped] as number) : undefined);
    const exportRows = async (res: { rawPayload: Buffer }) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return Array.from({ length: ws.actualRowCount }, (_, i) => JSON.stringify((ws.getRow(i + 1).values as unknown[]).slice(1)));
    };
    const adminExport = await exportRows(await admin.get(`${base}/export.xlsx`));
    for (const q of queries) {
      const all = (await admin.get(base, { ...q, pageSize: 500 })).json() as { rows: Record<string, unknown>[]; total: number };
      for (const c of nonAdmins) {
        const what = `${c.who} ${r.name} ${JSON.stringify(q)}`;
        const res = await c.api.get(base, { ...q, pageSize: 500 });
        expectStatus(res, 200);
        const body = res.json() as { rows: Record<string, unknown>[]; total: number };
        if (r.unitScoped)
          expect(
            body.rows.every((x) => c.units.includes(scopeOf(x) as number)),
            what,
          ).toBe(true);
        if (all.total <= 500) {
          const reach = all.rows.filter((x) => !r.unitScoped || c.units.includes(scopeOf(x) as number));
          const ids = body.rows.map((x) => x.id);
          if (hookScoped)
            expect(
              ids.every((x) => reach.some((y) => y.id === x)),
              what,
            ).toBe(true);
          else {
            expect(ids, what).toEqual(reach.map((x) => x.id));
            expect(body.total, what).toBe(reach.length);
          }
        }
        if (body.rows.length && all.rows.length) expect(Object.keys(body.rows[0]).sort(), what).toEqual(Object.keys(all.rows[0]).sort());
        // The export: the caller's rows, under the same headings, each one the administrator's export holds too.
        if (q !== queries[1] && q !== queries[3]) continue; // a search and a filter (export.test.ts: the whole list)
        const file = await c.api.get(`${base}/export.xlsx`, q);
        expectStatus(file, 200);
        const [head, ...lines] = await exportRows(file);
        expect(head, what).toBe(adminExport[0]);
        expect(lines.length, what).toBe(body.total);
        expect(
          lines.every((l) => adminExport.includes(l)),
          what,
        ).toBe(true);
      }
    }
    // Options: the sample by id and label, exactly when the caller's list reaches it.
    for (const c of nonAdmins) {
      const reached = ((await c.api.get(base, { search: searchText(r, row), pageSize: 500 })).json().rows as { id: number }[]).some(
        (x) => x.id === id,
      );
      const opts = await c.api.get(`${base}/options`, { ids: String(id), search: searchText(r, row) });
      expectStatus(opts, 200);
      expect(
        (opts.json() as { id: number }[]).some((o) => o.id === id),
        `${c.who} ${r.name} options`,
      ).toBe(reached);
      if (r.unitScoped && !c.units.includes(scopeOf(row) as number)) expect(reached, `${c.who} ${r.name}`).toBe(false);
    }
  });
});

describe('unit scoping', () => {
  it('a manager sees only the rows of mapped units for unit-scoped resources', async () => {
    const scoped = all.filter((r) => r.unitScoped);
    // Give the Manager role view (only) on every unit-scoped master through the access grid.
    const roles = (await admin.get('/api/access/roles')).json() as { id: number; name: string }[];
    const managerRole = roles.find((x) => x.name === 'Manager');
    expect(managerRole).toBeDefined();
    const grid = (await admin.get(`/api/access/roles/${managerRole?.id}/menus`)).json() as {
      menus: { menuId: number; actionUrl: string; actions: Record<string, boolean> }[];
    };
    const menus = new Set<string>(scoped.map((r) => r.menu));
    const rows = grid.menus.map((m) => ({
      menuId: m.menuId,
      canView: m.actions.view || menus.has(m.actionUrl),
      canAdd: m.actions.add,
      canEdit: m.actions.edit,
      canDelete: m.actions.delete,
      canApprove: m.actions.approve,
    }));
    expectStatus(await admin.put(`/api/access/roles/${managerRole?.id}/menus`, { rows }), 200);

    const manager = api(t.app, await signIn(t.app, 'manager'));
    const units = (await admin.get('/api/resources/unit', { pageSize: 100 })).json().rows as { id: number; code: string }[];
    const mine = units.filter((u) => ['HO-BLR', 'BR-CHN'].includes(u.code)).map((u) => u.id);
    const other = units.find((u) => u.code === 'CMP-MYS')?.id;
    const unitOptions = (await manager.get('/api/resources/unit/options')).json() as { id: number }[];
    expect(unitOptions.map((o) => o.id).sort()).toEqual([...mine].sort());
    for (const r of scoped) {
      const res = await manager.get(`/api/resources/${r.name}`, { pageSize: 500 });
      expectStatus(res, 200);
      const seen = (res.json().rows as Record<string, unknown>[]).map((x) => x[r.unitScoped as string] as number);
      expect(
        seen.every((u) => mine.includes(u)),
        r.name,
      ).toBe(true);
      const everything = (await admin.get(`/api/resources/${r.name}`, { pageSize: 500 })).json().rows as Record<string, unknown>[];
      const foreign = everything.find((x) => x[r.unitScoped as string] === other);
      if (foreign) expectStatus(await manager.get(`/api/resources/${r.name}/${foreign.id}`), 404);
      // View only: no add.
      expectStatus(await manager.post(`/api/resources/${r.name}`, r.sample('m')), 403);
    }
  });
});
