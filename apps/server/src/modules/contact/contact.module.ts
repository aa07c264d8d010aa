import type { Db } from '#src/core/db/client.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { createContactRepo } from './contact.repo.js';
import { createContactService } from './contact.service.js';

/** Wires the contact module: messages and feedback kept in its table and mailed to the operator. */
export function createContactModule({ db, mailer, operatorEmail }: { db: Db; mailer: Mailer; operatorEmail: string }) {
  return { contact: createContactService({ repo: createContactRepo(db), mailer, operatorEmail }) };
}
