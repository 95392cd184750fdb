// One log line per request, not Fastify's two at info: quiet at the default level (they cost more than a
// search under load), an access log at debug, and never the query string (a search is personal data).
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestDatabase, testConfig } from '../helpers';

type Line = { level: number; msg: string; route?: string; status?: number; ms?: number; [k: string]: unknown };

let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  fresh = await createTestDatabase(testConfig());
});
afterAll(() => fresh?.close());

async function linesAt(level: 'info' | 'debug', requests: { url: string }[]): Promise<Line[]> {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const config = testConfig();
  const app = await buildApp({ db: fresh.database.db, dbKind: fresh.database.kind, config, logger: pino({ level }, sink) });
  try {
    for (const r of requests) await app.inject({ method: 'GET', url: r.url });
  } finally {
    await app.close();
  }
  return lines;
}

describe('request logging', () => {
  it('writes nothing per request at the default level', async () => {
    const lines = await linesAt('info', [{ url: '/api/health' }, { url: '/api/employees?search=Ravi%20Kumar' }]);
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
  });

  it('writes one line per request at debug, with the route pattern and no query string', async () => {
    const lines = await linesAt('debug', [{ url: '/api/employees?search=Ravi%20Kumar' }, { url: '/api/employees/123' }]);
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.map((l) => [l.route, l.status])).toEqual([
      ['/api/employees', 401],
      ['/api/employees/:id', 401],
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toMatch(/Ravi/);
    for (const l of done) expect(typeof l.ms).toBe('number');
  });
});
