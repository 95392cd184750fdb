// Payslips by e-mail, through a real SMTP conversation with an in-process SMTP server (smtp-server): one message
// per employee with an address, the PDF attached, protected with PAN + date of birth when asked; a retry skips
// those already sent; refused before approval and without SMTP_URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithPoppler } from '@hr/documents/testing/poppler';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { payslipPassword } from '../../src/modules/payroll/email';
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
const dir = mkdtempSync(path.join(tmpdir(), 'hr-mail-'));
let t: TestApp;
let payroll: ReturnType<typeof api>;
let runId = 0;

beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: 'Payroll <payroll@sunrise.example>' } });
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  const blr = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`))[0].id;
  const locked = (await payroll.get(`/api/payroll/runs?unitId=${blr}&status=locked`)).json().rows;
  runId = locked[0].id;
  // Two people without an address, one without a PAN.
  await t.db.execute(sql`update employees set email = null where employee_code in ('BLR0003', 'BLR0004')`);
  await t.db.execute(sql`update employees set pan = null where employee_code = 'BLR0005'`);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describeWithPoppler('payslips by e-mail', () => {
  it('sends each employee with an address their own protected payslip, and says who was skipped', async () => {
    const run = (await payroll.get(`/api/payroll/runs/${runId}`)).json();
    expect(run.can.email).toBe(true);
    const res = await payroll.post(`/api/payroll/runs/${runId}/email`, { protect: true });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const job = (await payroll.get(`/api/jobs/${res.json().jobId}`)).json();
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    const reasons = job.result.skipped.map((s: { employeeCode: string; reason: string }) => `${s.employeeCode}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining(['BLR0003: No e-mail address', 'BLR0004: No e-mail address', 'BLR0005: No PAN to protect the file with']),
    );
    expect(job.result.failed).toEqual([]);
    expect(received).toHaveLength(job.result.sent);
    expect(job.result.sent).toBe(run.employeeCount - 3);

    const priya = await queryRows<{ email: string; pan: string; dob: string }>(
      t.db,
      sql`select email, pan, date_of_birth::text as dob from employees where employee_code = 'BLR0002'`,
    );
    const mail = received.find((m) => (m.to as { text: string }).text.includes(priya[0].email))!;
    expect(mail.subject).toMatch(/^Payslip for [A-Z][a-z]+ \d{4}$/);
    expect(mail.text).toContain('PAN in capital letters followed by your date of birth');
    const [pdf] = mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/^Pay_Slip_.+\.pdf$/);
    const file = path.join(dir, 'slip.pdf');
    writeFileSync(file, pdf.content);
    expect(execFileSync('pdfinfo', ['-upw', payslipPassword(priya[0].pan, priya[0].dob), file], { encoding: 'utf8' })).toMatch(
      /Encrypted:\s+yes/,
    );
    expect(() => execFileSync('pdftotext', [file, '-'], { stdio: 'pipe' })).toThrow();
    const text = execFileSync('pdftotext', ['-upw', payslipPassword(priya[0].pan, priya[0].dob), file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Priya Sharma');

    // Again: nobody receives a second copy.
    const before = received.length;
    await payroll.post(`/api/payroll/runs/${runId}/email`, { protect: true });
    await t.app.jobs.drain();
    expect(received.length).toBe(before);
  });

  it('refuses a month not approved, and a self-service caller', async () => {
    const [draft] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
    expect((await payroll.post(`/api/payroll/runs/${draft.id}/email`, { protect: false })).statusCode).toBe(409);
    const me = api(t.app, await signIn(t.app, 'employee1'));
    expect((await me.post(`/api/payroll/runs/${runId}/email`, { protect: false })).statusCode).toBe(403);
  });
});

it('without SMTP_URL the server says e-mail is not set up', async () => {
  const plain = await createTestApp();
  try {
    const p = api(plain.app, await signIn(plain.app, 'payroll'));
    const [locked] = (await p.get('/api/payroll/runs?status=locked')).json().rows;
    const res = await p.post(`/api/payroll/runs/${locked.id}/email`, { protect: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/SMTP_URL/);
    expect((await p.get(`/api/payroll/runs/${locked.id}`)).json().can.email).toBe(false);
  } finally {
    await plain.close();
  }
});
