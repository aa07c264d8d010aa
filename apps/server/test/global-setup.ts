import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** For the PostgreSQL project: one real server for the run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('pgUrl', server.url);
  return async () => server.stop();
}
