import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../build-test-app.js';
import {
  bearer,
  buyTokens,
  createCampaign,
  createPost,
  createTribe,
  joinTribe,
  newKey,
  signUp,
  signUpLeader,
  signUpOperator,
} from '../factories.js';
import { type Fixtures, type FuzzRequest, sampleRequests } from './generator.js';
import { isDestructive, operationsOf, type Operation } from './operations.js';

/**
 * The world the bad requests land in: a verified leader of a tribe with a post, a comment, a report,
 * a village, a campaign, a course with a lesson and an assessment, tokens and a pending purchase,
 * so that hostile input reaches past the guards into the services and the SQL.
 */
export interface World {
  app: FastifyInstance;
  fixtures: Fixtures;
  leader: { id: string; token: string };
  /** An operator with two-factor on, so hostile input reaches past the guard of /v1/admin/* too. */
  operator: { id: string; token: string };
}

/** Sends one request as the test does, expecting success. */
async function must(
  app: FastifyInstance,
  method: string,
  url: string,
  token: string,
  payload?: object,
): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: method as 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown>;
}

/** Builds the fixtures through the API. */
export async function buildWorld(t: TestApp, appId = '1001'): Promise<World> {
  const { app } = t;
  const leader = await signUpLeader(t);
  const member = await signUp(t);
  const tribe = await createTribe(t, leader.token);
  await joinTribe(t, member.token, tribe.id);
  const post = await createPost(t, leader.token, { tribe_id: tribe.id, visibility: 'tribe' });
  const memberPost = await createPost(t, member.token, { tribe_id: tribe.id, visibility: 'public' });
  const comment = (await must(app, 'POST', `/api/v1/posts/${post.id}/comments`, member.token, { body: 'Nice' })) as {
    comment: { id: string };
  };
  await must(app, 'POST', `/api/v1/posts/${memberPost.id}/report`, leader.token, { reason: 'spam' });
  const reports = (await must(app, 'GET', `/api/v1/tribes/${tribe.id}/reports`, leader.token)) as { items: { id: string }[] };
  const village = (await must(app, 'POST', `/api/v1/tribes/${tribe.id}/villages`, leader.token, {
    name: 'Fuzz village',
    lat: 34,
    lng: -6.8,
  })) as { village: { id: string } };
  await buyTokens(t, leader.token, 1000);
  const purchase = await app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchases',
    payload: { tokens: 100 },
    headers: { ...bearer(leader.token), 'idempotency-key': newKey() },
  });
  const campaign = await createCampaign(t, leader.token, tribe.id);
  const course = (await must(app, 'POST', `/api/v1/tribes/${tribe.id}/courses`, leader.token, {
    title: 'Fuzz course',
    status: 'published',
  })) as { course: { id: string } };
  const lesson = (await must(app, 'POST', `/api/v1/courses/${course.course.id}/lessons`, leader.token, { title: 'One' })) as {
    lesson: { id: string };
  };
  const assessment = (await must(app, 'POST', `/api/v1/courses/${course.course.id}/assessments`, leader.token, {
    title: 'Quiz',
    questions: [{ kind: 'true_false', prompt: 'Water is wet', correct: true }],
  })) as { assessment: { id: string } };
  const conversation = (await must(app, 'POST', '/api/v1/conversations', leader.token, { member_ids: [member.user.id] })) as {
    conversation: { id: string };
  };
  const message = (await must(app, 'POST', `/api/v1/conversations/${conversation.conversation.id}/messages`, member.token, {
    body: 'Hello',
  })) as { message: { id: string } };
  const start = new Date(t.clock.now().getTime() + 3 * 86_400_000);
  const event = (await must(app, 'POST', `/api/v1/tribes/${tribe.id}/events`, leader.token, {
    title: 'Fuzz gathering',
    description: 'Bring water.',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
    time_zone: 'Africa/Casablanca',
    place: { village_id: village.village.id },
    visibility: 'tribe',
  })) as { event: { id: string } };
  const ids: Record<string, string> = {
    tribes: tribe.id,
    events: event.event.id,
    conversations: conversation.conversation.id,
    messages: message.message.id,
    users: member.user.id,
    members: member.user.id,
    user_id: member.user.id,
    posts: post.id,
    comments: comment.comment.id,
    reports: reports.items[0]?.id ?? '00000000-0000-4000-8000-000000000000',
    villages: village.village.id,
    campaigns: campaign.id,
    courses: course.course.id,
    lessons: lesson.lesson.id,
    assessments: assessment.assessment.id,
    purchases: (purchase.json() as { data: { payment_id: string } }).data.payment_id,
    sandbox: (purchase.json() as { data: { payment_id: string } }).data.payment_id,
    payments: 'sandbox',
    apps: appId,
    channels: `private-tribe.${tribe.id}`,
  };
  const operator = await signUpOperator(t);
  return {
    app,
    fixtures: { ids },
    leader: { id: leader.user.id, token: leader.token },
    operator: { id: operator.user.id, token: operator.token },
  };
}

