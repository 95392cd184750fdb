/** Saving a large mapping checklist: the right rows change, in the same handful of queries as a small save. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { employeeDocTypes, unitEmployeeDocTypeMap } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { countingDb } from '../query-count';
import { expectStatus } from './fixtures';

let t: TestApp;
let counted: { app: App; queries: string[] };
let admin: ReturnType<typeof api>;
let docIds: number[];
const UNIT = 1;
const OTHER_UNIT = 2;

beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database whose Drizzle handle records every statement it sends.
  const counter = countingDb(t.database);
  const app = await buildApp({ db: counter.db, dbKind: t.database.kind, config: t.config, logger: false });
  await app.ready();
  counted = { app, queries: counter.queries };
  admin = api(app, await signIn(app, 'admin'));
  const inserted = await bulkInsert(
    t.db,
    employeeDocTypes,
    Array.from({ length: 2100 }, (_, i) => ({ name: `Bulk document ${i}`, code: `BD${i}` })),
    { returning: ['id'] },
  );
  docIds = inserted.map((r) => r.id);
});
afterAll(async () => {
  await counted?.app.close();
  await t?.close();
});

const mapped = (unitId: number) =>
  t.db
    .select({
      itemId: unitEmployeeDocTypeMap.employeeDocTypeId,
      isMandatory: unitEmployeeDocTypeMap.isMandatory,
      updatedAt: unitEmployeeDocTypeMap.updatedAt,
    })
    .from(unitEmployeeDocTypeMap)
    .where(and(eq(unitEmployeeDocTypeMap.unitId, unitId), inArray(unitEmployeeDocTypeMap.employeeDocTypeId, docIds)))
    .orderBy(asc(unitEmployeeDocTypeMap.employeeDocTypeId));

/** Saves the checklist through the API and returns the statements the save sent. */
async function save(unitId: number, items: { itemId: number; isMandatory: boolean }[]) {
  counted.queries.length = 0;
  expectStatus(await admin.put(`/api/resources/unitEmployeeDocTypeMap/mapping/${unitId}`, { items }), 200);
  return [...counted.queries];
}

describe('saving a mapping of 2,000 lines', () => {
  it('writes the right rows, set-based', async () => {
    await save(
      OTHER_UNIT,
      docIds.slice(0, 3).map((itemId) => ({ itemId, isMandatory: true })),
    );
    const otherBefore = await mapped(OTHER_UNIT);

    // First save: 2,000 new lines.
    await save(
      UNIT,
      docIds.slice(0, 2000).map((itemId, i) => ({ itemId, isMandatory: i % 2 === 0 })),
    );
    const first = await mapped(UNIT);
    expect(first.map((r) => r.itemId)).toEqual(docIds.slice(0, 2000));
    expect(first.map((r) => r.isMandatory)).toEqual(docIds.slice(0, 2000).map((_, i) => i % 2 === 0));

    // Second save: 500 lines dropped, 1,000 flipped, 500 left as they were, 100 new.
    const items = docIds.slice(500, 2100).map((itemId, j) => {
      const i = j + 500;
      return { itemId, isMandatory: i < 1500 ? i % 2 !== 0 : i % 2 === 0 };
    });
    const bigSave = await save(UNIT, items);
    const second = await mapped(UNIT);
    expect(second.map((r) => r.itemId)).toEqual(docIds.slice(500, 2100));
    expect(second.map((r) => r.isMandatory)).toEqual(items.map((i) => i.isMandatory));
    // Unchanged lines were not rewritten; the flipped ones were.
    const firstAt = new Map(first.map((r) => [r.itemId, r.updatedAt.getTime()]));
    second.forEach((r, j) => {
      const i = j + 500;
      if (i >= 1500 && i < 2000) expect(r.updatedAt.getTime()).toBe(firstAt.get(r.itemId));
      if (i < 1500) expect(r.updatedAt.getTime()).toBeGreaterThan(firstAt.get(r.itemId) ?? 0);
    });
    // Another unit's mapping is untouched.
    expect(await mapped(OTHER_UNIT)).toEqual(otherBefore);

    // A small save of the same shape (drop, flip, add) sends as many statements as the big one.
    const smallSave = await save(UNIT, [
      ...docIds.slice(500, 505).map((itemId, j) => ({ itemId, isMandatory: !items[j].isMandatory })),
      ...docIds.slice(0, 5).map((itemId) => ({ itemId, isMandatory: true })),
    ]);
    expect(bigSave.length).toBe(smallSave.length);
    expect(bigSave.length).toBeLessThanOrEqual(15);
    const third = await mapped(UNIT);
    expect(third.map((r) => [r.itemId, r.isMandatory])).toEqual([
      ...docIds.slice(0, 5).map((id) => [id, true]),
      ...docIds.slice(500, 505).map((id, j) => [id, !items[j].isMandatory]),
    ]);
  });
});

describe('a checklist longer than 5,000 items', () => {
  it('lists every item with its mapped state (no silent first 5,000), and the mapped ones stay mapped', async () => {
    const more = await bulkInsert(
      t.db,
      employeeDocTypes,
      Array.from({ length: 3100 }, (_, i) => ({ name: `Long list document ${i}`, code: `LL${i}` })),
      { returning: ['id'] },
    );
    const all = [...docIds, ...more.map((r) => r.id)];
    // The last of the long list is mapped, so a cap by name or by id would hide a mapped line.
    const last = more[more.length - 1].id;
    await save(UNIT, [{ itemId: last, isMandatory: true }]);
    const res = await admin.get(`/api/resources/unitEmployeeDocTypeMap/mapping/${UNIT}`);
    expectStatus(res, 200);
    const lines = res.json() as { itemId: number; mapped: boolean; isMandatory: boolean }[];
    expect(lines.length).toBeGreaterThan(5000);
    const ids = new Set(lines.map((l) => l.itemId));
    expect(all.every((id) => ids.has(id))).toBe(true);
    expect(lines.filter((l) => all.includes(l.itemId) && l.mapped).map((l) => [l.itemId, l.isMandatory])).toEqual([[last, true]]);
  });
});
