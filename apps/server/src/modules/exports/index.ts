/**
 * The data export module's public surface (DESIGN 11.2): other modules, the composition, core,
 * realtime, the seed and tests outside this folder import only this file. What is not exported here
 * is internal. Modules that hold member data implement `PersonalDataSource` (see exports.ports.ts).
 */
export { createExportsModule } from './exports.module.js';
export type { PersonalDataPart, PersonalDataSource } from './exports.ports.js';
export { exportsRoutes, type ExportsRoutesDeps } from './exports.routes.js';
export { DATA_EXPORT_QUEUE, EXPIRE_EXPORTS_QUEUE, type ExportsService } from './exports.service.js';
