import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Printed to the console by the dev mailbox only (e.g. the code), never logged. */
  devHint?: string;
}

export interface Mailer {
  /** Sends in the background: the caller's answer does not wait on the mail server (and so reveals nothing by its timing). */
  enqueue(message: MailMessage): void;
  /** Sends now and waits. */
  send(message: MailMessage): Promise<void>;
  /** Resolves when every queued mail has been handed over. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/** Real SMTP when SMTP_URL is set, else a dev mailbox of .eml files under DATA_DIR/mailbox. */
export function createMailer(options: MailerOptions): Mailer {
  const mailboxDir = path.join(options.dataDir, 'mailbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = (await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })) as { message?: Buffer };
    if (!options.smtpUrl && info.message) {
      mkdirSync(mailboxDir, { recursive: true });
      const file = path.join(mailboxDir, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(file, info.message);
      // The dev mailbox exists so that `npm start` needs no mail server: show the newcomer where the mail went.
      console.log(`[dev mailbox] ${message.to}: ${message.devHint ?? message.subject} (${file})`);
    }
  }

  return {
    send,
    enqueue(message) {
      const p = send(message)
        .catch((err: Error) => options.logger.error({ err: { name: err.name, message: err.message } }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport.close();
    },
  };
}
