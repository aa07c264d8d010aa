import type { Scenario } from '../lib/scenario.js';
import { bundle } from './bundle.js';
import { donationsPglite, donationsPostgres } from './donations.js';
import { feedPglite, feedPostgres } from './feed.js';
import { hello } from './hello.js';
import { lighthouseScenario } from './lighthouse.js';
import { login } from './login.js';
import { pageBytes } from './page-bytes.js';
import { realtimeFanout, realtimeIdle } from './realtime.js';
import { searchPostgres } from './search.js';
import { me } from './me.js';
import { messages } from './messages.js';
import { queuePglite, queuePostgres } from './queue.js';
import { soak } from './soak.js';
import { start } from './start.js';
import { walk } from './walk.js';

/** Every scenario, in running order. The first, hello, is the baseline of every ratio. */
export const SCENARIOS: Scenario[] = [
  hello,
  me,
  login,
  feedPglite,
  feedPostgres,
  searchPostgres,
  donationsPglite,
  donationsPostgres,
  realtimeFanout,
  realtimeIdle,
  messages,
  queuePglite,
  queuePostgres,
  start,
  bundle,
  lighthouseScenario,
  pageBytes,
  walk,
  soak,
];
