// Uploaded files in S3-compatible object storage (issue 29, FILE_STORAGE=s3), against a real S3-compatible server the
// test starts itself (s3-server.ts: s3rver). The storage interface on the bucket; a document uploaded through node A
// downloads through node B with the same headers as from the local folder, and nothing lands on the local disk;
// a backup holds the bucket's objects and a restore puts them into another bucket, hashes checked.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/backup';
import { restoreBackup } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/client';
import { employeeDocTypes, employeeDocuments } from '../../src/db/schema';
import { createStorage, StorageNotFound } from '../../src/lib/storage';
import { S3Storage } from '../../src/lib/storage/s3';
import { multipart, PDF } from '../employees/fixtures';
import { api, signIn } from '../helpers';
import { type S3Server, startS3Server } from './s3-server';
import { type TwoNodes, twoNodes } from './two-nodes';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

// The bucket does not depend on the database: once, on the embedded database (the PostgreSQL pass skips it).
const pgPass = !!process.env.TEST_DATABASE_URL;
let s3: S3Server;
let n: TwoNodes;
let dataDir: string;
beforeAll(async () => {
  if (pgPass) return;
  s3 = await startS3Server(['hr-files', 'hr-restored', 'hr-unit']);
  dataDir = mkdtempSync(path.join(tmpdir(), 'hr-s3-nodes-'));
  n = await twoNodes({ config: { dataDir, ...s3.config('hr-files') } });
}, 600_000);
afterAll(async () => {
  await n?.close();
  await s3?.close();
});

describe.skipIf(pgPass)('object storage (S3-compatible)', () => {
  it('stores, lists, reads, tells and deletes objects; a missing one is StorageNotFound', async () => {
    const store = new S3Storage(s3.config('hr-unit').s3);
    await store.put('jobs/a/one.txt', Buffer.from('one'));
    await store.put('employees/2/two.pdf', PDF);
    expect((await bytesOf(await store.get('employees/2/two.pdf'))).equals(PDF)).toBe(true);
    expect(await store.exists('jobs/a/one.txt')).toBe(true);
    const keys: string[] = [];
    for await (const k of store.list()) keys.push(k);
    expect(keys.sort()).toEqual(['employees/2/two.pdf', 'jobs/a/one.txt']);
    await store.delete('jobs/a/one.txt');
    expect(await store.exists('jobs/a/one.txt')).toBe(false);
    await expect(store.get('jobs/a/one.txt')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
  });

  it('FILE_STORAGE=s3 needs a bucket, and both keys or neither', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'hr-files', S3_ACCESS_KEY_ID: 'x' })).toThrow(/both or neither/);
    const cfg = loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'hr-files', S3_ENDPOINT: s3.endpoint });
    expect(createStorage(cfg)).toBeInstanceOf(S3Storage);
    expect(createStorage(loadConfig({}))).not.toBeInstanceOf(S3Storage);
  });

  let docKey = '';
  it('a document uploaded through node A downloads through node B, with the same headers', async () => {
    const onA = api(n.a, await signIn(n.a, 'employee1'));
    const me = (await onA.get('/api/me/employee')).json();
    const [pan] = await n.a.db.select().from(employeeDocTypes).where(eq(employeeDocTypes.code, 'PAN'));
    const up = await onA.post(
      `/api/employees/${me.id}/documents?docTypeId=${pan.id}`,
      undefined,
      multipart({ name: 'pan card.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(up.statusCode, up.body).toBe(201);
    const docs = (await onA.get(`/api/employees/${me.id}/documents`)).json();
    const doc = docs.documents.find((d: { docTypeId: number }) => d.docTypeId === pan.id);
    const [row] = await n.a.db.select().from(employeeDocuments).where(eq(employeeDocuments.id, doc.id));
    docKey = row.storageKey;
    // Not on this node's disk: in the bucket.
    expect(existsSync(path.join(dataDir, 'files')) ? readdirSync(path.join(dataDir, 'files'), { recursive: true }) : []).toEqual([]);
    expect(await createStorage(n.a.config).exists(docKey)).toBe(true);

    const onB = api(n.b, await signIn(n.b, 'employee1'));
    const res = await onB.get(`/api/employee-documents/${doc.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="pan card\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['cache-control'])).toMatch(/no-store/);
  });

  it('a backup holds the objects; a restore puts them into another bucket, hashes checked', async () => {
    expect(docKey).not.toBe('');
    const work = mkdtempSync(path.join(tmpdir(), 'hr-s3-backup-'));
    const file = path.join(work, 'backup.tar.gz');
    const objects = createStorage(n.a.config);
    const database = { db: n.a.db, kind: n.a.dbKind, client: (n.a.db as unknown as { $client: never }).$client, close: async () => {} };
    const made = await createBackup({ database, dataDir: work, objects, file });
    const inArchive = made.manifest.files.find((f) => f.key === docKey);
    expect(inArchive?.sha256).toBe(sha(PDF));

    const target = createStorage({ dataDir: work, ...s3.config('hr-restored') });
    const restored = await restoreBackup({ file, dataDir: path.join(work, 'restored'), objects: target });
    expect(restored.manifest.files.map((f) => f.key)).toContain(docKey);
    expect((await bytesOf(await target.get(docKey))).equals(PDF)).toBe(true);
    // The restored database refers to the object by the same key.
    const back = await createDatabase({ dataDir: work, databaseUrl: undefined }, { pgliteDataDir: path.join(work, 'restored', 'pglite') });
    try {
      const [row] = await back.db.select().from(employeeDocuments).where(eq(employeeDocuments.storageKey, docKey));
      expect(row).toBeDefined();
    } finally {
      await back.close();
    }
    // A second restore into the now non-empty bucket is refused without force.
    await expect(restoreBackup({ file, dataDir: path.join(work, 'again'), objects: target })).rejects.toThrow(/holds files/);
  }, 300_000);
});
