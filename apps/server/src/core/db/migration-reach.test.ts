import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';
import { readNotificationSettings } from '@tribes/shared';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const statements = (file: string) => readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint');

describe('migration 0012_reach', () => {
  it("rewrites the first round's boolean switches in the per-channel shape, as the app reads them", async () => {
    const db = new PGlite({ extensions: { pg_trgm } });
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    for (const f of files.filter((x) => x < '0012')) for (const s of statements(f)) await db.exec(s);
    const old = { likes: false, villages: true, email: true, retired: true };
    await db.query(
      `insert into users (name, email, notification_settings) values ('old', 'o@x.test', $1), ('none', 'n@x.test', '{}')`,
      [JSON.stringify(old)],
    );
    for (const s of statements(files.find((f) => f.startsWith('0012'))!)) await db.exec(s);
    const rows = (
      await db.query<{ name: string; s: Record<string, unknown> }>(
        'select name, notification_settings as s from users order by name',
      )
    ).rows;
    const migrated = rows.find((r) => r.name === 'old')!.s;
    expect(migrated.likes).toEqual({ in_app: false, email: true, push: false });
    expect(migrated.comments).toEqual({ in_app: true, email: true, push: false });
    expect(migrated.digest).toBe('off');
    expect(migrated).not.toHaveProperty('retired');
    // The migrated row reads as the old row did, for every type the migration knew (a type added
    // since, such as `moderation`, takes its default in a migrated row, and its mail is off).
    const known = Object.keys(migrated).filter((k) => typeof migrated[k] === 'object' && migrated[k] !== null);
    expect(known.length).toBeGreaterThan(5);
    const onlyKnown = (settings: ReturnType<typeof readNotificationSettings>) => ({
      ...settings,
      notifications: Object.fromEntries(known.map((k) => [k, settings.notifications[k as keyof typeof settings.notifications]])),
    });
    expect(onlyKnown(readNotificationSettings(migrated))).toEqual(onlyKnown(readNotificationSettings(old)));
    expect(rows.find((r) => r.name === 'none')!.s).toEqual({});
    await db.close();
  }, 60_000);
});
