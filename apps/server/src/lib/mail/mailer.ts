import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries; logged when the outbox is used. */
  links?: string[];
  /** Extra headers (List-Unsubscribe of alert e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
}

/** SMTP through SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    },
  };
}

/**
 * Without SMTP_URL: each message becomes a JSON file { from, to, subject, text, html, links } in DATA_DIR/outbox
 * (browser tests read the links from it) and its links are logged.
 */
export function createOutboxMailer(outboxDir: string, from: string, logger: MailLogger): Mailer {
  return {
    async send(message) {
      fs.mkdirSync(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const unique = crypto.randomBytes(3).toString('hex');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${unique}-${safeTo}.json`);
      fs.writeFileSync(file, JSON.stringify({ from, ...message, links: message.links ?? [] }, null, 2));
      logger.info({ to: message.to, subject: message.subject, links: message.links ?? [], file }, 'e-mail written to the outbox');
    },
  };
}

/** Keeps messages in memory (API tests). */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  lastTo(to: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => m.to === to);
  }
}
