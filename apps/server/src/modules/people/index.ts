/**
 * The people module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createPeopleModule } from './people.module.js';
export { createBlockSource } from './blocks.js';
export type { PeopleService } from './people.service.js';
export { peopleRoutes, type PeopleRoutesDeps } from './people.routes.js';
