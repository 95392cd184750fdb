// Payslips of an approved or locked run e-mailed to the employees who have an address, one PDF each, built on
// the server; optionally password-protected with the employee's PAN in capitals followed by the date of birth
// as DDMMYYYY (a common Indian convention). A job: a retry skips the slips already sent.
import { randomBytes } from 'node:crypto';
import { monthName } from '@hr/calendar';
import { type PayslipRecord, payslipFileName } from '@hr/documents';
import { renderSalarySlipPdf } from '@hr/documents/node';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { defineJob, JobFailure } from '../../jobs/runner';
import { writeAudit } from '../../lib/audit';
import { openMailer } from '../../lib/mail';
import { FINAL_RUN } from '../../lib/month-lock';
import { slipRecords } from './slips';

/** The password of a protected payslip: PAN in capitals + date of birth as DDMMYYYY, e.g. ABCDE1234F15081990. */
export function payslipPassword(pan: string, dateOfBirth: string): string {
  const [y, m, d] = dateOfBirth.split('-');
  return `${pan.toUpperCase()}${d}${m}${y}`;
}

/**
 * One employee's payslip as e-mailed, drawn by the one payslip renderer (renderPayslipPdf; the wage slip layout by
 * its own builder): protected (AES-256, printing and screen readers allowed: packages/documents protect.ts) with
 * the password of `protectWith`, under an owner password nobody is told; else plain.
 */
export function payslipAttachment(record: PayslipRecord, protectWith: { pan: string; dateOfBirth: string } | null): Promise<Buffer> {
  if (!protectWith) return renderSalarySlipPdf([record]);
  return renderSalarySlipPdf([record], {
    protection: {
      userPassword: payslipPassword(protectWith.pan, protectWith.dateOfBirth),
      ownerPassword: randomBytes(18).toString('base64url'),
    },
  });
}

export const emailPayslipsJob = defineJob({
  name: 'payroll.emailPayslips',
  schema: z.object({ runId: z.number().int(), protect: z.boolean(), userId: z.number().int() }),
  maxAttempts: 3,
  cancellable: true,
  async run(ctx, data, progress) {
    const mailer = openMailer(ctx.config);
    const people = await queryRows<{
      slipId: number;
      employeeId: number;
      email: string | null;
      pan: string | null;
      dateOfBirth: string;
      sent: boolean;
    }>(
      ctx.db,
      sql`select s.id as "slipId", s.employee_id as "employeeId", nullif(trim(e.email), '') as email, e.pan,
            e.date_of_birth::text as "dateOfBirth", s.emailed_at is not null as sent
          from salary_slips s join employees e on e.id = s.employee_id join payroll_runs r on r.id = s.run_id
          where s.run_id = ${data.runId} and ${FINAL_RUN}
          order by s.employee_code`,
    );
    if (people.length === 0) throw new JobFailure('The run has no approved payslips');
    const records = new Map((await slipRecords(ctx.db, sql`r.id = ${data.runId}`)).map((r) => [r.employeeId, r]));
    let sent = 0;
    const skipped: { employeeCode: string; reason: string }[] = [];
    const failed: { employeeCode: string; error: string }[] = [];
    for (const [i, p] of people.entries()) {
      const record = records.get(p.employeeId)!;
      const code = record.employeeCode ?? String(p.employeeId);
      await progress.set(i, people.length, `E-mailing ${i + 1} of ${people.length}`);
      if (p.sent) {
        sent++;
        continue;
      }
      if (!p.email) {
        skipped.push({ employeeCode: code, reason: 'No e-mail address' });
        continue;
      }
      if (data.protect && !p.pan) {
        skipped.push({ employeeCode: code, reason: 'No PAN to protect the file with' });
        continue;
      }
      try {
        const pdf = await payslipAttachment(record, data.protect && p.pan ? { pan: p.pan, dateOfBirth: p.dateOfBirth } : null);
        const month = `${monthName(record.month)} ${record.year}`;
        await mailer.send({
          to: p.email,
          subject: `Payslip for ${month}`,
          text: [
            `Dear ${record.name},`,
            '',
            `Your payslip for ${month} is attached.`,
            data.protect
              ? 'The file is protected: its password is your PAN in capital letters followed by your date of birth as DDMMYYYY.'
              : '',
            '',
            record.companyName,
          ]
            .filter((l, k, all) => l !== '' || all[k - 1] !== '')
            .join('\n'),
          attachments: [{ filename: payslipFileName([record]), content: pdf, contentType: 'application/pdf' }],
        });
        await ctx.db.execute(sql`update salary_slips set emailed_at = now() where id = ${p.slipId}`);
        sent++;
      } catch (e) {
        failed.push({ employeeCode: code, error: (e as Error).message.slice(0, 200) });
      }
    }
    mailer.close();
    const result = { sent, skipped, failed };
    await writeAudit(ctx.db, {
      entity: 'payroll_runs',
      entityId: data.runId,
      action: 'email payslips',
      after: { sent, skipped: skipped.length, failed: failed.length, protect: data.protect },
      userId: data.userId,
    });
    return result;
  },
});
