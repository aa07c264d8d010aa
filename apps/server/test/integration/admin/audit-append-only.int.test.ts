import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The message of a failed statement (drizzle wraps the driver's error in `cause`). */
async function failure(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}

describe('the audit log is append-only in the database itself', () => {
  it('takes new entries but refuses UPDATE, DELETE and TRUNCATE from any code path', async () => {
    const { db } = t.database;
    const id = randomUUID();
    await db
      .insert(adminAuditLog)
      .values({ id, action: 'user.suspend', targetType: 'user', targetId: randomUUID(), reason: 'spam' });

    expect(await failure(() => db.update(adminAuditLog).set({ reason: 'nothing' }).where(eq(adminAuditLog.id, id)))).toContain(
      'the audit log is append-only',
    );
    expect(await failure(() => db.delete(adminAuditLog).where(eq(adminAuditLog.id, id)))).toContain(
      'the audit log is append-only',
    );
    expect(await failure(() => db.execute(sql`truncate admin_audit_log`))).toContain('the audit log is append-only');
    expect(await failure(() => db.execute(sql`delete from admin_audit_log`))).toContain('the audit log is append-only');

    const [row] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, id));
    expect(row).toMatchObject({ id, action: 'user.suspend', reason: 'spam' });
  });
});
