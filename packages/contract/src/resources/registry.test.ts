import { describe, expect, it } from 'vitest';
import { MENU_PATHS } from '../menus';
import { getResource, MASTER_BASE, RESOURCE_ROUTES, RESOURCES, type TResource } from './index';

const all = RESOURCES as unknown as TResource[];

describe('resource registry', () => {
  it('has one name and one path per resource', () => {
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
    for (const r of all) {
      expect(r.menu).toBe(`${MASTER_BASE}/${r.path}`);
      // Every resource's menu is a typed menu name (MENU in menus.ts).
      expect(MENU_PATHS).toContain(r.menu);
    }
  });

  it('RESOURCE_ROUTES (the web route table, zod-free) agrees with the registry', () => {
    const expected = all.map((r) => ({
      name: r.name,
      path: r.path,
      ...(r.modify ? { modifyParam: r.modify.param } : {}),
      ...(r.mapping ? { mapping: true } : {}),
    }));
    expect(RESOURCE_ROUTES).toEqual(expected);
    // A mapping is always edited on its modify route.
    for (const r of RESOURCE_ROUTES) if (r.mapping) expect(r.modifyParam, r.name).toBeDefined();
  });

  it('names only declared fields in columns, search, sort, filters, unique keys and mappings', () => {
    for (const r of all) {
      const fields = new Set([...Object.keys(r.fields), 'id', 'isActive', 'createdAt', 'updatedAt']);
      const named = [
        ...r.columns,
        ...r.searchable,
        ...r.sortable,
        ...r.filters,
        ...r.unique.flat(),
        r.labelField,
        r.defaultSort.field,
        ...(r.mapping ? [r.mapping.owner, r.mapping.item, ...r.mapping.extras] : []),
      ];
      for (const f of named) expect(fields.has(f), `${r.name}.${f}`).toBe(true);
      if (r.unitScoped) expect(fields.has(r.unitScoped), `${r.name}.${r.unitScoped}`).toBe(true);
    }
  });

  it('references only registered resources', () => {
    for (const r of all) {
      for (const [field, def] of Object.entries(r.fields)) {
        if (def.reference) expect(getResource(def.reference), `${r.name}.${field} → ${def.reference}`).toBeDefined();
      }
    }
  });

  it('builds samples its own schema accepts (references filled with ids)', () => {
    for (const r of all) {
      const sample: Record<string, unknown> = r.sample('12345');
      for (const [field, def] of Object.entries(r.fields)) {
        if (def.kind === 'select' && def.reference && def.required) sample[field] = 1;
      }
      const parsed = r.schema.safeParse(sample);
      expect(parsed.success, `${r.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('normalises input the way the database stores it', () => {
    const shift = getResource('shift') as TResource;
    const out = shift.schema.parse({ name: ' General ', code: 'G', startTime: '09:30', endTime: '18:00' });
    expect(out).toMatchObject({ name: 'General', startTime: '09:30:00', halfDayMinHours: '4.00', isActive: true });
    const country = getResource('country') as TResource;
    expect(country.schema.parse({ name: 'India', code: '' }).code).toBeNull();
    expect(country.schema.safeParse({ name: '' }).success).toBe(false);
  });
});
