// The wage register (Form B) of one unit's month of 10,000 employees × 30 heads (issue 14): a screen page
// (GET /api/reports/form-b/run, 50 rows, with the totals over the whole set) ≤ 200 ms; the Excel export through
// the streaming exporter ≤ 5 s and ≤ 300 MB peak (resident memory of the process while it runs); the PDF ≤ 10 s.
// On a file-backed PGlite (BENCH_REPORTS_EMPLOYEES overrides the size). The data, made inside the database: the
// demo organisation, a bench unit with its employees copied from a demo employee, a locked run of the month with
// 30 heads and a slip per employee, locked once its slips are written (so its register totals are kept, migration
// 0019). Budgets apply at the full 10,000. The PDF is drawn with pdfkit (pdf-table.ts); BENCH_REPORTS_PDF=0 leaves
// it out, BENCH_REPORTS_PDF_OUT=<file> keeps it to look at.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { todayIn } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type Db, migrate, queryRows } from '../apps/server/src/db/client';
import { collect } from '../apps/server/src/lib/xlsx';
import type { AuthContext } from '../apps/server/src/modules/access/context';
import { reportContext } from '../apps/server/src/modules/reports/context';
import { reportById } from '../apps/server/src/modules/reports/define';
import { organisationOf, reportPdf, reportXlsx } from '../apps/server/src/modules/reports/export';
import { planOf } from '../apps/server/src/modules/reports/run';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import type { Bench, BenchResult } from './types';

