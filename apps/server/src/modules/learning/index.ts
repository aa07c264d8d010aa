/**
 * The learning module's public surface: other modules, the composition, core, realtime, the seed and
 * tests outside this folder import only this file (issue 38.2). What is not exported here is internal.
 */
export { createLearning } from './learning.module.js';
export { learningRoutes, type LearningRoutesDeps } from './learning.routes.js';
export { createLearningPersonalData } from './personal-data.repo.js';
