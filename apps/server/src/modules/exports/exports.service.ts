import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DATA_EXPORT_INTERVAL_HOURS,
  DATA_EXPORT_LINK_DAYS,
  isLocale,
  translate,
  type DataExport,
  type DataExportCreated,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { conflict, HttpError, notFound } from '#src/core/errors.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { dataExportMail } from '#src/core/mail/templates.js';
import { PRIVATE_PREFIX, type Storage } from '#src/core/storage.js';
import type { UserAccounts, UserRow } from '../users/index.js';
import type { PersonalDataSource } from './exports.ports.js';
import { presentExport } from './exports.presenter.js';
import type { DataExportRow, ExportsRepo } from './exports.repo.js';
import { buildZip, mergeSections } from './exports.zip.js';

/** The queue of export builds (one job per export, its data only the export's id). */
export const DATA_EXPORT_QUEUE = 'data-export';
/** The hourly sweep that deletes the files of exports past their link's end. */
export const EXPIRE_EXPORTS_QUEUE = 'expire-data-exports';

const DAY_MS = 24 * 3600 * 1000;

interface Deps {
  repo: ExportsRepo;
  sources: PersonalDataSource[];
  users: Pick<UserAccounts, 'findById'>;
  storage: Storage;
  mailer: Pick<Mailer, 'enqueue'>;
  jobs: Pick<Jobs, 'running' | 'send'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  appSecret: string;
  publicUrl: URL;
}

/** The member's data export (DESIGN 11.2): request, follow, build (the job), download by signed link. */
export function createExportsService({ repo, sources, users, storage, mailer, jobs, clock, logger, appSecret, publicUrl }: Deps) {
  const pending = new Set<Promise<void>>();

  // The link's signature binds the export and its end: neither can be changed without the app secret.
  const sign = (id: string, exp: number) => createHmac('sha256', appSecret).update(`data-export:${id}:${exp}`).digest('hex');
  const expSeconds = (row: DataExportRow) => Math.floor(row.expiresAt!.getTime() / 1000);
  const downloadUrl = (row: DataExportRow) => {
    const exp = expSeconds(row);
    const url = new URL(`/api/v1/exports/${row.id}/download`, publicUrl);
    url.searchParams.set('exp', String(exp));
    url.searchParams.set('sig', sign(row.id, exp));
    return url.href;
  };

  /** Gathers every source's share, the media files, zips, stores privately, marks ready and mails the link. */
  async function build(exportId: string): Promise<void> {
    const row = await repo.find(exportId);
    // Gone with its account, or already built by an earlier try: nothing to do.
    if (!row || row.status === 'ready' || row.status === 'expired') return;
    try {
      const user = await users.findById(row.userId);
      if (!user) return;
      const parts = await Promise.all(sources.map((s) => s.collect(user.id)));
      const media = new Map<string, Uint8Array>();
      for (const key of new Set(parts.flatMap((p) => p.media ?? []))) {
        // A file missing from the store (deleted by hand, a failed upload) leaves its record without it.
        const bytes = await storage.read(key).catch(() => null);
        if (bytes) media.set(key, bytes);
      }
      const now = clock.now();
      const locale = isLocale(user.locale) ? user.locale : 'en';
      const readme = translate(locale, 'exports.readme', { date: now.toISOString().slice(0, 10) });
      const zip = buildZip(readme, mergeSections(parts), media);
      const storageKey = `${PRIVATE_PREFIX}exports/${row.userId}/${row.id}.zip`;
      await storage.put(storageKey, zip, 'application/zip');
      const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
      await repo.markReady(row.id, { storageKey, sizeBytes: zip.length, readyAt: now, expiresAt });
      if (user.email) {
        const mail = dataExportMail(locale, user.name, downloadUrl({ ...row, expiresAt }), expiresAt);
        mailer.enqueue({ to: user.email, ...mail });
      }
    } catch (err) {
      // A retry (the queue's) may still build it; until then the member may ask again.
      await repo.setStatus(row.id, 'failed').catch(() => undefined);
      throw err;
    }
  }

  return {
    /** POST /v1/me/export: one a day (409 export_too_soon), built by the job queue or, without it, in the background. */
    async request(user: UserRow): Promise<DataExportCreated> {
      const now = clock.now();
      const since = new Date(now.getTime() - DATA_EXPORT_INTERVAL_HOURS * 3600 * 1000);
      const row = await repo.createUnlessRecent(user.id, since, now);
      if (!row) throw conflict('export_too_soon', 'exports.too_soon');
      if (jobs.running) {
        await jobs.send(DATA_EXPORT_QUEUE, { export_id: row.id });
      } else {
        // Without the queue (JOBS_ENABLED=false): one try now, never failing the request.
        const p = build(row.id)
          .catch((err: Error) => logger.error({ err: { name: err.name, message: err.message } }, 'data export failed'))
          .finally(() => pending.delete(p));
        pending.add(p);
      }
      return { id: row.id };
    },

    /** GET /v1/me/exports/{id}: the owner's only; anyone else's is 404. */
    async get(user: UserRow, id: string): Promise<DataExport> {
      const row = await repo.find(id);
      if (!row || row.userId !== user.id) throw notFound();
      return presentExport(row, clock.now(), downloadUrl);
    },

    /**
     * The signed link: 403 when the signature does not match the export and its end, 410 when the
     * link is past its end or the file is gone. The signature is compared in constant time.
     */
    async download(id: string, exp: string | undefined, sig: string | undefined): Promise<{ zip: Buffer; filename: string }> {
      const expNum = Number(exp);
      const given = Buffer.from(sig && /^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
      const expected = Buffer.from(Number.isSafeInteger(expNum) ? sign(id, expNum) : '', 'hex');
      if (given.length !== 32 || expected.length !== 32 || !timingSafeEqual(given, expected)) {
        throw new HttpError(403, 'exports.link_invalid', {}, undefined, {}, 'link_invalid');
      }
      const gone = () => new HttpError(410, 'exports.link_expired', {}, undefined, {}, 'link_expired');
      if (expNum * 1000 <= clock.now().getTime()) throw gone();
      const row = await repo.find(id);
      if (!row || row.status !== 'ready' || !row.storageKey) throw gone();
      const zip = await storage.read(row.storageKey).catch(() => null);
      if (!zip) throw gone();
      return { zip, filename: `tribes-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /** The job's work: builds one export. */
    build,

    /** Deletes the files of exports past their link's end (hourly, by the job queue). */
    async expireOld(): Promise<number> {
      const rows = await repo.expiredReady(clock.now());
      for (const row of rows) {
        if (row.storageKey) await storage.delete(row.storageKey);
        await repo.setStatus(row.id, 'expired');
      }
      return rows.length;
    },

    /** Deletes a leaving member's ZIPs (the users module's AccountFiles port); their rows go with the account. */
    async forgetUser(userId: string): Promise<void> {
      for (const key of await repo.filesOf(userId)) await storage.delete(key);
    },

    /** Resolves when every export built in-process (no job queue) has finished. */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
