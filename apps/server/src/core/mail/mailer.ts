import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/jobs.js';
import { seal, unseal } from '../seal.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Printed to the console by the dev mailbox only (e.g. the code), never logged. */
  devHint?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of a notification mail). */
  headers?: Record<string, string>;
  /** Not sent before this time (a member's quiet hours); honoured when the job queue runs. */
  notBefore?: Date;
}

export interface Mailer {
  /**
   * Sends in the background: the caller's answer does not wait on the mail server (and so reveals
   * nothing by its timing). With the job queue running, the mail becomes a durable `mail` job sent
   * by a worker with retries and back-off (a refusal is retried; a mail that still fails is kept as
   * a failed job); without it (JOBS_ENABLED=false), it is sent in-process once.
   */
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
  /** The durable queue mail goes through when it runs. */
  jobs?: Jobs;
  /** Seconds before the first retry of a refused mail (doubled each time, with jitter). */
  retryDelaySeconds?: number;
  /** Seals each queued mail: a job row then holds no readable code, link or address (the app secret). */
  appSecret: string;
  /** Called once for each mail that failed for good (its last try refused, or its only try in-process). */
  onFailedForGood?: () => void;
}

/** A queued mail as the job table keeps it: sealed under the app secret (core/seal.ts). */
interface SealedMail {
  sealed: string;
}
const MAIL_CONTEXT = 'mail';

/** Tries after the first: with a 15 s start doubling, the 8th retry comes about an hour after the first try (DESIGN 10.3). */
export const MAIL_RETRY_LIMIT = 8;
export const MAIL_QUEUE = 'mail';

/**
 * How long one try may wait on the SMTP server, in milliseconds. Nodemailer's own limits (2 minutes to
 * connect, 10 minutes of silence) would let a server that takes the connection and then says nothing
 * hold a queue worker, and the mails fetched with it, for most of a job's expiry (15 minutes), after
 * which pg-boss hands them out again while this try may still succeed: a mail sent twice. A try that
 * times out fails like a refusal and is retried with back-off. The SMTP_URL's query may set other
 * values (`?socketTimeout=120000`).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Real SMTP when SMTP_URL is set, else a dev mailbox of .eml files under DATA_DIR/mailbox. */
export function createMailer(options: MailerOptions): Mailer {
  const mailboxDir = path.join(options.dataDir, 'mailbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = (await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    })) as { message?: Buffer };
    if (!options.smtpUrl && info.message) {
      mkdirSync(mailboxDir, { recursive: true });
      const file = path.join(mailboxDir, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(file, info.message);
      // The dev mailbox exists so that `npm start` needs no mail server: show the newcomer where the mail went.
      console.log(`[dev mailbox] ${message.to}: ${message.devHint ?? message.subject} (${file})`);
    }
  }

  const { jobs } = options;
  if (jobs?.enabled) {
    jobs.define<SealedMail>(MAIL_QUEUE, {
      // A mail queued before mail was sealed (an upgrade with jobs waiting) is sent as it stands.
      handler: (job) =>
        send(
          'sealed' in job
            ? (JSON.parse(unseal(options.appSecret, job.sealed, MAIL_CONTEXT)) as MailMessage)
            : (job as unknown as MailMessage),
        ),
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelaySeconds: options.retryDelaySeconds ?? 15,
      retryBackoff: true,
      onFailedForGood: options.onFailedForGood,
    });
  }

  return {
    send,
    enqueue(message) {
      // Only the error's name and message are logged: never the message (it may hold a code).
      const logFailure = (what: string) => (err: Error) =>
        options.logger.error({ err: { name: err.name, message: err.message } }, what);
      // Sent in-process, a mail has one try: its failure is final.
      const lost = (err: Error) => {
        logFailure('mail delivery failed')(err);
        options.onFailedForGood?.();
      };
      const p = (
        jobs?.running
          ? jobs
              .send<SealedMail>(
                MAIL_QUEUE,
                { sealed: seal(options.appSecret, JSON.stringify({ ...message, notBefore: undefined }), MAIL_CONTEXT) },
                message.notBefore ? { startAfter: message.notBefore } : undefined,
              )
              .then(
                () => undefined,
                // The queue is the database: if it cannot take the mail, one direct try is better than none.
                (err: Error) => {
                  logFailure('mail could not be queued; sending it directly')(err);
                  return send(message).catch(lost);
                },
              )
          : send(message).catch(lost)
      ).finally(() => pending.delete(p));
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
