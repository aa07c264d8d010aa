import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

describe('createMetrics', () => {
  it('answers a scrape without the job series when the queue cannot be read, and says so', async () => {
    const errors: unknown[] = [];
    const failing = createMetrics({
      realtimeConnections: () => 3,
      jobStates: () => Promise.reject(new Error('connection refused')),
      onCollectError: (err) => errors.push(err),
    });
    const text = await failing.registry.metrics();
    expect(text).toContain('tribes_realtime_connections 3');
    expect(text).not.toMatch(/^tribes_jobs\{/m);
    expect(errors).toHaveLength(1);
  });

  it('does not wait on a queue that never answers', async () => {
    const errors: unknown[] = [];
    const hanging = createMetrics({
      realtimeConnections: () => 0,
      jobStates: () => new Promise(() => undefined),
      onCollectError: (err) => errors.push(err),
      jobStatesTimeoutMs: 50,
    });
    expect(await hanging.registry.metrics()).toContain('# TYPE tribes_jobs gauge');
    expect(String(errors[0])).toContain('no answer within 50 ms');
  });

  it('keeps each app its own registry: two apps in one process do not collide', async () => {
    const sources = { realtimeConnections: () => 0, jobStates: async () => [], onCollectError: () => undefined };
    const a = createMetrics(sources);
    const b = createMetrics(sources);
    a.mailFailed.inc();
    expect(await a.registry.metrics()).toContain('tribes_mail_failed_total 1');
    expect(await b.registry.metrics()).toContain('tribes_mail_failed_total 0');
  });
});
