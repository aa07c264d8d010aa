import type { IdentityRepo } from './identity.repo.js';

/** What OpenID Connect sign-in asks of the linked identities (find, link, touch, sign up with one). */
export type IdentityLinks = Pick<IdentityRepo, 'find' | 'touch' | 'insert' | 'createUserWithIdentity'>;
