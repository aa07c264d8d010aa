import type { TribesRepo } from './tribes.repo.js';

/**
 * What other modules read of tribes (a tribe by id or slug, a member's role, who holds a role) and
 * the one count they keep (villages recount their tribes): the tribes module's port, backed by its
 * repo and handed out by `createTribesModule` as `reads`. Nobody outside tribes sees the repo itself.
 */
export type TribeReads = Pick<TribesRepo, 'findByRef' | 'membership' | 'activeIdsOfRoles' | 'countActiveLeaders' | 'recount'>;
