import * as shared from '@tribes/shared';
import type { EndpointDef } from '@tribes/shared';
import { bearer, newKey } from '../factories.js';
import { ROLES, type Cell, type Outcome, type Req, type Role, type Rule } from './types.js';
import type { World } from './world.js';

/** Every endpoint of the contract, keyed `<module>.<name>` (`tribesEndpoints.update` → `tribes.update`). */
export function contractEndpoints(source: Record<string, unknown> = shared): Map<string, EndpointDef> {
  const out = new Map<string, EndpointDef>();
  for (const [group, value] of Object.entries(source)) {
    if (!group.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    for (const [name, e] of Object.entries(value as Record<string, EndpointDef>)) {
      out.set(`${group.slice(0, -'Endpoints'.length)}.${name}`, e);
    }
  }
  return out;
}

/** The URL of a request: the path's `{param}`s filled from `req.params`, then the query. */
export function urlOf(e: EndpointDef, req: Req): string {
  if (req.url) return req.url;
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = req.params?.[name];
    if (v === undefined) throw new Error(`no value for {${name}} of ${e.path}`);
    return encodeURIComponent(v);
  });
  const prefix = e.path.startsWith('/broadcasting') ? '' : '/api';
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return `${prefix}${path}${query}`;
}

/** Statuses that say the caller reached the endpoint's work and the object's state answered. */
const STATE_ANSWERS = new Set([409, 410, 422]);

/** Whether a status is of the class the cell expects. */
export function matches(expected: Outcome, status: number, rule: Rule): boolean {
  if (expected === 'allow' || expected === 'self')
    return (status >= 200 && status < 400) || STATE_ANSWERS.has(status) || (rule.tolerate ?? []).includes(status);
  return status === expected;
}

/** One answered cell. */
export interface Answer {
  role: Role;
  foreign: boolean;
  expected: Outcome;
  status: number;
  body: string;
  /** The answer carried the rule's secret. */
  shown: boolean;
}

/** Sends one cell: builds its request (making what it needs) as the role, or as a fresh stand-in. */
export async function sendCell(w: World, e: EndpointDef, rule: Rule, role: Role, foreign = false): Promise<Answer> {
  const me = role === 'anonymous' ? null : rule.standIn && !foreign ? await w.standIn(role) : w.actors[role];
  const cell: Cell = { w, role, me };
  // Anonymous has nothing of its own: it asks for the other person's object, where there is one.
  const build = foreign || (role === 'anonymous' && rule.foreign) ? rule.foreign!.request : rule.request;
  const req: Req = build ? await build(cell) : {};
  const headers: Record<string, string> = {
    ...(me ? bearer(me.token) : {}),
    ...(e.idempotencyKey === true ? { 'idempotency-key': newKey() } : {}),
    ...req.form?.headers,
    ...req.headers,
  };
  const payload = req.form
    ? req.form.payload
    : req.body !== undefined
      ? (req.body as object)
      : e.body && !e.multipart
        ? {}
        : undefined;
  const res = await w.t.app.inject({
    method: e.method,
    url: urlOf(e, req),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  const expected = foreign ? rule.foreign!.status : rule.expect[role]!;
  const shown = !foreign && !!rule.secret && res.body.includes(rule.secret.text(w));
  return { role, foreign, expected, status: res.statusCode, body: res.body.slice(0, 200), shown };
}

/**
 * Every cell of an endpoint, denials first and the allowed roles last (so an allowed act changes
 * nothing a denial is checked against), then the `foreign` checks.
 */
export async function sendRow(w: World, e: EndpointDef, rule: Rule): Promise<Answer[]> {
  const denied = (r: Role) => typeof rule.expect[r] === 'number';
  const order = [...ROLES.filter(denied), ...ROLES.filter((r) => !denied(r))];
  const answers: Answer[] = [];
  for (const role of order) answers.push(await sendCell(w, e, rule, role));
  if (rule.foreign) for (const role of ROLES) if (role !== 'anonymous') answers.push(await sendCell(w, e, rule, role, true));
  return answers;
}

/** The cells whose answer is not of the expected class, one line each. */
export function badCells(answers: Answer[], rule: Rule): string[] {
  const wrong = answers
    .filter((a) => !matches(a.expected, a.status, rule))
    .map(
      (a) => `${a.role}${a.foreign ? ' (on another person’s object)' : ''}: expected ${a.expected}, got ${a.status} ${a.body}`,
    );
  const from = rule.secret?.from ?? [];
  const leaks = answers
    .filter((a) => a.shown && from.includes(a.role))
    .map((a) => `${a.role}: the answer (${a.status}) shows what is kept from this role`);
  // The probe must find the secret where it belongs, or its absence elsewhere proves nothing.
  const vacuous = rule.secret && !answers.some((a) => a.shown && !from.includes(a.role));
  return [...wrong, ...leaks, ...(vacuous ? ['the secret shows to no role at all: the probe proves nothing'] : [])];
}
