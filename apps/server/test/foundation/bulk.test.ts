/** Set-based bulk insert / update / upsert (apps/server/src/lib/bulk.ts) against the real database. */
import { asc, eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bulkInsert, bulkUpdate, bulkUpsert, selectJsonColumns } from '../../src/lib/bulk';
import { createTestApp, type TestApp } from '../helpers';
import { countingDb } from '../query-count';

// A scratch table of its own (not part of the schema): every kind of column the helpers map.
const scratch = pgTable(
  'bulk_scratch',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    n: integer('n'),
    big: bigint('big', { mode: 'bigint' }),
    paise: bigint('paise', { mode: 'number' }),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    day: date('day'),
    at: timestamp('at', { withTimezone: true }),
    flag: boolean('flag').notNull().default(false),
    meta: jsonb('meta'),
    tags: text('tags').array(),
    note: varchar('note', { length: 50 }).default('none'),
    token: text('token').$defaultFn(() => 'from-fn'),
  },
  (t) => [uniqueIndex('bulk_scratch_code_uq').on(t.code)],
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table bulk_scratch (
    id serial primary key, code text not null, n integer, big bigint, paise bigint, amount numeric(12,2), day date,
    at timestamptz, flag boolean not null default false, meta jsonb, tags text[], note varchar(50) default 'none', token text)`);
  await t.db.execute(sql`create unique index bulk_scratch_code_uq on bulk_scratch (code)`);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`truncate bulk_scratch restart identity`);
});

const all = () => t.db.select().from(scratch).orderBy(asc(scratch.id));
const tricky = ['plain', "O'Brien", 'say "hi"', 'back\\slash', 'NULL', '', 'ಕನ್ನಡ हिन्दी ✓ 😀', 'line\nbreak\ttab', '{a,b}', '\\x00'];

describe('bulkInsert', () => {
  it('writes every kind of value exactly: nulls, quotes, unicode, bigint, numeric, dates, booleans, jsonb, arrays', async () => {
    const at = new Date('2026-03-31T18:29:59.123Z');
    const rows = tricky.map((s, i) => ({
      code: `c${i}-${s}`,
      n: i === 3 ? null : i - 5,
      big: i === 4 ? null : 9_007_199_254_740_993n + BigInt(i),
      paise: 123_456_789_012 + i,
      amount: i === 5 ? null : `${i}.05`,
      day: '2026-02-28',
      at,
      flag: i % 2 === 0,
      meta: i === 6 ? null : { s, list: [1, 'two', null], nested: { q: '"' } },
      tags: i === 7 ? null : [s, 'x y', 'NULL'],
      note: s.slice(0, 50),
    }));
    const ids = await bulkInsert(t.db, scratch, rows, { returning: ['id', 'code'] });
    expect(ids.map((r) => r.code)).toEqual(rows.map((r) => r.code));
    const got = await all();
    expect(got.map((r) => r.id)).toEqual(ids.map((r) => r.id));
    got.forEach((r, i) => {
      const w = rows[i];
      expect({ ...r, id: undefined }).toEqual({ ...w, id: undefined, at, token: 'from-fn' });
    });
    expect(await bulkInsert(t.db, scratch, [{ code: 'count-me' }, { code: 'and-me' }])).toBe(2);
    // Keys that are not columns are left out, whatever they hold.
    const extra = { code: 'with-extra', n: 1, notAColumn: 10n, fn: () => 1 };
    expect(await bulkInsert(t.db, scratch, [extra], { returning: ['n'] })).toEqual([{ n: 1 }]);
  });

  it('copy: sends the rows by COPY on either database, every kind of value exactly, in one transaction', async () => {
    // A statement trigger notes the statement that wrote the rows: COPY, not the JSON insert.
    await t.db.execute(sql`create table if not exists bulk_scratch_log (q text not null)`);
    await t.db.execute(sql`truncate bulk_scratch_log`);
    await t.db.execute(sql`create or replace function bulk_scratch_log() returns trigger language plpgsql as
      $$ begin insert into bulk_scratch_log values (left(current_query(), 40)); return null; end $$`);
    await t.db.execute(
      sql`create trigger bulk_scratch_log after insert on bulk_scratch for each statement execute function bulk_scratch_log()`,
    );
    try {
      const at = new Date('2026-03-31T18:29:59.123Z');
      const rows = [...tricky, 'tab\there', 'cr\rlf\r\n', '\\N'].map((s, i) => ({
        code: `c${i}-${s}`,
        n: i === 3 ? null : i - 5,
        big: i === 4 ? null : 9_007_199_254_740_993n + BigInt(i),
        paise: 123_456_789_012 + i,
        amount: i === 5 ? null : `${i}.05`,
        day: '2026-02-28',
        at,
        flag: i % 2 === 0,
        meta: i === 6 ? null : { s, list: [1, 'two', null], nested: { q: '"', b: '\\' } },
        tags: i === 7 ? null : [s, 'x y', 'NULL'],
        note: s.slice(0, 50),
      }));
      // Two column sets (a row without `amount` given): two COPY statements, all or nothing.
      const input = [...rows, { code: 'defaults', flag: true }];
      expect(await bulkInsert(t.db, scratch, input, { copy: true })).toBe(input.length);
      const got = await all();
      expect(got.slice(0, rows.length).map(({ id: _, ...r }) => r)).toEqual(rows.map((r) => ({ ...r, token: 'from-fn' })));
      expect(got[rows.length]).toMatchObject({ code: 'defaults', flag: true, note: 'none', token: 'from-fn', n: null });
      const log = (await t.db.execute(sql`select q from bulk_scratch_log`)) as unknown as { rows: { q: string }[] };
      expect(log.rows.map((r) => r.q.split(' ')[0].toLowerCase())).toEqual(['copy', 'copy']);
      // A failing row writes nothing (the first column set went in before the second failed).
      await t.db.execute(sql`truncate bulk_scratch restart identity`);
      const bad = [{ code: 'ok-1' }, { code: 'ok-2', n: 1 }, { code: 'ok-1', n: 2 }];
      await expect(bulkInsert(t.db, scratch, bad, { copy: true })).rejects.toThrow();
      expect(await all()).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger if exists bulk_scratch_log on bulk_scratch`);
    }
  });

  it('leaves undefined columns to their defaults and writes null where null is given, in input order across column sets', async () => {
    const ids = await bulkInsert(
      t.db,
      scratch,
      [
        { code: 'a' },
        { code: 'b', note: null, flag: true },
        { code: 'c', token: 'own' },
        { code: 'd', note: 'given' },
        { code: 'e', note: undefined },
      ],
      { returning: ['code', 'note', 'id'] },
    );
    expect(ids.map((r) => [r.code, r.note])).toEqual([
      ['a', 'none'],
      ['b', null],
      ['c', 'none'],
      ['d', 'given'],
      ['e', 'none'],
    ]);
    const got = await all();
    expect(got.map((r) => [r.code, r.note, r.flag, r.token])).toEqual([
      ['a', 'none', false, 'from-fn'],
      ['c', 'none', false, 'own'],
      ['e', 'none', false, 'from-fn'],
      ['b', null, true, 'from-fn'],
      ['d', 'given', false, 'from-fn'],
    ]);
    // Ids were given in statement order; each returned row still sits at its input position.
    for (const r of ids) expect(got.find((g) => g.id === r.id)?.code).toBe(r.code);
  });

  it('sends no query for empty input', async () => {
    const counter = countingDb(t.database);
    expect(await bulkInsert(counter.db, scratch, [])).toBe(0);
    expect(await bulkInsert(counter.db, scratch, [], { returning: ['id'] })).toEqual([]);
    expect(await bulkUpdate(counter.db, scratch, [], { key: 'id', set: ['n'] })).toBe(0);
    expect(await bulkUpsert(counter.db, scratch, [], { target: ['code'], set: ['n'] })).toBe(0);
    expect(counter.queries).toEqual([]);
  });

  it('splits into chunks (one statement each, in one transaction) and returns ids in input order across chunk boundaries', async () => {
    const counter = countingDb(t.database);
    const rows = Array.from({ length: 50 }, (_, i) => ({ code: `k${String(49 - i).padStart(2, '0')}`, n: i }));
    const ids = await bulkInsert(counter.db, scratch, rows, { chunkSize: 7, returning: ['id', 'n'] });
    expect(counter.queries.filter((q) => q.includes('json_to_recordset'))).toHaveLength(8);
    expect(ids.map((r) => r.n)).toEqual(rows.map((r) => r.n));
    const byId = new Map((await all()).map((r) => [r.id, r]));
    for (const [i, r] of ids.entries()) expect(byId.get(r.id)?.code).toBe(rows[i].code);
    // Exactly on a boundary: 14 rows in chunks of 7 are two statements.
    counter.queries.length = 0;
    await bulkInsert(
      counter.db,
      scratch,
      Array.from({ length: 14 }, (_, i) => ({ code: `b${i}` })),
      { chunkSize: 7 },
    );
    expect(counter.queries.filter((q) => q.includes('json_to_recordset'))).toHaveLength(2);
  });

  it('is all-or-nothing over its chunks, and joins the caller’s transaction', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ code: i === 15 ? (null as unknown as string) : `r${i}` }));
    await expect(bulkInsert(t.db, scratch, rows, { chunkSize: 5 })).rejects.toThrow();
    expect(await all()).toHaveLength(0);
    await expect(
      t.db.transaction(async (tx) => {
        await bulkInsert(tx, scratch, [{ code: 'in-tx' }]);
        expect((await tx.select().from(scratch)).map((r) => r.code)).toEqual(['in-tx']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await all()).toHaveLength(0);
  });

  it('skips conflicting rows with onConflictDoNothing, returning only the rows inserted', async () => {
    await bulkInsert(t.db, scratch, [{ code: 'x' }, { code: 'y' }]);
    expect(await bulkInsert(t.db, scratch, [{ code: 'x' }, { code: 'z' }], { onConflictDoNothing: true })).toBe(1);
    const back = await bulkInsert(t.db, scratch, [{ code: 'w' }, { code: 'y' }, { code: 'v' }], {
      onConflictDoNothing: { target: ['code'] },
      returning: ['code'],
    });
    expect(back).toEqual([{ code: 'w' }, { code: 'v' }]);
    expect((await all()).map((r) => r.code)).toEqual(['x', 'y', 'z', 'w', 'v']);
  });
});

