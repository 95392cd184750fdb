// Form 16 and the 24Q deductee details (issue 13) over the seeded salary runs: the demo employee's own Form 16 for
// the financial year of the seeded months (figures checked against the slips, the PDF read back with pdftotext),
// who may read whose (403 without the menu, 404 out of reach, 400 for a bad year), the unit's batch as a job (ZIP of
// one file per employee named with the PAN and the year; one PDF), and the 24Q register's totals against the slips.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCE } from '@hr/contract';
import { form16Figures } from '@hr/documents';
import { financialYearOf, formatINR } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { loadForm16Records } from '../../src/modules/form16/data';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from '../payroll/months';

const hasPoppler = !spawnSync('pdftotext', ['-v']).error;
const dir = mkdtempSync(join(tmpdir(), 'form16-api-'));

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let fy: string;
let fyStart: number;
let stem: string;
let months: { year: number; month: number }[];
let me: { id: number; unitId: number; pan: string; name: string };
let other: { id: number; unitId: number };

/** Slips of final runs of the year, with the figures Form 16 reads (paise). */
async function slips(where: ReturnType<typeof sql>) {
  return queryRows<{ employeeId: number; year: number; month: number; gross: number; pt: number; tds: number; unitId: number }>(
    t.db,
    sql`select s.employee_id as "employeeId", r.year, r.month, r.unit_id as "unitId", s.gross::float8 as gross,
          coalesce((s.statutory->>'pt')::float8, 0) as pt,
          coalesce((s.statutory->>'tds')::float8,
            (s.amounts->>(select h->>'id' from jsonb_array_elements(r.heads) h where h->>'statutory' = 'tds' limit 1))::float8, 0) as tds
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where r.status in ('approved', 'locked') and (r.year * 100 + r.month) between ${fyStart * 100 + 4} and ${(fyStart + 1) * 100 + 3}
          and ${where}`,
  );
}

