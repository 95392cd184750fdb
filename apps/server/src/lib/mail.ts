// The one way the server sends e-mail (payslips, notification copies): SMTP_URL's server, SMTP_FROM as the sender.
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { JobFailure } from '../jobs/runner';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer | Uint8Array; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A connection to the configured SMTP server for a batch of messages; a job fails at once when none is set up. */
export function openMailer(config: Pick<AppConfig, 'smtpUrl' | 'smtpFrom'>): Mailer {
  if (!config.smtpUrl) throw new JobFailure('E-mail is not set up (SMTP_URL)');
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: config.smtpFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
      });
    },
    close: () => transport.close(),
  };
}