// A child table whose rows reference bulk_parent (made in SQL below) by id and by code: the salary slips' shape.
const child = pgTable('bulk_child', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  parentCode: varchar('parent_code', { length: 10 }),
  note: text('note').notNull(),
  meta: jsonb('meta'),
});

describe('bulkInsert: COPY with the foreign keys checked once (foreignKeysOnce)', () => {
  beforeAll(async () => {
    await t.db.execute(sql`create table bulk_parent (id integer primary key, code varchar(10) not null unique)`);
    await t.db.execute(sql`create table bulk_child (id serial primary key, parent_id integer not null references bulk_parent (id),
      parent_code varchar(10) references bulk_parent (code), note text not null, meta jsonb)`);
    await t.db.execute(sql`insert into bulk_parent values (1, 'a"1'), (2, 'b\\2'), (3, 'c,3')`);
  });
  beforeEach(async () => {
    await t.db.execute(sql`truncate bulk_child restart identity`);
    await t.db.execute(sql`drop trigger if exists bulk_child_upper on bulk_child`);
  });
  const rows = (n: number, bad?: { at: number; parentId?: number; parentCode?: string }) =>
    Array.from({ length: n }, (_, i) => ({
      parentId: i === bad?.at && bad.parentId ? bad.parentId : (i % 3) + 1,
      parentCode: i === bad?.at && bad.parentCode ? bad.parentCode : i % 4 === 0 ? null : ['a"1', 'b\\2', 'c,3'][i % 3],
      note: `n${i}`,
      meta: { i },
    }));
  const setting = async (db: typeof t.db | Parameters<Parameters<typeof t.db.transaction>[0]>[0]) =>
    (await db.execute(sql`select current_setting('session_replication_role') as r`)) as unknown as { rows: { r: string }[] };

  it('writes every row, checks the references in one statement, and leaves the row-by-row checks on afterwards', async () => {
    const counter = countingDb(t.database);
    const input = rows(1500);
    await counter.db.transaction(async (tx) => {
      expect(await bulkInsert(tx, child, input, { copy: true, foreignKeysOnce: true })).toBe(1500);
      expect((await setting(tx)).rows[0].r).toBe('origin');
      // The checks are on again for the rest of the transaction: a missing parent is refused.
      await expect(
        tx.execute(sql`savepoint s`).then(() => tx.execute(sql`insert into bulk_child (parent_id, note) values (99, 'x')`)),
      ).rejects.toThrow();
      await tx.execute(sql`rollback to savepoint s`);
    });
    const got = await t.db.select().from(child).orderBy(asc(child.id));
    expect(got.map(({ id: _, ...r }) => r)).toEqual(input);
    if (t.database.kind === 'pglite') {
      // One catalogue read and one statement checking every distinct value (then the setting put back).
      expect(counter.queries.filter((q) => q.includes('pg_constraint'))).toHaveLength(1);
      expect(counter.queries.filter((q) => q.includes("set_config('session_replication_role'"))).toHaveLength(2);
    }
  });

  it('refuses a row whose parent is missing with the database’s foreign-key error, writing nothing', async () => {
    for (const bad of [
      { at: 1200, parentId: 7 },
      { at: 5, parentCode: 'zz' },
    ]) {
      const err = await bulkInsert(t.db, child, rows(1500, bad), { copy: true, foreignKeysOnce: true }).catch((e) => e);
      expect(err?.code ?? err?.cause?.code).toBe('23503');
      expect(await t.db.select().from(child)).toHaveLength(0);
    }
    expect((await setting(t.db)).rows[0].r).toBe('origin');
  });

  it('keeps the row-by-row path (triggers fire) when the table has a trigger of its own', async () => {
    await t.db.execute(sql`create or replace function bulk_child_upper() returns trigger language plpgsql as
      $$ begin new.note := upper(new.note); return new; end $$`);
    await t.db.execute(sql`create trigger bulk_child_upper before insert on bulk_child for each row execute function bulk_child_upper()`);
    expect(await bulkInsert(t.db, child, rows(1200), { copy: true, foreignKeysOnce: true })).toBe(1200);
    const got = await t.db.select({ note: child.note }).from(child).orderBy(asc(child.id));
    expect(got[0].note).toBe('N0');
    expect(got.every((r) => r.note.startsWith('N'))).toBe(true);
  });
  it('keeps the shortcut for a table whose own triggers are ENABLE ALWAYS, and they still fire', async () => {
    await t.db.execute(sql`create table if not exists bulk_child_log (n integer not null)`);
    await t.db.execute(sql`truncate bulk_child_log`);
    await t.db.execute(sql`create or replace function bulk_child_count() returns trigger language plpgsql as
      $$ begin insert into bulk_child_log select count(*) from new_rows; return null; end $$`);
    await t.db.execute(sql`create trigger bulk_child_count after insert on bulk_child referencing new table as new_rows
      for each statement execute function bulk_child_count()`);
    await t.db.execute(sql`alter table bulk_child enable always trigger bulk_child_count`);
    try {
      const counter = countingDb(t.database);
      await counter.db.transaction(async (tx) => {
        expect(await bulkInsert(tx, child, rows(1500), { copy: true, foreignKeysOnce: true })).toBe(1500);
      });
      const log = (await t.db.execute(sql`select coalesce(sum(n), 0)::int as n from bulk_child_log`)) as unknown as {
        rows: { n: number }[];
      };
      expect(log.rows[0].n).toBe(1500);
      if (t.database.kind === 'pglite') {
        expect(counter.queries.filter((q) => q.includes("set_config('session_replication_role'"))).toHaveLength(2);
      }
    } finally {
      await t.db.execute(sql`drop trigger if exists bulk_child_count on bulk_child`);
    }
  });

  it('without COPY too (JSON, on conflict do nothing, returning; upsert): checked once, the catalogue read once', async () => {
    const counter = countingDb(t.database);
    const input = rows(300);
    let returned: { note: string }[] = [];
    await counter.db.transaction(async (tx) => {
      returned = await bulkInsert(tx, child, input, { onConflictDoNothing: true, returning: ['note'], foreignKeysOnce: true });
      expect((await setting(tx)).rows[0].r).toBe('origin');
    });
    expect(returned.map((r) => r.note)).toEqual(input.map((r) => r.note));
    // The upsert's rows (new ones and existing ones updated) through the same shortcut.
    const ids = (await t.db.select({ id: child.id }).from(child).orderBy(asc(child.id))).slice(0, 150).map((r) => r.id);
    const upserted = [...ids.map((id, i) => ({ id, ...input[i], note: `u${i}` })), ...rows(150).map((r, i) => ({ ...r, id: 1000 + i }))];
    expect(await bulkUpsert(counter.db, child, upserted, { target: ['id'], set: ['note'], foreignKeysOnce: true })).toBe(300);
    const got = await t.db.select().from(child).orderBy(asc(child.id));
    expect(got).toHaveLength(450);
    expect(got[0].note).toBe('u0');
    expect((await setting(t.db)).rows[0].r).toBe('origin');
    if (t.database.kind === 'pglite') {
      // The setting put back inside the caller's transaction only (the upsert's own transaction ends it), the catalogue
      // read at most once (kept from an earlier test while its fingerprint holds).
      expect(counter.queries.filter((q) => q.startsWith("select set_config('session_replication_role'"))).toHaveLength(1);
      expect(counter.queries.filter((q) => q.includes('rolsuper')).length).toBeLessThanOrEqual(1);
    }
    // A missing parent: the database's own foreign-key error, nothing written.
    const err = await bulkInsert(t.db, child, rows(300, { at: 250, parentId: 7 }), {
      onConflictDoNothing: true,
      returning: ['id'],
      foreignKeysOnce: true,
    }).catch((e) => e);
    expect(err?.code ?? err?.cause?.code).toBe('23503');
    expect(await t.db.select().from(child)).toHaveLength(450);
  });

  it('notices a trigger made after the catalogue was kept: the row-by-row path, and the trigger fires', async () => {
    expect(await bulkInsert(t.db, child, rows(200), { onConflictDoNothing: true, foreignKeysOnce: true })).toBe(200);
    await t.db.execute(sql`create or replace function bulk_child_upper() returns trigger language plpgsql as
      $$ begin new.note := upper(new.note); return new; end $$`);
    await t.db.execute(sql`create trigger bulk_child_upper before insert on bulk_child for each row execute function bulk_child_upper()`);
    const counter = countingDb(t.database);
    expect(await bulkInsert(counter.db, child, rows(200), { onConflictDoNothing: true, foreignKeysOnce: true })).toBe(200);
    const got = await t.db.select({ note: child.note }).from(child).orderBy(asc(child.id));
    expect(got[200].note).toBe('N0');
    if (t.database.kind === 'pglite') {
      // Never put back: never turned off.
      expect(counter.queries.filter((q) => q.startsWith("select set_config('session_replication_role'"))).toHaveLength(0);
    }
  });
});

