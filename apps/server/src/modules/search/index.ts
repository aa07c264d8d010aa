/**
 * The search module's public surface (DESIGN 11.5): search over people, posts and tribes (events join
 * through `extraSearchers`), and translation of posts and comments. What is not exported here is internal.
 */
export { createSearchModule } from './search.module.js';
export { searchRoutes, type SearchRoutesDeps } from './search.routes.js';
export type { KindSearcher, SearchService } from './search.service.js';
export type { TranslationService } from './translation.service.js';
export type { TranslationProvider } from './translation.providers.js';
