import type { Measurement } from './load.js';

/** Shared defaults: short runs, so the whole suite stays quick. */
export const DEFAULTS = {
  durationSec: 10,
  warmupSec: 2,
  /** For cheap reads. */
  readConnections: 50,
} as const;

/** One benchmark: boots what it needs, measures, tears down. Scenarios run one after another. */
export interface Scenario {
  /** The CLI name: `npm run bench -- <name>`. */
  name: string;
  description: string;
  /** Runs only when named (`npm run bench -- soak`), never as part of "every scenario": it takes minutes. */
  onlyWhenNamed?: boolean;
  run(): Promise<Measurement>;
}