describe('selectJsonColumns in pages', () => {
  it('reads every row once, in the key’s order, a page a statement on PGlite, whatever the page size', async () => {
    const codes = ['b"q', 'a\\b', 'c d', 'D', 'e', 'ಕ', 'f,g', 'h', 'i'];
    await bulkInsert(
      t.db,
      scratch,
      codes.map((code, i) => ({ code, n: i, meta: { i } })),
    );
    const query = sql`select id, code, n, meta from bulk_scratch where n >= 0`;
    const whole = await selectJsonColumns<{ id: number; code: string; n: number; meta: { i: number } }>(
      t.db,
      ['id', 'code', 'n', 'meta'],
      query,
    );
    for (const size of [1, 2, 4, 9, 10, 50]) {
      const counter = countingDb(t.database);
      const byCode = await selectJsonColumns<{ code: string; n: number }>(counter.db, ['code', 'n'], query, { key: 'code', size });
      const sorted = [...whole].sort((a, b) => (a.code < b.code ? -1 : 1));
      expect(byCode.map((r) => r.code).sort()).toEqual(sorted.map((r) => r.code));
      expect(new Set(byCode.map((r) => r.code)).size).toBe(codes.length);
      // On PGlite one statement a page, and one more to find the last page short; PostgreSQL reads one document.
      expect(counter.queries).toHaveLength(t.database.kind === 'pglite' ? Math.floor(codes.length / size) + 1 : 1);
      const byId = await selectJsonColumns<{ id: number; meta: { i: number } }>(t.db, ['id', 'meta'], query, { key: 'id', size });
      expect(byId).toEqual([...whole].sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, meta: r.meta })));
    }
    if (t.database.kind === 'pglite') {
      // A null key would end the paging early: refused.
      await expect(selectJsonColumns(t.db, ['n'], sql`select null::int as n from bulk_scratch`, { key: 'n', size: 2 })).rejects.toThrow(
        /null/,
      );
    }
  });
});

