import type { OutboxMail } from '@bourse/shared';
import { desc } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../platform/config.ts';
import type { Db } from '../platform/database.ts';
import { pageOf } from '../trading/paging.ts';
import { mailOutbox } from './schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; throws when it could not. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** Keeps mail in the mail_outbox table, for a deployment without SMTP (demo). */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text });
    },
  };
}

/** SMTP when configured, else the local outbox. */
export function mailerOf(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>, db: Db): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db);
}

export function listOutbox(
  db: Db,
  paging: { page: number; pageSize: number },
): Promise<{ items: OutboxMail[]; page: number; pageSize: number; total: number }> {
  return pageOf(
    db,
    mailOutbox,
    undefined,
    [desc(mailOutbox.createdAt), desc(mailOutbox.id)],
    paging,
    (row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
