import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines as sent, by lower-case name (e.g. list-unsubscribe). */
  headers: Record<string, string>;
}

export interface MailSinkOptions {
  /** The port to listen on (127.0.0.1); a free one when left out. */
  port?: number;
  /** Refuse the first n messages with a 451 (try again later), as a struggling server does. */
  refuseFirst?: number;
  /** Recipients refused for good with a 550 (no such user), whatever the attempt. */
  refuseRecipient?: (address: string) => boolean;
  /** Mail to these recipients is read but never answered, as by a server that hangs mid-message. */
  holdRecipient?: (address: string) => boolean;
}

/** A real SMTP server in the test process: the app sends through nodemailer, tests read what arrived. */
export async function startMailSink({
  port: listenPort = 0,
  refuseFirst = 0,
  refuseRecipient,
  holdRecipient,
}: MailSinkOptions = {}) {
  const messages: ReceivedMail[] = [];
  let attempts = 0;
  /** Sessions holding a mail unanswered, and how many of them the sender's side closed. */
  const holding = new Set<string>();
  let heldClosed = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // On close, connections still open (a held one) are cut after this, not the default 30 s.
    closeTimeout: 500,
    onClose(session) {
      if (holding.delete(session.id)) heldClosed += 1;
    },
    onRcptTo(address, session, callback) {
      if (refuseRecipient?.(address.address)) return callback(Object.assign(new Error('no such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      if (holdRecipient && session.envelope.rcptTo.some((r) => holdRecipient(r.address))) {
        holding.add(session.id);
        stream.resume();
        return;
      }
      attempts += 1;
      if (attempts <= refuseFirst) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const address of to) {
            messages.push({
              to: address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };

  const forAddress = (to: string) => messages.filter((m) => m.to === to.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    forAddress,
    /** How many messages were offered (DATA), refused ones included, held ones not. */
    attempts: () => attempts,
    /** Mails held unanswered right now (holdRecipient). */
    held: () => holding.size,
    /** Held mails whose sender went away (its connection closed) without an answer. */
    heldClosed: () => heldClosed,
    /** Waits for the n-th mail to an address (1-based), failing after a while. */
    async waitFor(to: string, count = 1, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const list = forAddress(to);
        if (list.length >= count) return list[count - 1]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms (got ${forAddress(to).length})`);
    },
    /** The 6-digit code of the n-th mail to an address. */
    async codeFor(to: string, count = 1): Promise<string> {
      const mail = await this.waitFor(to, count);
      const match = /\b(\d{6})\b/.exec(mail.text);
      if (!match) throw new Error(`no code in mail to ${to}: ${mail.text}`);
      return match[1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>;
