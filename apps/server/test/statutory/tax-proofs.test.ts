/**
 * Proof files of income-tax declaration lines: an employee attaches PDF, JPEG or PNG proofs (checked by content,
 * size-limited) to their own declared sections, through the same file storage as employee documents; payroll users
 * see the file's name on the declaration and download it when marking proofs; another employee's proof is 404;
 * after the proof cut-off only payroll may attach; saving the declaration keeps a proof until its section goes.
 */
import { financialYearOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createStorage } from '../../src/lib/storage';
import { fakeExe, multipart, PDF, PNG } from '../employees/fixtures';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let anonymous: ReturnType<typeof api>;
let own: number;
let other: number;
let outside: number;

const today = new Date();
const FY = financialYearOf(today.getUTCFullYear(), today.getUTCMonth() + 1);
const base = (id: number) => `/api/payroll/tax-declarations/${id}`;
const proof = (id: number, section: string) => `${base(id)}/proofs/${encodeURIComponent(section)}?financialYear=${FY}`;
const declaration = () => ({
  financialYear: FY,
  regime: 'old',
  rentPerMonth: 0,
  metro: false,
  lines: [
    { section: '80C', amount: 150000 },
    { section: '80CCD(1B)', amount: 50000 },
    { section: '80D', amount: 25000 },
  ],
  previousEmployerIncome: 0,
  previousEmployerTds: 0,
});
const file = (data: Buffer, name = 'receipt.pdf', type = 'application/pdf') => multipart({ name, type, data });
const storedKeys = () =>
  queryRows<{ section: string; key: string | null }>(
    t.db,
    sql`select l.section, l.proof_file_key as key from tax_declaration_lines l join tax_declarations d on d.id = l.declaration_id
        where d.employee_id = ${own} order by l.section`,
  );

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxMb: 0.05 } });
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  anonymous = api(t.app);
  const ids = await queryRows<{ id: number; unit: string; user: string | null }>(
    t.db,
    sql`select e.id, u.code as unit, (select user_name from users where employee_id = e.id limit 1) as user
        from employees e join units u on u.id = e.unit_id order by e.id`,
  );
  own = ids.find((e) => e.user === 'employee1')!.id;
  other = ids.find((e) => e.user === 'employee2')!.id;
  outside = ids.find((e) => e.unit === 'CMP-MYS')!.id;
  expect((await employee1.put('/api/payroll/tax-declarations/me', declaration())).statusCode).toBe(200);
  expect((await employee2.put('/api/payroll/tax-declarations/me', declaration())).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('tax declaration proofs', () => {
  it('an employee attaches a proof to a declared line; payroll sees and downloads it', async () => {
    const up = await employee1.post(proof(own, '80C'), undefined, file(PDF, 'LIC premium 2025.pdf'));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toEqual({ section: '80C', fileName: 'LIC premium 2025.pdf', sizeBytes: PDF.length });
    const png = await employee1.post(proof(own, '80CCD(1B)'), undefined, file(PNG, 'nps.png', 'image/png'));
    expect(png.statusCode, png.body).toBe(201);

    const seen = (await payroll.get(base(own), { financialYear: FY })).json();
    const byLine = Object.fromEntries(
      seen.lines.map((l: { section: string; proofFileName: string | null }) => [l.section, l.proofFileName]),
    );
    expect(byLine).toEqual({ '80C': 'LIC premium 2025.pdf', '80CCD(1B)': 'nps.png', '80D': null });
    expect((await employee1.get('/api/payroll/tax-declarations/me', { financialYear: FY })).json().lines[0].proofFileName).toBe(
      'LIC premium 2025.pdf',
    );

    const down = await payroll.get(proof(own, '80C'));
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain('LIC premium 2025.pdf');
    expect(down.rawPayload.equals(PDF)).toBe(true);
    const mine = await employee1.get(proof(own, '80CCD(1B)'));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    // Kept in the one file storage, under the employee's folder.
    const keys = await storedKeys();
    expect(keys.find((k) => k.section === '80C')?.key).toMatch(new RegExp(`^employees/${own}/tax-proofs/.+\\.pdf$`));
    expect(await createStorage(t.config).exists(keys[0].key!)).toBe(true);
    // No proof on a line: 404.
    expect((await payroll.get(proof(own, '80D'))).statusCode).toBe(404);
  });

  it('refuses a file that is not PDF, JPEG or PNG by content, an empty one, a too large one and an undeclared section', async () => {
    const exe = await employee1.post(proof(own, '80D'), undefined, file(fakeExe(), 'receipt.pdf'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().fieldErrors.file).toBeDefined();
    const text = await employee1.post(proof(own, '80D'), undefined, file(Buffer.from('just text'), 'receipt.png', 'image/png'));
    expect(text.statusCode).toBe(400);
    expect((await employee1.post(proof(own, '80D'), undefined, file(Buffer.alloc(0)))).statusCode).toBe(400);
    // Over the installation's upload limit (0.05 MB in this test): refused before anything is stored.
    const big = Buffer.concat([PDF, Buffer.alloc(60 * 1024, 32)]);
    const tooBig = await employee1.post(proof(own, '80D'), undefined, file(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/larger than/);
    const undeclared = await employee1.post(proof(own, '80E'), undefined, file(PDF));
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().fieldErrors.section).toBeDefined();
    // Not a section at all, or no file sent.
    expect((await employee1.post(proof(own, '80Z'), undefined, file(PDF))).statusCode).toBe(400);
    expect((await employee1.post(proof(own, '80D'), {})).statusCode).toBe(400);
    expect((await storedKeys()).find((k) => k.section === '80D')?.key).toBeNull();
  });

  it('another employee’s proof is 404; payroll users reach only their units; the manager may read but not attach', async () => {
    expect((await employee2.get(proof(own, '80C'))).statusCode).toBe(404);
    expect((await employee2.post(proof(own, '80D'), undefined, file(PDF))).statusCode).toBe(404);
    expect((await employee2.delete(proof(own, '80C'))).statusCode).toBe(404);
    expect((await employee1.get(proof(other, '80C'))).statusCode).toBe(404);
    expect((await manager.get(proof(outside, '80C'))).statusCode).toBe(404);
    expect((await manager.get(proof(own, '80C'))).statusCode).toBe(200);
    expect((await manager.post(proof(own, '80D'), undefined, file(PDF))).statusCode).toBe(403);
    expect((await payroll.get(proof(999999, '80C'))).statusCode).toBe(404);
    for (const r of [
      await anonymous.get(proof(own, '80C')),
      await anonymous.post(proof(own, '80C'), undefined, file(PDF)),
      await anonymous.delete(proof(own, '80C')),
    ])
      expect(r.statusCode).toBe(401);
  });

  it('a new file from the employee takes back the proved mark; payroll attaches and removes any time; the cut-off stops the employee', async () => {
    const marked = await payroll.post(`${base(own)}/proofs`, { financialYear: FY, lines: [{ section: '80C', proved: true }] });
    expect(marked.json().lines[0]).toMatchObject({ section: '80C', proved: true });
    const [before] = await storedKeys();
    expect((await employee1.post(proof(own, '80C'), undefined, file(PNG, 'new.png', 'image/png'))).statusCode).toBe(201);
    const after = (await payroll.get(base(own), { financialYear: FY })).json();
    expect(after.lines[0]).toMatchObject({ section: '80C', proved: false, proofFileName: 'new.png' });
    // The replaced file is gone from the storage.
    expect(await createStorage(t.config).exists(before.key!)).toBe(false);

    // Saving the declaration keeps the proofs of the sections still declared (an amount changed too) and drops the rest.
    const nps = (await storedKeys()).find((l) => l.section === '80CCD(1B)')!;
    const changed = declaration();
    changed.lines = [{ section: '80C', amount: 120000 }];
    expect((await employee1.put('/api/payroll/tax-declarations/me', changed)).statusCode).toBe(200);
    const lines = await storedKeys();
    expect(lines.map((l) => l.section)).toEqual(['80C']);
    expect(lines[0].key).toMatch(/\.png$/);
    expect(await createStorage(t.config).exists(nps.key!)).toBe(false);
    expect((await employee1.get(proof(own, '80C'))).statusCode).toBe(200);

    // After the cut-off the employee can no longer attach or remove; payroll can.
    const year = Number(FY.slice(0, 4));
    const cutoff = `${year}-04-01`;
    const set = await payroll.put('/api/payroll/tax-proof-windows', { financialYear: FY, proofCutoff: cutoff });
    expect(set.statusCode, set.body).toBe(200);
    const late = today.toISOString().slice(0, 10) > cutoff;
    if (late) {
      expect((await employee1.post(proof(own, '80C'), undefined, file(PDF))).statusCode).toBe(409);
      expect((await employee1.delete(proof(own, '80C'))).statusCode).toBe(409);
    }
    expect((await payroll.post(proof(own, '80C'), undefined, file(PDF, 'from payroll.pdf'))).statusCode).toBe(201);
    const removed = await payroll.delete(proof(own, '80C'));
    expect(removed.statusCode).toBe(204);
    expect((await payroll.get(proof(own, '80C'))).statusCode).toBe(404);
    expect((await storedKeys())[0].key).toBeNull();
  });
});
