// Stateless API nodes (issue 29): two apps on one database, each with its own pool and shared state. What one node
// counts or revokes holds on the other at once: sign-in limits, a device's calls per minute, a signed-out session, and
// a dashboard figure read afresh on one node is not served stale by the other. Once through the database (PGlite's
// listen, or LISTEN/NOTIFY on PostgreSQL), once through Redis (skipped when no Redis server answers).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../src/seed/core';
import { waitFor } from '../crash/server-process';
import { api, signIn } from '../helpers';
import { redisAnswers, redisUrl, type TwoNodes, twoNodes } from './two-nodes';

const withRedis = await redisAnswers();
if (!withRedis) console.warn(`SKIPPED: the Redis cases (no Redis server answers at ${redisUrl})`);

const stores = [
  { store: 'database', redis: false, run: true },
  { store: 'redis', redis: true, run: withRedis },
] as const;

describe.each(stores)('two API nodes sharing state through the $store', ({ redis, run }) => {
  let n: TwoNodes;
  beforeAll(async () => {
    if (!run) return;
    n = await twoNodes({ redis, config: { signInMaxFailuresPerAccount: 2, deviceRatePerMinute: 4 } });
  }, 600_000);
  afterAll(() => n?.close());

  it.runIf(run)('each node knows the shared store it uses', () => {
    expect(n.a.shared.kind).toBe(redis ? 'redis' : 'database');
    expect(n.b.shared.node).not.toBe(n.a.shared.node);
  });

  it.runIf(run)('failed sign-ins counted on node A hold on node B', async () => {
    const wrong = { userName: 'payroll', password: 'not-the-password-1' };
    for (const app of [n.a, n.a]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: wrong });
      expect(res.statusCode).toBe(401);
    }
    const onB = await n.b.inject({ method: 'POST', url: '/api/auth/sign-in', payload: wrong });
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    // The right password waits too: the limit is the account's, not the node's.
    const right = await n.b.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'payroll', password: DEMO_PASSWORDS.payroll },
    });
    expect(right.statusCode).toBe(429);
  });

  it.runIf(run)('a session signed out on node A is refused on node B at once', async () => {
    const token = await signIn(n.a, 'admin');
    expect((await api(n.b, token).get('/api/auth/me')).statusCode).toBe(200);
    expect((await api(n.a, token).post('/api/auth/sign-out')).statusCode).toBeLessThan(300);
    expect((await api(n.b, token).get('/api/auth/me')).statusCode).toBe(401);
    expect((await api(n.a, token).get('/api/auth/me')).statusCode).toBe(401);
  });

  it.runIf(run)("a device's calls per minute are counted over both nodes", async () => {
    const admin = api(n.a, await signIn(n.a, 'admin'));
    const serial = redis ? 'TWONODER1' : 'TWONODED1';
    const created = await admin.post('/api/resources/biometricDevice', {
      serialNumber: serial,
      name: 'Gate',
      unitId: 1,
      timeZone: 'Asia/Kolkata',
    });
    expect(created.statusCode).toBe(201);
    const call = (app: typeof n.a) => app.inject({ method: 'GET', url: `/iclock/getrequest?SN=${serial}` });
    // DEVICE_RATE_PER_MINUTE=4: two calls on each node pass, the fifth and sixth are refused on either node, although
    // each node alone has seen fewer than four.
    const passed = [await call(n.a), await call(n.b), await call(n.a), await call(n.b)].map((r) => r.statusCode);
    expect(passed).toEqual([200, 200, 200, 200]);
    expect((await call(n.a)).statusCode).toBe(429);
    expect((await call(n.b)).statusCode).toBe(429);
  });

  it.runIf(run)('a dashboard figure read afresh on node B is not served stale by node A', async () => {
    const token = await signIn(n.a, 'admin');
    const url = '/api/dashboard/admin/headcount';
    const read = async (app: typeof n.a, fresh = false) => {
      const res = await api(app, token).get(url, undefined, fresh ? { headers: { 'cache-control': 'no-cache' } } : {});
      expect(res.statusCode).toBe(200);
      return res.json().total as number;
    };
    const before = await read(n.a);
    expect(await read(n.b)).toBe(before);
    // One employee's joining moves past today: today's headcount drops by one.
    await n.a.db.execute(sql`update employees set date_of_joining = current_date + 30
      where id = (select min(id) from employees where status = 'active' and exit_date is null)`);
    expect(await read(n.b, true)).toBe(before - 1);
    // Node B told node A to drop its copy: A's next plain read is the new figure (the message arrives asynchronously).
    const onA = await waitFor(
      () => read(n.a),
      (v) => v === before - 1,
      { ms: 60_000, everyMs: 50 },
    );
    expect(onA).toBe(before - 1);
  });

  it.runIf(run)('counters and messages cross between the nodes', async () => {
    const key = `test:${Date.now()}`;
    expect(await n.a.shared.hit(key, 60)).toBe(1);
    expect(await n.b.shared.hit(key, 60)).toBe(2);
    expect(await n.a.shared.hit(key, 60)).toBe(3);
    const heardOnB: (string | null)[] = [];
    const heardOnA: (string | null)[] = [];
    const offB = n.b.shared.subscribe('test-topic', (m) => heardOnB.push(m));
    const offA = n.a.shared.subscribe('test-topic', (m) => heardOnA.push(m));
    await n.a.shared.publish('test-topic', 'hello');
    const got = await waitFor(
      async () => heardOnB,
      (h) => h.includes('hello'),
      { ms: 60_000, everyMs: 20 },
    );
    expect(got).toEqual(['hello']);
    // The sender hears its own message once, at once (not again from the store).
    expect(heardOnA).toEqual(['hello']);
    offA();
    offB();
  });

  it.runIf(run && redis)('with Redis out of reach a device is still answered, counted by its node alone', async () => {
    const admin = api(n.b, await signIn(n.b, 'admin'));
    const created = await admin.post('/api/resources/biometricDevice', {
      serialNumber: 'TWONODEX1',
      name: 'Gate',
      unitId: 1,
      timeZone: 'Asia/Kolkata',
    });
    expect(created.statusCode).toBe(201);
    await n.a.shared.close(); // node A's Redis connections end
    const call = () => n.a.inject({ method: 'GET', url: '/iclock/getrequest?SN=TWONODEX1' });
    expect([(await call()).statusCode, (await call()).statusCode, (await call()).statusCode, (await call()).statusCode]).toEqual([
      200, 200, 200, 200,
    ]);
    expect((await call()).statusCode).toBe(429); // DEVICE_RATE_PER_MINUTE=4, this node's own count
  });
});
