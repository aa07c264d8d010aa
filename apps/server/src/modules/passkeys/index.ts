/**
 * The passkeys module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export type { AssertionOutcome, PasskeyAssertions } from './assertions.js';
export { createPasskeysModule } from './passkeys.module.js';
export type { UserPasskeys } from './passkeys.ports.js';
export type { PasskeyRow } from './passkeys.repo.js';
export type { AuthenticationResponseJSON } from './webauthn.js';
export { passkeysRoutes, type PasskeysRoutesDeps } from './passkeys.routes.js';