const pdfText = (name: string, body: Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
};
const rupees = (paise: number) => formatINR(BigInt(Math.round(paise)));

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  const M = await seededMonths(payroll);
  months = [M.prev2, M.prev1];
  fy = financialYearOf(M.prev2.year, M.prev2.month);
  // Form 130 from the tax year 2026-27 (Income-tax Act, 2025), Form 16 before.
  stem = Number(fy.slice(0, 4)) >= 2026 ? 'Form130' : 'Form16';
  fyStart = Number(fy.slice(0, 4));
  [me] = await queryRows(
    t.db,
    sql`select e.id, e.unit_id as "unitId", e.pan, e.name from employees e join users u on u.employee_id = e.id where u.user_name = 'employee1'`,
  );
  [other] = await queryRows(
    t.db,
    sql`select e.id, e.unit_id as "unitId" from employees e join users u on u.employee_id = e.id where u.user_name = 'employee2'`,
  );
  // Tax deducted on the demo employee's slips (whatever the seed computed): ₹2,500 and ₹2,750, so the totals are not nil.
  const tds = [250_000, 275_000];
  for (const [i, m] of months.entries()) {
    // The run's own split of its TDS is dropped with it: the 24Q register falls back to the year's cess rate.
    await t.db.execute(sql`update salary_slips s set statutory = (s.statutory - 'tdsSurcharge' - 'tdsCess') || jsonb_build_object('tds', ${tds[i]}::bigint)
      from payroll_runs r where r.id = s.run_id and s.employee_id = ${me.id} and r.year = ${m.year} and r.month = ${m.month}`);
  }
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an employee’s own Form 16', () => {
  it('covers the seeded months; its totals are the slips’ gross, professional tax and tax deducted', async () => {
    const own = await slips(sql`s.employee_id = ${me.id}`);
    expect(own.map((s) => `${s.year}-${s.month}`).sort()).toEqual(months.map((m) => `${m.year}-${m.month}`).sort());
    const [record] = await loadForm16Records(t.db, [me.id], fy);
    const f = form16Figures(record);
    const sum = (k: 'gross' | 'pt' | 'tds') => own.reduce((a, s) => a + s[k], 0);
    expect(Number(f.totals.gross)).toBe(sum('gross'));
    expect(Number(f.salary17_1)).toBe(sum('gross'));
    expect(Number(f.totals.professionalTax)).toBe(sum('pt'));
    expect(Number(f.tdsDeducted)).toBe(525_000);
    expect(Number(f.tdsDeducted)).toBe(sum('tds'));
    expect(f.regime).toBe('new');
    expect(f.months.filter((m) => m.paid)).toHaveLength(2);
    expect(Number(f.quarters.reduce((a, q) => a + q.tds, 0n))).toBe(525_000);
    expect(record.employee.pan).toBe(me.pan);
  });

  it.skipIf(!hasPoppler)('downloads as a PDF named with the PAN and the year, showing the figures', async () => {
    const res = await employee1.get('/api/form-16/me', { financialYear: fy });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${stem}_${me.pan}_${fy}.pdf`);
    const own = await slips(sql`s.employee_id = ${me.id}`);
    const gross = own.reduce((a, s) => a + s.gross, 0);
    const text = pdfText('me.pdf', res.rawPayload);
    expect(text).toContain(`FORM NO. ${stem.slice(4)}`);
    expect(text).toContain(`Name of the employee ${me.name}`);
    expect(text).toContain(`PAN of the employee ${me.pan}`);
    expect(text).toContain('TRACES portal');
    expect(text).toContain(`Total ${rupees(gross)} ${rupees(525_000)}`);
    expect(text).toContain(`Tax deducted at source by this employer`);
    for (const [i, m] of months.entries()) {
      const s = own.find((x) => x.year === m.year && x.month === m.month)!;
      const name = new Date(Date.UTC(m.year, m.month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
      expect(text).toContain(`${name} ${m.year} ${rupees(s.gross)} ${rupees(s.pt)} ${rupees([250_000, 275_000][i])}`);
    }
  });

  it('a bad or missing year is 400; a year without approved salary is 404', async () => {
    for (const financialYear of ['2026-28', '2026', 'abcd-ef', '2026-2027', '']) {
      const res = await employee1.get('/api/form-16/me', { financialYear });
      expect(res.statusCode, financialYear).toBe(400);
    }
    expect((await employee1.get('/api/form-16/me')).statusCode).toBe(400);
    expect((await employee1.get('/api/form-16/me', { financialYear: '2015-16' })).statusCode).toBe(404);
  });

  it('without the Form 16 menu the call is 403; signed out 401', async () => {
    await t.db.execute(sql`update role_menu_access a set can_view = false from roles r, menus m
      where a.role_id = r.id and a.menu_id = m.id and r.name = 'Employee' and m.action_url = '/outlet/form-16'`);
    try {
      expect((await employee2.get('/api/form-16/me', { financialYear: fy })).statusCode).toBe(403);
      // Neither the Form 16 nor the salary process menu: the per-employee route refuses the action too.
      expect((await employee2.get(`/api/form-16/employees/${other.id}`, { financialYear: fy })).statusCode).toBe(403);
    } finally {
      await t.db.execute(sql`update role_menu_access a set can_view = true from roles r, menus m
        where a.role_id = r.id and a.menu_id = m.id and r.name = 'Employee' and m.action_url = '/outlet/form-16'`);
    }
    expect((await api(t.app).get('/api/form-16/me', { financialYear: fy })).statusCode).toBe(401);
  });
});

describe('the declaration at the year’s end', () => {
  it('old regime: HRA under 10(13A) month by month from the declared rent, chapter VI-A capped, a previous employer', async () => {
    const [d] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tax_declarations (employee_id, financial_year, regime, rent_per_month, metro, previous_employer_income, previous_employer_tds)
          values (${other.id}, ${fy}, 'old', 2000000, false, 30000000, 1500000) returning id`,
    );
    await t.db.execute(sql`insert into tax_declaration_lines (declaration_id, section, amount)
      values (${d.id}, '80C', 20000000), (${d.id}, '80D', 3000000)`);
    const own = await queryRows<{ hra: number; basicDa: number; gross: number; pt: number }>(
      t.db,
      sql`select coalesce((s.amounts->>'3')::float8, 0) as hra,
            coalesce((s.amounts->>'1')::float8, 0) + coalesce((s.amounts->>'2')::float8, 0) as "basicDa",
            s.gross::float8 as gross, coalesce((s.statutory->>'pt')::float8, 0) as pt
          from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = ${other.id} and r.status in ('approved', 'locked')
            and (r.year * 100 + r.month) between ${fyStart * 100 + 4} and ${(fyStart + 1) * 100 + 3}`,
    );
    expect(own.length).toBe(2);
    // Least of HRA received, rent − 10 % of basic + DA, 40 % of basic + DA (not a metro), each month.
    const hra = own.reduce(
      (a, s) => a + Math.max(0, Math.min(s.hra, 2_000_000 - Math.round(s.basicDa * 0.1), Math.round(s.basicDa * 0.4))),
      0,
    );
    expect(hra).toBeGreaterThan(0);
    const [record] = await loadForm16Records(t.db, [other.id], fy);
    const f = form16Figures(record);
    expect(f.regime).toBe('old');
    expect(f.exemptions).toEqual([{ section: '10(13A)', label: 'House rent allowance', amount: BigInt(hra) }]);
    expect(f.deductions).toEqual([
      { section: '80C', amount: 15_000_000n },
      { section: '80D', amount: 2_500_000n },
    ]);
    expect(Number(f.previousEmployerSalary)).toBe(30_000_000);
    expect(Number(f.previousEmployerTds)).toBe(1_500_000);
    expect(Number(f.tax.standardDeduction)).toBe(5_000_000);
    const gross = own.reduce((a, s) => a + s.gross, 0);
    const pt = Math.min(
      own.reduce((a, s) => a + s.pt, 0),
      250_000,
    );
    expect(Number(f.incomeChargeable)).toBe(gross + 30_000_000 - hra - 5_000_000 - pt);
    expect(Number(f.balance)).toBe(Number(f.netTaxPayable) - Number(f.tdsDeducted) - 1_500_000);
    if (hasPoppler) {
      const res = await payroll.get(`/api/form-16/employees/${other.id}`, { financialYear: fy });
      expect(res.statusCode).toBe(200);
      const text = pdfText('old.pdf', res.rawPayload);
      // Form 130 (tax year 2026-27 on) cites the Income-tax Act, 2025's sections with the 1961 ones beside them.
      const act2025 = stem === 'Form130';
      expect(text).toMatch(/115BAC\(1A\)\]?: Yes — taxed under the old regime/);
      expect(text).toContain(`House rent allowance under section ${act2025 ? '11 [10(13A)]' : '10(13A)'} ${rupees(hra)}`);
      expect(text).toMatch(/Total deduction under sections (123 \[80C\]|80C), 80CCC[^\n]* 1,50,000\.00/);
      expect(text).toContain('Reported total amount of salary received from other employer(s) 3,00,000.00');
    }
  });
});