describe('bulkUpdate', () => {
  it('sets the named columns of the rows found by key; undefined keeps the value, null clears it', async () => {
    const ids = await bulkInsert(
      t.db,
      scratch,
      tricky.map((_, i) => ({ code: `u${i}`, n: i, note: 'before', meta: { i } })),
      { returning: ['id'] },
    );
    const changed = await bulkUpdate(
      t.db,
      scratch,
      ids.map((r, i) => ({
        id: r.id,
        n: i * 10,
        note: i === 0 ? null : i === 1 ? undefined : tricky[i].slice(0, 50),
        meta: { s: tricky[i], i },
        paise: 10_000_000_000_000 + i,
      })),
      { key: 'id', set: ['n', 'note', 'meta', 'paise'] },
    );
    expect(changed).toBe(tricky.length);
    const got = await all();
    expect(got.map((r) => r.n)).toEqual(tricky.map((_, i) => i * 10));
    expect(got.map((r) => r.note)).toEqual([null, 'before', ...tricky.slice(2).map((s) => s.slice(0, 50))]);
    expect(got.map((r) => r.meta)).toEqual(tricky.map((s, i) => ({ s, i })));
    expect(got.map((r) => r.paise)).toEqual(tricky.map((_, i) => 10_000_000_000_000 + i));
    // Columns not named in `set` are left alone even when the rows carry them.
    const carried = { id: ids[2].id, n: -1, code: 'ignored' };
    await bulkUpdate(t.db, scratch, [carried], { key: 'id', set: ['n'] });
    const [row] = await t.db.select().from(scratch).where(eq(scratch.id, ids[2].id));
    expect([row.code, row.n]).toEqual(['u2', -1]);
  });

  it('finds rows by a composite key and across chunks, in a handful of statements', async () => {
    await bulkInsert(
      t.db,
      scratch,
      Array.from({ length: 30 }, (_, i) => ({ code: `m${i}`, n: i % 3, flag: false })),
    );
    const counter = countingDb(t.database);
    const updated = await bulkUpdate(
      counter.db,
      scratch,
      Array.from({ length: 30 }, (_, i) => ({ code: `m${i}`, n: i === 29 ? 99 : i % 3, flag: true, day: '2026-01-01' })),
      { key: ['code', 'n'], set: ['flag', 'day'], chunkSize: 10 },
    );
    expect(updated).toBe(29); // m29 carries n 99: no such (code, n)
    expect(counter.queries.filter((q) => q.includes('json_to_recordset'))).toHaveLength(3);
    const got = await all();
    expect(got.filter((r) => r.flag && r.day === '2026-01-01').map((r) => r.code)).toEqual(got.slice(0, 29).map((r) => r.code));
  });

  it('refuses rows without their key or with a key twice', async () => {
    await expect(
      bulkUpdate(
        t.db,
        scratch,
        [
          { id: 1, n: 1 },
          { id: 1, n: 2 },
        ],
        { key: 'id', set: ['n'] },
      ),
    ).rejects.toThrow(/twice/);
    await expect(bulkUpdate(t.db, scratch, [{ id: undefined as unknown as number, n: 1 }], { key: 'id', set: ['n'] })).rejects.toThrow(
      /without its key/,
    );
  });
});