const HEADS = 30;
const YEAR = 2026;
const MONTH = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The bench unit, its employees and a locked run of 30 heads with a slip each; returns the unit's id. */
async function fill(db: Db, staff: number): Promise<number> {
  await seedDemo(db, { today: todayIn('Asia/Kolkata') });
  const [unit] = await queryRows<{ id: number }>(
    db,
    sql`insert into units (name, code, city, state_name) values ('Bench Unit', 'BENCH', 'Pune', 'Maharashtra') returning id`,
  );
  const cols = (
    await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'device_user_id', 'missing_mandatory_docs')`,
    )
  ).map((c) => `"${c.name}"`);
  await db.execute(
    sql.raw(`insert into employees (employee_code, name, unit_id, ${cols.join(', ')})
      select 'BN' || lpad(g::text, 6, '0'), 'Bench Employee ' || g, ${unit.id}, ${cols.map((c) => `e0.${c}`).join(', ')}
      from generate_series(1, ${staff}) g, (select * from employees order by id limit 1) e0`),
  );
  const heads = Array.from({ length: HEADS }, (_, i) => ({
    id: 1001 + i,
    code: `H${i + 1}`,
    printName: i < 20 ? `Earning ${i + 1}` : `Deduction ${i - 19}`,
    isEarning: i < 20,
    isPrinted: true,
    isCalculative: false,
    isNetPayHead: false,
    isOverTimeHead: false,
    isTotalLWOPHead: false,
    formula: null,
  }));
  const [run] = await queryRows<{ id: number }>(
    db,
    sql`insert into payroll_runs (unit_id, year, month, status, heads, employee_count) values (${unit.id}, ${YEAR}, ${MONTH}, 'approved', ${JSON.stringify(heads)}::jsonb, ${staff}) returning id`,
  );
  await db.execute(
    sql.raw(`insert into salary_slips (run_id, employee_id, employee_code, name, designation_name, department_name, pay_mode_name, uan_no,
        amounts, gross, deductions, net, attendance)
      select ${run.id}, e.id, e.employee_code, e.name, 'Bench Designation', 'Bench Department', 'Bank', e.uan,
        (select jsonb_object_agg(h::text, (e.id * 37 + h * 101) % 500000) from generate_series(1001, ${1000 + HEADS}) h),
        50000000, 5000000, 45000000, '{"payableDays": 30, "lwopDays": 1, "otHours": 2}'::jsonb
      from employees e where e.unit_id = ${unit.id}`),
  );
  // Locked once its slips are written, as a real run is (the run's register totals are kept from then on).
  await db.execute(sql`update payroll_runs set status = 'locked' where id = ${run.id}`);
  return unit.id;
}

/** Runs `fn`, sampling the resident memory every 20 ms: seconds taken and the peak growth over the start in MB. */
async function timedWithPeak<T>(fn: () => Promise<T>): Promise<{ s: number; peakMb: number; value: T }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { s: (performance.now() - t) / 1000, peakMb: (peak - start) / 2 ** 20, value };
  } finally {
    clearInterval(timer);
  }
}

const bench: Bench = async () => {
  const staff = Number(process.env.BENCH_REPORTS_EMPLOYEES ?? 10_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-reports-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await createDatabase(config, { pgliteDataDir: path.join(dataDir, 'pglite') });
  const results: BenchResult[] = [];
  try {
    await migrate(database);
    const db = database.db;
    const unitId = await fill(db, staff);
    const app = await buildApp({ db, config, logger: false });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { userName: 'admin', password: DEMO_PASSWORDS.admin },
      });
      const headers = { authorization: `Bearer ${signIn.json().token as string}` };
      const url = `/api/reports/form-b/run?unitId=${unitId}&year=${YEAR}&month=${MONTH}&pageSize=50&page=3`;
      const times: number[] = [];
      let first = 0;
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`form-b run: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i > 0) times.push(performance.now() - t);
        else first = performance.now() - t;
        if (i === 0 && res.json().total !== staff) throw new Error(`form-b run: ${res.json().total} rows, expected ${staff}`);
      }
      const label = `wage register (Form B), ${new Intl.NumberFormat('en-IN').format(staff)} employees × ${HEADS} heads, PGlite`;
      const full = staff === 10_000;
      results.push({
        name: `${label}: a screen page of 50 (the totals worked out by the first, kept for the next pages; median of 5)`,
        value: round1(median(times)),
        unit: 'ms',
        ...(full ? { budget: 200 } : {}),
      });
      results.push({ name: `${label}: the first page, with the totals over the whole set`, value: round1(first), unit: 'ms' });

      const [admin] = await queryRows<{ id: number; roleId: number }>(
        db,
        sql`select id, role_id as "roleId" from users where user_name = 'admin'`,
      );
      const auth: AuthContext = {
        userId: admin.id,
        userName: 'admin',
        roleId: admin.roleId,
        roleName: 'Administrator',
        isAdmin: true,
        isSelfService: false,
        employeeId: null,
        unitIds: 'all',
        sessionId: 0,
      };
      const def = reportById('form-b');
      if (!def) throw new Error('form-b is not declared');
      const q = { unitId, year: YEAR, month: MONTH, dir: 'asc' as const, page: 1, pageSize: 50 };
      const plan = await planOf(def, await reportContext(db, auth, def, q), q);
      const org = await organisationOf(plan);
      const xlsx = await timedWithPeak(async () => collect(await reportXlsx(plan, org)));
      results.push({ name: `${label}: Excel export (streaming writer)`, value: round1(xlsx.s), unit: 's', ...(full ? { budget: 5 } : {}) });
      results.push({
        name: `${label}: Excel export, peak memory growth (resident)`,
        value: Math.round(xlsx.peakMb),
        unit: 'MB',
        ...(full ? { budget: 300 } : {}),
      });
      if (process.env.BENCH_REPORTS_PDF !== '0') {
        const pdf = await timedWithPeak(() => reportPdf(plan, org));
        if (process.env.BENCH_REPORTS_PDF_OUT) writeFileSync(process.env.BENCH_REPORTS_PDF_OUT, pdf.value);
        results.push({
          name: `${label}: PDF export`,
          value: round1(pdf.s),
          unit: 's',
          ...(full ? { budget: 10 } : {}),
          note: `${Math.round(pdf.value.length / 2 ** 20)} MB file, resident memory grew ${Math.round(pdf.peakMb)} MB`,
        });
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
};

export default bench;
