import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server in the test process: the app sends through nodemailer, tests read what arrived. */
export async function startMailSink() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const address of to) {
            messages.push({
              to: address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };

  const forAddress = (to: string) => messages.filter((m) => m.to === to.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    forAddress,
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
