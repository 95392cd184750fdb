// Request notifications by e-mail through a real SMTP conversation (smtp-server, in process): raising a request
// mails the approver, deciding it mails the requester; both from a persisted job.
import type { AddressInfo } from 'node:net';
import { addDays, formatIsoDMY, todayIn, weekday } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((m) => {
        received.push(m);
        done();
      })
      .catch(done);
  },
});
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: 'HR <hr@sunrise.example>' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('request notifications by e-mail', () => {
  it('mails the approver on raise and the requester on approval', async () => {
    const emp1 = api(t.app, await signIn(t.app, 'employee1'));
    const manager = api(t.app, await signIn(t.app, 'manager'));
    const [who] = await queryRows<{ mgr: string | null; emp: string | null }>(
      t.db,
      sql`select (select coalesce(nullif(u.email, ''), e.email) from users u join employees e on e.id = u.employee_id where u.user_name = 'manager') as mgr,
                 (select coalesce(nullif(u.email, ''), e.email) from users u join employees e on e.id = u.employee_id where u.user_name = 'employee1') as emp`,
    );
    expect(who.mgr).toBeTruthy();
    expect(who.emp).toBeTruthy();
    let day = addDays(todayIn('Asia/Kolkata'), 60);
    while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
    const r = await emp1.post('/api/requests', { kind: 'wfh', fromDate: day, toDate: day, reason: 'Home for the day' });
    expect(r.statusCode, r.body).toBe(201);
    await t.app.jobs.drain();
    const toManager = received.find((m) => (m.to as { text: string }).text.includes(who.mgr!));
    expect(toManager?.subject).toMatch(/Work from home request from Priya Sharma/);
    expect((await manager.post(`/api/requests/${r.json().id}/approve`, {})).statusCode).toBe(200);
    await t.app.jobs.drain();
    const toEmployee = received.find((m) => (m.to as { text: string }).text.includes(who.emp!));
    expect(toEmployee?.subject).toBe('Work from home approved');
    expect(toEmployee?.text).toContain(formatIsoDMY(day));
  });
});
