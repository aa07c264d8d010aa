/**
 * The auth module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createAuthModule } from './auth.module.js';
export type { AccountOtpPurpose, OtpService } from './otp.service.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { createSessionSource } from './session-source.js';
export type { AccountGate, SecondFactorGate, SignIn, SignInDevice, SignInOutcome } from './sign-in.js';
export type { TokensService } from './tokens.service.js';
export { describeUserAgent } from './user-agent.js';
export { authRoutes, type AuthRoutesDeps } from './auth.routes.js';