describe('the deductor’s TAN and PAN, other income, 24(b), perquisites and relief under section 89', () => {
  it('the unit master validates the TAN and PAN; Form 16 prints them with the unit’s address', async () => {
    const admin = api(t.app, await signIn(t.app, 'admin'));
    const url = `/api/resources/unit/${me.unitId}`;
    const row = (await admin.get(url)).json();
    const body = Object.fromEntries(Object.keys(RESOURCE.unit.fields).map((k) => [k, row[k]]));
    for (const [field, value] of [
      ['tan', 'BLR12345B'],
      ['tan', 'BLRA1234BB'],
      ['deductorPan', 'AABC1234F'],
    ] as const) {
      const res = await admin.put(url, { ...body, [field]: value });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    const saved = await admin.put(url, { ...body, tan: ' blra12345b ', deductorPan: 'aabca1234f' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tan: 'BLRA12345B', deductorPan: 'AABCA1234F' });
    const [record] = await loadForm16Records(t.db, [me.id], fy);
    expect(record.employer).toMatchObject({ tan: 'BLRA12345B', pan: 'AABCA1234F' });
    expect(record.employer.address).toContain(row.address.split(',')[0]);
    if (hasPoppler) {
      const text = pdfText('tan.pdf', (await employee1.get('/api/form-16/me', { financialYear: fy })).rawPayload);
      expect(text).toContain('PAN of the deductor AABCA1234F TAN of the deductor BLRA12345B');
      expect(text).toContain('TAN BLRA12345B; PAN AABCA1234F');
    }
  });

  it('declared other income and relief, 24(b) as house property and a 17(2) head reach Part B', async () => {
    // The demo employee declares (old regime) ₹40,000 of interest, a housing loan's interest of ₹2,50,000 (capped
    // at ₹2 L, printed as a loss from house property) and ₹5,000 of relief under section 89.
    const saved = await employee1.put('/api/payroll/tax-declarations/me', {
      financialYear: fy,
      regime: 'old',
      lines: [{ section: '24(b)', amount: 250000 }],
      otherIncome: 40000,
      relief89: 5000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ otherIncome: 40000, relief89: 5000 });
    for (const bad of [{ otherIncome: -1 }, { relief89: 'x' }, { otherIncome: 1e13 }]) {
      const res = await employee1.put('/api/payroll/tax-declarations/me', { financialYear: fy, regime: 'old', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(Object.keys(bad)[0]);
    }
    // A head of the seeded runs marked as a perquisite moves from 17(1) to 17(2).
    const [run] = await queryRows<{ id: number; heads: { id: number; isEarning: boolean; statutory?: string | null; code: string }[] }>(
      t.db,
      sql`select r.id, r.heads from payroll_runs r join salary_slips s on s.run_id = r.id
          where s.employee_id = ${me.id} and r.status in ('approved', 'locked') order by r.year, r.month limit 1`,
    );
    const perk = run.heads.find((h) => h.isEarning && !h.statutory && h.code !== 'BASIC' && h.code !== 'HRA');
    let perkAmount = 0n;
    if (perk) {
      await t.db.execute(sql`update payroll_runs set heads = (select jsonb_agg(case when (h->>'id')::int = ${perk.id}
        then h || '{"taxSection": "17(2)"}'::jsonb else h end) from jsonb_array_elements(heads) h) where id = ${run.id}`);
      const [a] = await queryRows<{ v: string | null }>(
        t.db,
        sql`select s.amounts->>${String(perk.id)} as v from salary_slips s where s.run_id = ${run.id} and s.employee_id = ${me.id}`,
      );
      perkAmount = BigInt(Math.round(Number(a?.v ?? 0)));
    }
    const [record] = await loadForm16Records(t.db, [me.id], fy);
    const f = form16Figures(record);
    expect(f.regime).toBe('old');
    expect(f.otherIncome).toBe(4_000_000n);
    // The loss is set off up to the salary and other income of the (short) year: the seeded months only.
    const loss = f.incomeChargeable + 4_000_000n < 20_000_000n ? f.incomeChargeable + 4_000_000n : 20_000_000n;
    expect(loss).toBeGreaterThan(0n);
    expect(f.houseProperty).toBe(-loss);
    expect(f.grossTotalIncome).toBe(f.incomeChargeable - loss + 4_000_000n);
    expect(f.deductions.some((d) => d.section === '24(b)')).toBe(false);
    expect(f.relief89).toBe(f.tax.totalTax < 500_000n ? f.tax.totalTax : 500_000n);
    expect(f.perquisites17_2).toBe(perkAmount);
    expect(f.salary17_1 + f.perquisites17_2 + f.profits17_3).toBe(f.totals.gross);
    if (hasPoppler) {
      const text = pdfText('other.pdf', (await employee1.get('/api/form-16/me', { financialYear: fy })).rawPayload);
      expect(text).toContain('Income under the head Other Sources offered for TDS 40,000.00');
      const amount = formatINR(-loss).replace(/[.]/g, '\\.');
      expect(text).toMatch(new RegExp(`house property reported by[\\s\\S]{0,80}${amount}`));
      expect(text).not.toContain('Section 24(b)');
    }
    // Back to no declaration, so the other tests see the defaults.
    await t.db.execute(sql`delete from tax_declarations where employee_id = ${me.id} and financial_year = ${fy}`);
  });
});

describe('one employee’s Form 16 for the payroll office', () => {
  it('an employee asking for another’s gets 404 like a missing one; a manager outside the unit gets 404; payroll reads it', async () => {
    // employee1 holds the Form 16 menu: another employee's, an id that does not exist and one out of every unit
    // answer alike (404), without telling which exists; their own is served.
    const others = await employee1.get(`/api/form-16/employees/${other.id}`, { financialYear: fy });
    const missing = await employee1.get('/api/form-16/employees/99999999', { financialYear: fy });
    expect(others.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(others.json().message).toBe(missing.json().message);
    const mine = await employee1.get(`/api/form-16/employees/${me.id}`, { financialYear: fy });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // With the Form 16 menu (the Employee role's), employee2 asking for employee1's is 404 too.
    expect((await employee2.get(`/api/form-16/employees/${me.id}`, { financialYear: fy })).statusCode).toBe(404);
    const [outside] = await queryRows<{ id: number }>(
      t.db,
      sql`select e.id from employees e where e.unit_id not in (select unit_id from user_unit_map m join users u on u.id = m.user_id where u.user_name = 'manager')
          and exists (select 1 from salary_slips s where s.employee_id = e.id) order by e.id limit 1`,
    );
    expect(outside).toBeDefined();
    expect((await manager.get(`/api/form-16/employees/${outside.id}`, { financialYear: fy })).statusCode).toBe(404);
    expect((await manager.get('/api/form-16/employees/99999999', { financialYear: fy })).statusCode).toBe(404);
    expect((await payroll.get('/api/form-16/employees/0x1', { financialYear: fy })).statusCode).toBe(400);
    expect((await payroll.get(`/api/form-16/employees/${me.id}`, { financialYear: '2026-2' })).statusCode).toBe(400);
    const res = await payroll.get(`/api/form-16/employees/${outside.id}`, { financialYear: fy });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a unit’s Form 16s as a job', () => {
  it('refuses a caller without the payroll menu (403), a unit out of reach (404) and bad input (400)', async () => {
    const [third] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from units where id not in (select unit_id from user_unit_map m join users u on u.id = m.user_id where u.user_name = 'manager') order by id limit 1`,
    );
    expect((await employee1.post('/api/form-16/batch', { unitId: me.unitId, financialYear: fy, format: 'zip' })).statusCode).toBe(403);
    expect((await manager.post('/api/form-16/batch', { unitId: third.id, financialYear: fy, format: 'zip' })).statusCode).toBe(404);
    expect((await payroll.post('/api/form-16/batch', { unitId: 99999, financialYear: fy, format: 'zip' })).statusCode).toBe(404);
    expect((await payroll.post('/api/form-16/batch', { unitId: me.unitId, financialYear: '2026-29', format: 'zip' })).statusCode).toBe(400);
    expect((await payroll.post('/api/form-16/batch', { unitId: me.unitId, financialYear: fy, format: 'rar' })).statusCode).toBe(400);
    expect((await payroll.post('/api/form-16/batch', { unitId: me.unitId, financialYear: '2015-16', format: 'pdf' })).statusCode).toBe(404);
  });

  it.skipIf(!hasPoppler)(
    'ZIP: one PDF per employee of the unit, named Form16_{PAN}_{year}.pdf; PDF: every employee in one file',
    async () => {
      const people = await queryRows<{ id: number; pan: string | null; code: string }>(
        t.db,
        sql`select e.id, e.pan, e.employee_code as code from employees e where exists (select 1 from salary_slips s
            join payroll_runs r on r.id = s.run_id where s.employee_id = e.id and r.unit_id = ${me.unitId} and r.status in ('approved', 'locked'))`,
      );
      expect(people.length).toBeGreaterThan(1);
      const started = await payroll.post('/api/form-16/batch', { unitId: me.unitId, financialYear: fy, format: 'zip' });
      expect(started.statusCode, started.body).toBe(202);
      await t.app.jobs.drain();
      const job = (await payroll.get(`/api/jobs/${started.json().jobId}`)).json();
      expect(job.state, JSON.stringify(job)).toBe('succeeded');
      expect(job.progress).toMatchObject({ done: people.length, total: people.length });
      expect(job.result.file.name).toMatch(new RegExp(`^${stem}_.+_${fy}\\.zip$`));
      const zip = await payroll.get(job.result.file.url);
      expect(zip.statusCode).toBe(200);
      const zipFile = join(dir, 'unit.zip');
      writeFileSync(zipFile, zip.rawPayload);
      const listed = execFileSync('zipinfo', ['-1', zipFile], { encoding: 'utf8' }).trim().split('\n').sort();
      const expected = people.map((p) => (p.pan ? `${stem}_${p.pan}_${fy}.pdf` : `${stem}_PANNOTAVBL_${p.code}_${fy}.pdf`)).sort();
      expect(listed).toEqual(expected);
      execFileSync('unzip', ['-tq', zipFile]); // CRCs and sizes check out
      const mine = execFileSync('unzip', ['-p', zipFile, `${stem}_${me.pan}_${fy}.pdf`]);
      expect(pdfText('from-zip.pdf', mine)).toContain(`PAN of the employee ${me.pan}`);
      // Another caller (not the starter, not an administrator) cannot fetch the file.
      expect((await manager.get(job.result.file.url)).statusCode).toBe(404);

      const startedPdf = await payroll.post('/api/form-16/batch', { unitId: me.unitId, financialYear: fy, format: 'pdf' });
      expect(startedPdf.statusCode).toBe(202);
      await t.app.jobs.drain();
      const pdfJob = (await payroll.get(`/api/jobs/${startedPdf.json().jobId}`)).json();
      expect(pdfJob.state).toBe('succeeded');
      expect(pdfJob.result.file.name).toMatch(new RegExp(`^${stem}_.+_${fy}\\.pdf$`));
      const text = pdfText('unit.pdf', (await payroll.get(pdfJob.result.file.url)).rawPayload);
      expect(text.match(new RegExp(`FORM NO\\. ${stem.slice(4)}\\b`, 'g'))?.length).toBe(people.length);
      for (const p of people) if (p.pan) expect(text).toContain(`PAN of the employee ${p.pan}`);
    },
    120_000,
  );
});

describe('24Q deductee details', () => {
  const quarterOf = (month: number) => (month >= 4 ? Math.ceil((month - 3) / 3) : 4);

  it('rows per employee and month of the quarter; totals equal the slips’ gross and tax deducted', async () => {
    for (const quarter of [...new Set(months.map((m) => quarterOf(m.month)))]) {
      const res = await payroll.get('/api/reports/form-24q/run', { financialYear: fyStart, quarter, pageSize: 500 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const qMonths = months.filter((m) => quarterOf(m.month) === quarter);
      const expected = await slips(
        sql`(r.year * 100 + r.month) in ${sql.raw(`(${qMonths.map((m) => m.year * 100 + m.month).join(',')})`)}`,
      );
      expect(body.total).toBe(expected.length);
      expect(Math.round(body.grandTotal.taxDeducted * 100)).toBe(expected.reduce((a, s) => a + s.tds, 0));
      expect(Math.round(body.grandTotal.amountPaid * 100)).toBe(expected.reduce((a, s) => a + s.gross, 0));
      const mine = body.rows.filter((r: { pan: string }) => r.pan === me.pan);
      expect(mine).toHaveLength(qMonths.length);
      // Form 138 under the Income-tax Act, 2025 from the tax year 2026-27: section 392; Form 24Q before: 92B (s.192).
      for (const r of mine) expect(r.sectionCode).toBe(fyStart >= 2026 ? '392' : '92B');
      expect(body.summary?.[0]?.value).toContain(fyStart >= 2026 ? 'Form 138' : 'Form 24Q');
    }
  });

  it('splits the tax deducted into income tax, surcharge and cess; each row and the totals add up to the rupee', async () => {
    // The demo employee's slips carry no split (set above): cess at 4 % within the deduction, no surcharge —
    // ₹2,500 → cess 2,500 × 4 ÷ 104 = 96.15 → ₹96, income tax ₹2,404; ₹2,750 → 105.77 → ₹106, income tax ₹2,644.
    const expected = new Map([
      [250_000, { incomeTax: 2404, surcharge: 0, cess: 96 }],
      [275_000, { incomeTax: 2644, surcharge: 0, cess: 106 }],
    ]);
    for (const quarter of [...new Set(months.map((m) => quarterOf(m.month)))]) {
      const body = (await payroll.get('/api/reports/form-24q/run', { financialYear: fyStart, quarter, pageSize: 500 })).json();
      const cents = (v: number) => Math.round(v * 100);
      for (const row of body.rows) {
        expect(cents(row.incomeTax) + cents(row.surcharge) + cents(row.cess)).toBe(cents(row.taxDeducted));
        expect(cents(row.surcharge) % 100).toBe(0);
        expect(cents(row.cess) % 100).toBe(0);
      }
      const g = body.grandTotal;
      expect(cents(g.incomeTax) + cents(g.surcharge) + cents(g.cess)).toBe(cents(g.taxDeducted));
      for (const row of body.rows.filter((r: { pan: string }) => r.pan === me.pan)) {
        expect(row).toMatchObject(expected.get(cents(row.taxDeducted))!);
      }
    }
  });

  it('exports to Excel through the one exporter, with the total', async () => {
    const quarter = quarterOf(months[0].month);
    const res = await payroll.get('/api/reports/form-24q/export', { financialYear: fyStart, quarter, format: 'xlsx' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const values: string[] = [];
    ws.eachRow((row) => values.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|')));
    expect(values.some((v) => v.includes('PAN of the Employee') && v.includes('Total Tax Deducted'))).toBe(true);
    expect(
      values.some((v) => v.includes('TDS — Income Tax') && v.includes('TDS — Surcharge') && v.includes('Health and Education Cess')),
    ).toBe(true);
    expect(values.some((v) => v.includes(me.pan))).toBe(true);
    expect(values.some((v) => /total/i.test(v))).toBe(true);
  });

  it('a quarter and a year are required, a bad quarter is 400, an employee is refused', async () => {
    expect((await payroll.get('/api/reports/form-24q/run', { financialYear: fyStart })).statusCode).toBe(400);
    expect((await payroll.get('/api/reports/form-24q/run', { quarter: 1 })).statusCode).toBe(400);
    expect((await payroll.get('/api/reports/form-24q/run', { financialYear: fyStart, quarter: 5 })).statusCode).toBe(400);
    expect((await employee1.get('/api/reports/form-24q/run', { financialYear: fyStart, quarter: 1 })).statusCode).toBe(403);
  });
});

describe('Annexure II of the last quarter (Form 24Q / Form 138)', () => {
  const A2 = '/api/reports/form-24q-annexure-2/run';

  it('one row per employee with the year’s figures of their Form 16 / Form 130 Part B', async () => {
    const res = await payroll.get(A2, { financialYear: fyStart, pageSize: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.summary.map((l: { value: string }) => l.value).join(' ')).toContain(fyStart >= 2026 ? 'Form 138' : 'Form 24Q');
    expect(body.summary.some((l: { label: string }) => l.label === (fyStart >= 2026 ? 'Tax year' : 'Financial year'))).toBe(true);
    const mine = body.rows.find((r: { pan: string }) => r.pan === me.pan);
    const [rec] = await loadForm16Records(t.db, [me.id], fy);
    const f = form16Figures(rec);
    const inRupees = (v: bigint) => Number(v) / 100;
    expect(mine).toMatchObject({
      name: me.name,
      grossSalary: inRupees(f.grossSalary),
      incomeChargeable: inRupees(f.incomeChargeable),
      taxableIncome: inRupees(f.tax.taxableIncome),
      netTax: inRupees(f.netTaxPayable),
      tdsDeducted: inRupees(f.tdsDeducted),
      balance: inRupees(f.balance),
    });
    // The year's tax deducted over every employee equals the slips' (the same as the four quarters of Annexure I).
    const all = await slips(sql`true`);
    expect(Math.round(body.grandTotal.tdsDeducted * 100)).toBe(all.reduce((a, s) => a + s.tds, 0));
  });

  it('a manager sees only their units’ employees; an employee is refused; the year is required', async () => {
    const everyone = (await payroll.get(A2, { financialYear: fyStart, pageSize: 500 })).json();
    const limited = await manager.get(A2, { financialYear: fyStart, pageSize: 500 });
    expect(limited.statusCode, limited.body).toBe(200);
    const units = await queryRows<{ name: string }>(
      t.db,
      sql`select u.name from units u join user_unit_map m on m.unit_id = u.id join users us on us.id = m.user_id where us.user_name = 'manager'`,
    );
    const names = new Set(units.map((u) => u.name));
    for (const r of limited.json().rows) expect(names.has(r.unitName)).toBe(true);
    expect(limited.json().total).toBeLessThanOrEqual(everyone.total);
    expect((await employee1.get(A2, { financialYear: fyStart })).statusCode).toBe(403);
    expect((await payroll.get(A2, {})).statusCode).toBe(400);
  });

  it('exports to Excel with the statement named', async () => {
    const res = await payroll.get('/api/reports/form-24q-annexure-2/export', { financialYear: fyStart, format: 'xlsx' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const values: string[] = [];
    wb.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|')));
    expect(values.some((v) => v.includes('Total Taxable Income [12]'))).toBe(true);
    expect(values.some((v) => v.includes(me.pan))).toBe(true);
  });
});
