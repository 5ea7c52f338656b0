import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { nodemailer } from '../optional-libraries.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail is first written to the outbox table; it is then sent through SMTP when SMTP_URL is
 * set, or only logged (address and subject) when it is not, so a self-hosted server works without mail.
 */
export class Mailer {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly from: string;
  private readonly transport: Transporter | null;
  constructor(db: Db, log: Logger, smtpUrl: string | undefined, from: string) {
    this.db = db;
    this.log = log;
    this.from = from;
    this.transport = smtpUrl ? nodemailer().createTransport(smtpUrl) : null;
  }

  async send(mail: Mail): Promise<void> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, sent_at: null, error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.log.info({ outboxId: row.id, to: mail.to, subject: mail.subject }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.db.updateTable('mail_outbox').set({ error: message.slice(0, 500) }).where('id', '=', row.id).execute();
      this.log.warn({ outboxId: row.id, err: message }, 'mail could not be sent');
    }
  }

  /** Mails sent to an address, newest first (tests and the admin CLI read the outbox). */
  outbox(to: string) {
    return this.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').execute();
  }
}