/** One answer that breaks the contract: a 5xx, a hang, or an error outside the envelope. */
export interface Problem {
  problem: string;
  request: FuzzRequest;
  status?: number;
  body?: string;
}

const API = /^\/(api|broadcasting|apps)\//;

/** What is wrong with an answer, or null when it keeps the contract. */
export function problemOf(req: FuzzRequest, status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `HTTP ${status}`;
  const json = /^application\/json\b/.test(contentType);
  if (status >= 400) {
    if (!json) return `${status} not JSON (${contentType || 'no content-type'})`;
    try {
      const parsed = JSON.parse(body) as { status?: unknown; message?: unknown };
      if (parsed.status !== 'error' || typeof parsed.message !== 'string') return `${status} outside the envelope`;
    } catch {
      return `${status} body is not JSON`;
    }
    return null;
  }
  if (!API.test(req.url)) return null;
  if (!json) return /^(text\/csv|application\/pdf)\b/.test(contentType) ? null : `${status} not JSON (${contentType})`;
  try {
    const parsed = JSON.parse(body) as { status?: unknown };
    // The realtime endpoints answer Pusher's own shapes on success; the API answers the envelope.
    if (req.url.startsWith('/api/') && parsed.status !== 'success' && parsed.status !== 'warning')
      return `${status} outside the envelope`;
  } catch {
    return `${status} body is not JSON`;
  }
  return null;
}

export interface RunResult {
  requests: number;
  problems: Problem[];
  statuses: Record<string, number>;
}

/**
 * Sends each request through app.inject with a per-request time limit and collects every answer
 * that breaks the contract. A sign-out gets a token of its own, so the leader stays signed in.
 */
export async function sendAll(world: World, requests: FuzzRequest[], timeoutMs = 10_000): Promise<RunResult> {
  const result: RunResult = { requests: 0, problems: [], statuses: {} };
  for (const req of requests) {
    const token = req.url.includes('/logout') ? await world.app.ctx.tokens.issue(world.leader.id, 'fuzz') : world.leader.token;
    const auth = req.auth === 'user' ? bearer(token) : req.auth === 'bogus' ? { authorization: 'Bearer not-a-token-%00-ü' } : {};
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => {
      timer = setTimeout(() => resolve('hang'), timeoutMs);
    });
    result.requests += 1;
    try {
      const res = await Promise.race([
        world.app.inject({ method: req.method, url: req.url, headers: { ...req.headers, ...auth }, payload: req.payload }),
        hang,
      ]);
      if (res === 'hang') {
        result.problems.push({ problem: `no answer within ${timeoutMs} ms`, request: req });
        continue;
      }
      const bucket = `${Math.floor(res.statusCode / 100)}xx`;
      result.statuses[bucket] = (result.statuses[bucket] ?? 0) + 1;
      const problem = problemOf(req, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
      if (problem) result.problems.push({ problem, request: req, status: res.statusCode, body: res.body.slice(0, 300) });
    } catch (err) {
      result.problems.push({ problem: `inject threw: ${(err as Error).message}`, request: req });
    } finally {
      clearTimeout(timer);
    }
  }
  return result;
}

/** The OpenAPI document the app serves. */
export async function servedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return operationsOf(res.json());
}

/**
 * `perOperation` generated requests for every operation (seeded by the operation's position, so
 * one operation's requests do not change when another is added), destructive operations last.
 */
export function generate(ops: Operation[], fixtures: Fixtures, perOperation: number, seed: number): FuzzRequest[] {
  const ordered = [...ops.filter((o) => !isDestructive(o)), ...ops.filter(isDestructive)];
  return ordered.flatMap((op) => sampleRequests(op, fixtures, perOperation, seed + ops.indexOf(op)));
}

/** A request in one line, for reports: method, url, headers and the start of the body. */
export function describeRequest(req: FuzzRequest): string {
  const payload = req.payload === undefined ? '' : Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload;
  return `${req.method} ${req.url.slice(0, 300)} [${req.kind}, ${req.auth}] ${JSON.stringify(req.headers)} ${JSON.stringify(payload.slice(0, 300))}`;
}
