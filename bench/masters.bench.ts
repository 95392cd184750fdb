// Masters: a look-up list of 10,000 rows pages, sorts and searches in < 200 ms each on the server,
// through the real app (app.inject) on a throw-away PGlite database; rows are batch-inserted.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, migrate } from '../apps/server/src/db/client';
import { cities, states } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import type { Bench, BenchResult } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const WORDS = ['Nagar', 'Pura', 'Halli', 'Palya', 'Kere', 'Gudi', 'Pet', 'Wadi', 'Ganj', 'Abad'];

const bench: Bench = async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpdir(), 'hr-bench-masters') });
  const database = await createDatabase(config, { pgliteDataDir: 'memory://' });
  await migrate(database);
  await seedDemo(database.db);
  const app = await buildApp({ db: database.db, dbKind: database.kind, config, logger: false });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { userName: 'admin', password: DEMO_PASSWORDS.admin },
  });
  const token = signIn.json().token as string;

  // 10,000 cities (a look-up with a reference, so the list also resolves the state's name).
  const db = database.db;
  const stateIds = (await db.select({ id: states.id }).from(states)).map((s) => s.id);
  const N = 10_000;
  for (let i = 0; i < N; i += 1000) {
    const batch = [];
    for (let j = i; j < Math.min(N, i + 1000); j++) {
      batch.push({
        name: `${WORDS[j % WORDS.length]} ${WORDS[Math.floor(j / 10) % WORDS.length]} ${j + 1}`,
        code: `B${j + 1}`,
        stateId: stateIds[j % stateIds.length],
      });
    }
    await db.insert(cities).values(batch);
  }
  await db.execute(sql`analyze cities`);

  const time = async (url: string) => {
    const times: number[] = [];
    for (let k = 0; k < 7; k++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const body = res.json();
      const n = Array.isArray(body) ? body.length : body.total;
      if (k === 0 && !(n > 0)) throw new Error(`${url}: empty result`);
    }
    return Math.round(median(times) * 10) / 10;
  };

  const results: BenchResult[] = [
    {
      name: 'look-up list of 10,000 (city): page 200 of 25 rows',
      value: await time('/api/resources/city?page=200&pageSize=25'),
      unit: 'ms',
      budget: 200,
    },
    {
      name: 'look-up list of 10,000 (city): sorted by state name, descending',
      value: await time('/api/resources/city?sort=stateId&dir=desc&pageSize=25&page=3'),
      unit: 'ms',
      budget: 200,
    },
    {
      name: 'look-up list of 10,000 (city): sorted by name',
      value: await time('/api/resources/city?sort=name&dir=asc&pageSize=25&page=10'),
      unit: 'ms',
      budget: 200,
    },
    {
      name: 'look-up list of 10,000 (city): search "halli 12"',
      value: await time('/api/resources/city?search=halli%2012&pageSize=25'),
      unit: 'ms',
      budget: 200,
    },
    {
      name: 'look-up of 10,000 (city): select options for "pura"',
      value: await time('/api/resources/city/options?search=pura'),
      unit: 'ms',
      budget: 200,
    },
  ];
  await app.close();
  await database.close();
  return results;
};

export default bench;
