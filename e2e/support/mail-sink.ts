import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  at: number;
}

/**
 * A real SMTP server in the setup process. Test files run in other processes, so each received
 * mail is written as one JSON file into `dir`, which they read.
 */
export async function startMailSink(dir: string) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            const mail: StoredMail = {
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              at: Date.now(),
            };
            // Written aside, then renamed: a test reading the folder never sees half a file.
            const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
            writeFileSync(path.join(dir, `.${name}.tmp`), JSON.stringify(mail));
            renameSync(path.join(dir, `.${name}.tmp`), path.join(dir, name));
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
