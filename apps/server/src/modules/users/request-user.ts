import type { UserRow } from './users.repo.js';

/*
 * The signed-in user of a request (`req.auth.user`) is the full users row the tokens service
 * answers: core/auth-guard.ts knows only its id, this widens it by declaration merging, so core
 * imports no module.
 */
declare module '#src/core/auth-guard.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: AuthUser is a UserRow
  interface AuthUser extends UserRow {}
}
