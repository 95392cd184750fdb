// Foundation: what every request pays (session lookup + role-wise action check), the menus of /api/auth/me,
// and an argon2id sign-in, through the real app (app.inject) on a throw-away PGlite database.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, migrate } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import type { Bench } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 100) / 100;

const bench: Bench = async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpdir(), 'hr-bench-foundation') });
  const database = await createDatabase(config, { pgliteDataDir: 'memory://' });
  await migrate(database);
  await seedDemo(database.db);
  const app = await buildApp({ db: database.db, dbKind: database.kind, config, logger: false });
  await app.ready();
  try {
    const signInTimes: number[] = [];
    let token = '';
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { userName: 'admin', password: DEMO_PASSWORDS.admin },
      });
      signInTimes.push(performance.now() - t0);
      token = res.json().token;
    }
    const headers = { authorization: `Bearer ${token}` };
    const time = async (url: string, n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        times.push(performance.now() - t0);
      }
      return median(times.slice(Math.floor(n / 10))); // without warm-up
    };
    const health = await time('/api/health', 200);
    const guarded = await time('/api/dashboard/units/1', 200);
    const summary = await time('/api/dashboard/summary', 100);
    const me = await time('/api/auth/me', 50);
    return [
      { name: 'sign-in (argon2id verify + session), median', value: round(median(signInTimes)), unit: 'ms', budget: 300 },
      { name: 'public request (/api/health), median', value: round(health), unit: 'ms', note: 'baseline' },
      {
        name: 'guarded request (session + action check + unit scope), median',
        value: round(guarded),
        unit: 'ms',
        budget: 15,
      },
      { name: '/api/auth/me of the administrator (all menus), median', value: round(me), unit: 'ms', budget: 50 },
      { name: 'dashboard summary with unit figures (demo data), median', value: round(summary), unit: 'ms', budget: 50 },
    ];
  } finally {
    await app.close();
    await database.close();
  }
};

export default bench;
