/**
 * The crypto module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createCryptoModule } from './crypto.module.js';
export { cryptoRoutes, type CryptoRoutesDeps } from './crypto.routes.js';
