import { accountRules } from './rules-account.js';
import { adminRules } from './rules-admin.js';
import { authRules } from './rules-auth.js';
import { exportsRules } from './rules-exports.js';
import { learningRules } from './rules-learning.js';
import { moderationRules } from './rules-moderation.js';
import { moneyRules } from './rules-money.js';
import { postsRules } from './rules-posts.js';
import { searchRules } from './rules-search.js';
import { treasuryRules } from './rules-treasury.js';
import { tribesRules } from './rules-tribes.js';
import type { Rules } from './types.js';

/** The access rules of every endpoint of the contract, by its key (`<module>.<name>`), area by area. */
export const RULES: Rules = {
  ...authRules,
  ...accountRules,
  ...tribesRules,
  ...postsRules,
  ...moneyRules,
  ...treasuryRules,
  ...learningRules,
  ...exportsRules,
  ...adminRules,
  ...moderationRules,
  ...searchRules,
};
