import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badCells, contractEndpoints, sendRow } from '#test/access-matrix/run.js';
import { RULES } from '#test/access-matrix/rules.js';
import { ROLES } from '#test/access-matrix/types.js';
import { buildWorld, type World } from '#test/access-matrix/world.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

/**
 * The access matrix (issue 35, point 8): every endpoint of the contract, called as each role — tribe
 * A's leader, moderator, member, banned and pending members, another tribe's leader, an outsider and
 * anonymous — on tribe A's objects, answers the class of outcome its rule in `access-matrix/rules-*.ts`
 * expects (allowed, or refused with exactly 401, 403 or 404). An endpoint without a rule fails here,
 * and so does a rule for an endpoint the contract no longer has.
 *
 * `MATRIX_DUMP=/tmp/matrix.txt` writes every cell's status, one endpoint a line, for a reader.
 */

const ENDPOINTS = contractEndpoints();

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' } });
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

describe('the access matrix', () => {
  it('has rules for every endpoint of the contract, and none for an endpoint it no longer has', () => {
    const missing = [...ENDPOINTS.keys()].filter((k) => !RULES[k]).map((k) => `no rules for endpoint ${k}`);
    const stale = Object.keys(RULES)
      .filter((k) => !ENDPOINTS.has(k))
      .map((k) => `rules for ${k}, which the contract no longer has`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it('gives every rule an outcome for every role, and 401 to anonymous wherever the contract asks for a user', () => {
    const problems: string[] = [];
    for (const [key, rule] of Object.entries(RULES)) {
      for (const role of ROLES) if (rule.expect[role] === undefined) problems.push(`${key}: no outcome for ${role}`);
      const e = ENDPOINTS.get(key);
      if (e?.auth === 'user' && rule.expect.anonymous !== 401) problems.push(`${key}: anonymous must be 401 (auth user)`);
      if (rule.tolerate?.length && !rule.reason) problems.push(`${key}: tolerates ${rule.tolerate.join(', ')} without a reason`);
    }
    expect(problems).toEqual([]);
  });

  describe.each([...ENDPOINTS.keys()])('%s', (key) => {
    const e = ENDPOINTS.get(key)!;
    it(`${e.method} ${e.path} answers each role as its rule says`, async () => {
      const rule = RULES[key];
      if (!rule) throw new Error(`no rules for endpoint ${key}: add them to test/access-matrix/rules-*.ts`);
      const answers = await sendRow(w, e, rule);
      if (process.env.MATRIX_DUMP)
        appendFileSync(
          process.env.MATRIX_DUMP,
          `${key} ${answers.map((a) => `${a.role}${a.foreign ? '*' : ''}=${a.status}`).join(' ')}\n`,
        );
      const bad = badCells(answers, rule);
      expect(bad, `${key} (${e.method} ${e.path})`).toEqual([]);
    });
  });
});
