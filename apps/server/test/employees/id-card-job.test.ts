// A unit's ID cards as one PDF from a job: no 500 cap, the starter (or an administrator) downloads the file,
// and nobody else reaches the job or its file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, designations, employees, units } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let bigUnit = 0;
const dir = mkdtempSync(path.join(tmpdir(), 'hr-idcards-'));

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: dir } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  const [u] = await t.db.insert(units).values({ name: 'Big Campus', code: 'BIG-CMP', city: 'Pune', stateName: 'Maharashtra' }).returning();
  bigUnit = u.id;
  const departmentIds = (await t.db.select({ id: departments.id }).from(departments)).map((d) => d.id);
  const designationIds = (await t.db.select({ id: designations.id }).from(designations)).map((d) => d.id);
  const rows = Array.from({ length: 520 }, (_, i) => {
    const { aadhaarFull: _a, ...v } = demoEmployee(i + 1, { unitIds: [bigUnit], departmentIds, designationIds }, 'BIG', 5);
    return { ...v, status: 'active' };
  });
  await bulkInsert(t.db, employees, rows);
});
afterAll(() => t?.close());

async function runBatch(who: ReturnType<typeof api>, unitId: number) {
  const res = await who.post('/api/id-cards/batch', { unitId, layout: 'a4' });
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json() as { jobId: number };
  await t.app.jobs.drain();
  return jobId;
}

describe('ID cards of a unit as one PDF', () => {
  it('prints every active employee of a unit, beyond the old cap of 500, as one downloadable PDF', async () => {
    const jobId = await runBatch(admin, bigUnit);
    const job = (await admin.get(`/api/jobs/${jobId}`)).json();
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.result.cards).toBe(520);
    expect(job.result.file).toMatchObject({ mime: 'application/pdf', url: `/api/jobs/${jobId}/file` });
    expect(JSON.stringify(job)).not.toMatch(/jobs\/id-cards/); // the storage key stays on the server
    const file = await admin.get(`/api/jobs/${jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.pdf"/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = path.join(dir, 'cards.pdf');
    writeFileSync(pdf, file.rawPayload);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
    expect(pages).toBeGreaterThan(0);
  }, 600_000);

  it('keeps the job and its file to their starter (and administrators)', async () => {
    const [hq] = await t.db.select().from(units).where(eq(units.code, 'HO-BLR'));
    const manager = api(t.app, await signIn(t.app, 'manager'));
    const jobId = await runBatch(manager, hq.id);
    expect((await manager.get(`/api/jobs/${jobId}/file`)).statusCode).toBe(200);
    expect((await admin.get(`/api/jobs/${jobId}/file`)).statusCode).toBe(200);
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await employee.get(`/api/jobs/${jobId}/file`)).statusCode).toBe(404);
    expect((await api(t.app).get(`/api/jobs/${jobId}/file`)).statusCode).toBe(401);
  });

  it('refuses units out of reach, self-service callers, anonymous callers and bad input', async () => {
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expect((await manager.post('/api/id-cards/batch', { unitId: bigUnit })).statusCode).toBe(403);
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await employee.post('/api/id-cards/batch', { unitId: bigUnit })).statusCode).toBe(403);
    expect((await api(t.app).post('/api/id-cards/batch', { unitId: bigUnit })).statusCode).toBe(401);
    expect((await admin.post('/api/id-cards/batch', { unitId: 'x' })).statusCode).toBe(400);
    expect((await admin.post('/api/id-cards/batch', { unitId: bigUnit, layout: 'poster' })).statusCode).toBe(400);
    // A job without a file has nothing to download.
    expect((await admin.get('/api/jobs/99999999/file')).statusCode).toBe(404);
  });
});