describe('bulkUpsert', () => {
  it('inserts new rows and updates only the `set` columns of existing ones, ids in input order', async () => {
    const first = await bulkInsert(
      t.db,
      scratch,
      [
        { code: 'p1', n: 1, note: 'keep' },
        { code: 'p2', n: 2, note: 'keep' },
      ],
      { returning: ['id'] },
    );
    const res = await bulkUpsert(
      t.db,
      scratch,
      [
        { code: 'p3', n: 30, note: 'new' },
        { code: 'p2', n: 20, note: 'ignored' },
        { code: 'p1', n: 10, note: 'ignored' },
        { code: "p'4", n: 40 },
      ],
      { target: ['code'], set: ['n'], returning: ['id', 'code'] },
    );
    expect(res.map((r) => r.code)).toEqual(['p3', 'p2', 'p1', "p'4"]);
    expect(res[1].id).toBe(first[1].id);
    expect(res[2].id).toBe(first[0].id);
    const got = await all();
    expect(got.map((r) => [r.code, r.n, r.note])).toEqual([
      ['p1', 10, 'keep'],
      ['p2', 20, 'keep'],
      ['p3', 30, 'new'],
      ["p'4", 40, 'none'],
    ]);
    expect(await bulkUpsert(t.db, scratch, [{ code: 'p1', n: 11 }, { code: 'p5' }], { target: ['code'], set: ['n'] })).toBe(2);
    expect((await all()).map((r) => r.n)).toEqual([11, 20, 30, 40, null]);
  });

  it('absent: the rows known to be new go by COPY on PGlite, the others through the upsert; one already there after all: all upserted', async () => {
    // A statement trigger notes the statements that wrote rows (COPY for the new ones, the upsert for the others).
    await t.db.execute(sql`create table if not exists bulk_scratch_log (q text not null)`);
    await t.db.execute(sql`truncate bulk_scratch_log`);
    await t.db.execute(sql`create or replace function bulk_scratch_log() returns trigger language plpgsql as
      $$ begin insert into bulk_scratch_log values (left(current_query(), 40)); return null; end $$`);
    await t.db.execute(
      sql`create trigger bulk_scratch_log after insert on bulk_scratch for each statement execute function bulk_scratch_log()`,
    );
    const statements = async () => {
      const log = (await t.db.execute(sql`select q from bulk_scratch_log`)) as unknown as { rows: { q: string }[] };
      await t.db.execute(sql`truncate bulk_scratch_log`);
      return log.rows.map((r) => r.q.trim().split(/\s/)[0].toLowerCase());
    };
    try {
      await bulkInsert(t.db, scratch, [
        { code: 'old-1', n: 1, note: 'keep' },
        { code: 'old-2', n: 2, note: 'manual' },
      ]);
      await statements();
      const fresh = Array.from({ length: 1200 }, (_, i) => ({ code: `new-${i}`, n: i, at: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
      const at = new Date(Date.UTC(2026, 1, 1));
      const rows = [{ code: 'old-1', n: 10, at }, ...fresh, { code: 'old-2', n: 20, at }];
      const opts = { target: ['code'], set: ['n', 'at'], where: sql`${scratch.note} <> 'manual'` } as const;
      expect(await bulkUpsert(t.db, scratch, rows, { ...opts, absent: (r) => r.code.startsWith('new-') })).toBe(1201);
      expect(await statements()).toEqual(t.database.kind === 'pglite' ? ['copy', 'insert'] : ['insert']);
      const got = await all();
      expect(got.map((r) => [r.code, r.n, r.note])).toEqual([
        ['old-1', 10, 'keep'],
        ['old-2', 2, 'manual'],
        ...fresh.map((r) => [r.code, r.n, 'none']),
      ]);
      expect(got[2].at).toEqual(fresh[0].at);
      // Rows said to be new that are there (stored meanwhile): the COPY undone, every row through the upsert.
      const again = fresh.map((r) => ({ ...r, n: r.n + 1 }));
      await t.db.transaction(async (tx) => {
        expect(await bulkUpsert(tx, scratch, again, { ...opts, absent: () => true })).toBe(1200);
      });
      expect(await statements()).toEqual(['insert']);
      expect((await all()).slice(2).map((r) => r.n)).toEqual(again.map((r) => r.n));
    } finally {
      await t.db.execute(sql`drop trigger if exists bulk_scratch_log on bulk_scratch`);
    }
  });
});
