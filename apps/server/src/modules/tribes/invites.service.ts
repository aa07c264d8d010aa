import { randomBytes } from 'node:crypto';
import type { CreatedInvite, CreateInviteBody, InvitePreview } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Transact } from '#src/core/db/transaction.js';
import { fieldError, forbidden, HttpError, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { UserRow, UserAccounts } from '../users/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { InviteRow, InvitesRepo } from './invites.repo.js';
import { canModerate } from './tribe-roles.js';
import type { MemberRow, TribeRow, TribesRepo } from './tribes.repo.js';

interface Deps {
  transact: Transact;
  invites: InvitesRepo;
  tribes: TribesRepo;
  users: Pick<UserAccounts, 'findById' | 'update'>;
  storage: Pick<Storage, 'url'>;
  clock: Clock;
  /** The web app's origin: invite links point at its /invite/{code} page. */
  publicUrl: URL;
  /** The tribe's leaders are told of a member who came in by a link (issue 37.8). */
  notifications?: Pick<NotificationsService, 'notifyMany'>;
}

/** 410 in the envelope: the invite existed but can no longer be used. */
const gone = () => new HttpError(410, 'invites.gone');

/** Usable: not revoked, not expired, uses left. */
export const isUsable = (invite: InviteRow, now: Date) =>
  !invite.revokedAt && (!invite.expiresAt || invite.expiresAt > now) && (invite.maxUses === null || invite.uses < invite.maxUses);

/** Invite links of a tribe: made by its leaders and moderators, previewed by anyone, accepted by signed-in users. */
export function createInvitesService({ transact, invites, tribes, users, storage, clock, publicUrl, notifications }: Deps) {
  const urlOf = (code: string) => new URL(`/invite/${encodeURIComponent(code)}`, publicUrl).href;

  /** The invite and its tribe, 404 when the code is unknown, 410 when no longer usable. */
  async function usable(code: string): Promise<{ invite: InviteRow; tribe: TribeRow }> {
    const invite = await invites.find(code);
    if (!invite) throw notFound();
    const tribe = await tribes.findByRef(invite.tribeId);
    if (!tribe) throw notFound();
    if (!isUsable(invite, clock.now())) throw gone();
    return { invite, tribe };
  }

  return {
    urlOf,

    async create(ref: string, user: UserRow, body: CreateInviteBody): Promise<CreatedInvite> {
      const tribe = await tribes.findByRef(ref);
      if (!tribe) throw notFound();
      if (!canModerate(await tribes.membership(tribe.id, user.id))) throw forbidden();
      const now = clock.now();
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      if (expiresAt && expiresAt <= now) throw fieldError('expires_at', 'validation.date_future');
      // 72 random bits in 12 URL-safe characters: not guessable, short enough to read out.
      const code = randomBytes(9).toString('base64url');
      const row = await invites.insert({
        code,
        tribeId: tribe.id,
        createdBy: user.id,
        maxUses: body.max_uses ?? null,
        expiresAt,
        createdAt: now,
      });
      return {
        code: row.code,
        url: urlOf(row.code),
        max_uses: row.maxUses,
        uses: row.uses,
        expires_at: row.expiresAt?.toISOString() ?? null,
      };
    },

    /** What the link shows before anyone signs in. */
    async preview(code: string): Promise<InvitePreview> {
      const { invite, tribe } = await usable(code);
      return {
        code: invite.code,
        tribe: {
          id: tribe.id,
          slug: tribe.slug,
          name: tribe.name,
          description: tribe.description,
          visibility: tribe.visibility as InvitePreview['tribe']['visibility'],
          member_count: tribe.memberCount,
          logo_url: tribe.logoKey ? storage.url(tribe.logoKey) : null,
          cover_url: tribe.coverKey ? storage.url(tribe.coverKey) : null,
        },
        expires_at: invite.expiresAt?.toISOString() ?? null,
      };
    },

    /**
     * Joins the invite's tribe as an active member (the link stands for the leaders' approval, so a
     * request tribe's pending request becomes active too) and counts one use in the same
     * transaction; a banned member is refused, an active member stays as they are and uses nothing.
     * A user without a primary tribe gets this one.
     */
    async accept(code: string, user: UserRow): Promise<{ tribe: TribeRow; membership: MemberRow }> {
      const { tribe } = await usable(code);
      let joined = false;
      const membership = await transact(async (tx) => {
        await tribes.lockTribe(tribe.id, tx);
        const existing = await tribes.membership(tribe.id, user.id, tx);
        if (existing?.status === 'banned') throw new HttpError(403, 'tribes.banned');
        if (existing?.status === 'active') return existing;
        joined = true;
        const now = clock.now();
        if (!(await invites.use(code, now, tx))) throw gone();
        const row = existing
          ? await tribes.updateMembership(tribe.id, user.id, { status: 'active', updatedAt: now }, tx)
          : await tribes.insertMembership(
              { tribeId: tribe.id, userId: user.id, role: 'member', status: 'active', joinedAt: now, updatedAt: now },
              tx,
            );
        await tribes.recount(tribe.id, tx);
        return row;
      });
      if (joined && notifications) {
        const leaders = await tribes.activeIdsOfRoles(tribe.id, ['leader']);
        await notifications.notifyMany(leaders, 'member_joined', user, {
          type: 'tribe',
          id: tribe.id,
          title: tribe.name,
          tribe_id: tribe.id,
        });
      }
      // Read from the database: the request's user may be a cached minute-old copy.
      const fresh = (await users.findById(user.id)) ?? user;
      // A member who had chosen a role and no tribe yet has now done onboarding's tribe step: it is not asked again.
      const completes = fresh.lastStep === 'role-selection-completed';
      if (!fresh.primaryTribeId || completes) {
        await users.update(user.id, {
          ...(fresh.primaryTribeId ? {} : { primaryTribeId: tribe.id }),
          ...(completes ? { lastStep: 'tribe-selection-completed' } : {}),
          updatedAt: clock.now(),
        });
      }
      return { tribe: (await tribes.findByRef(tribe.id))!, membership };
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
