import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { i18n } from '../../app/i18n';
import { notify } from '../../components/snackbar/notice-store';
import { ApiError } from '../api-client';
import { createStore } from '../external-store';
import { onlineStore } from '../online-status';
import { sessionStore } from '../session/session-store';
import { openOutboxDb, type OutboxDb } from './outbox-db';
import type { OutboxItem, OutboxWrite } from './outbox-types';

/**
 * The offline outbox (issue 17): posts (with photos), comments, text messages (issue 41), likes, lesson completions and quiz
 * attempts written without a connection wait here, on the device, and are sent in order once it is
 * back, each with its Idempotency-Key so nothing is published twice. Money never waits here: a
 * donation is made online or not at all.
 */
export const outboxStore = createStore<OutboxItem[]>([]);

let db: OutboxDb | null = null;
let client: QueryClient | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tribes-outbox');

/** After a send that failed on the network or a busy server: the next try. */
export const OUTBOX_RETRY_MS = 20_000;

const database = () => (db ??= openOutboxDb());
const byAge = (a: OutboxItem, b: OutboxItem) => a.created_at.localeCompare(b.created_at);

async function reload(): Promise<void> {
  outboxStore.set((await database().all()).sort(byAge));
}

/** Shows a stored write (in place of the write `replacing`, if given) and tells the other tabs. */
function show(item: OutboxItem, replacing?: string): void {
  outboxStore.set((items) => [...items.filter((i) => i.id !== item.id && i.id !== replacing), item].sort(byAge));
  channel?.postMessage('changed');
}

async function save(item: OutboxItem): Promise<void> {
  await database().put(item);
  show(item);
}

async function drop(id: string): Promise<void> {
  await database().remove(id);
  outboxStore.set((items) => items.filter((i) => i.id !== id));
  channel?.postMessage('changed');
}

const me = () => sessionStore.get().userData?.id ?? null;

/** Puts a write in the outbox, with a fresh key; a newer like of the same post replaces an older one. */
export async function enqueue(write: OutboxWrite, key: string = crypto.randomUUID()): Promise<OutboxItem> {
  const userId = me();
  if (!userId) throw new Error('outbox: no session');
  if (write.kind === 'like') {
    for (const old of outboxStore.get())
      if (old.kind === 'like' && old.post_id === write.post_id && old.user_id === userId) await drop(old.id);
  }
  // A newer answer to the same date of an event replaces an older one still waiting.
  if (write.kind === 'rsvp') {
    for (const old of outboxStore.get())
      if (
        old.kind === 'rsvp' &&
        old.event_id === write.event_id &&
        old.body.occurrence === write.body.occurrence &&
        old.user_id === userId
      )
        await drop(old.id);
  }
  const item: OutboxItem = {
    ...write,
    id: key,
    user_id: userId,
    created_at: new Date().toISOString(),
    status: 'pending',
    error: null,
    attempts: 0,
  };
  await save(item);
  return item;
}

/** Takes a write out of the outbox before it is sent. */
export const cancelOutboxItem = (id: string) => drop(id);

/**
 * Changes the text of a waiting post or comment. A write the server refused, or one never tried,
 * takes a new key (nothing of it was stored); one whose send may have reached the server keeps it.
 */
export async function editOutboxItem(id: string, body: string): Promise<void> {
  const item = outboxStore.get().find((i) => i.id === id);
  if (!item || (item.kind !== 'post' && item.kind !== 'comment')) return;
  const fresh = item.status === 'failed' || item.attempts === 0;
  const next = {
    ...item,
    body,
    status: 'pending' as const,
    error: null,
    ...(fresh ? { id: crypto.randomUUID(), attempts: 0 } : {}),
  };
  // A fresh key replaces the old write in one transaction: a failure leaves the old write alone, never
  // both (two writes would publish the old text and the new).
  if (fresh) {
    await database().replace(id, next);
    show(next, id);
  } else await save(next);
  void flushOutbox();
}

/** The API call of one write, with its key, without notices (the outbox reports in its own words). */
async function send(item: OutboxItem): Promise<string | null> {
  // The contract (zod and every schema) loads with the first send, not with the app's first load,
  // which starts the outbox on every page.
  const { eventsEndpoints, learningEndpoints, messagesEndpoints, postsEndpoints } = await import('@tribes/shared');
  const options = { headers: { 'Idempotency-Key': item.id }, silent: true };
  switch (item.kind) {
    case 'post': {
      const form = new FormData();
      form.append('body', item.body);
      if (item.tribe_id) form.append('tribe_id', item.tribe_id);
      form.append('visibility', item.visibility);
      for (const photo of item.photos) {
        form.append('alt', photo.alt);
        form.append('images', photo.blob, photo.name);
      }
      await api.call(postsEndpoints.create, { form }, options);
      return null;
    }
    case 'comment':
      await api.call(postsEndpoints.addComment, { params: { id: item.post_id }, body: { body: item.body } }, options);
      return null;
    case 'message':
      await api.call(messagesEndpoints.sendMessage, { params: { id: item.conversation_id }, body: { body: item.body } }, options);
      return null;
    case 'like':
      // Setting or clearing a like is the same however often it is sent.
      await api.call(item.on ? postsEndpoints.like : postsEndpoints.unlike, { params: { id: item.post_id } }, options);
      return null;
    case 'lesson_complete':
      await api.call(learningEndpoints.completeLesson, { params: { id: item.lesson_id } }, options);
      return null;
    case 'attempt': {
      const { data } = await api.call(
        learningEndpoints.attempt,
        { params: { id: item.assessment_id }, body: item.body },
        options,
      );
      return i18n.t(data.attempt.passed ? 'outbox.attemptPassed' : 'outbox.attemptFailed', {
        title: item.title,
        score: data.attempt.score,
      });
    }
    case 'rsvp': {
      // Setting an answer is the same however often it is sent; the key keeps a retried send single.
      const { data } = await api.call(eventsEndpoints.rsvp, { params: { id: item.event_id }, body: item.body }, options);
      return data.status === 'waitlisted' ? i18n.t('outbox.rsvpWaitlisted', { title: item.title }) : null;
    }
  }
}

/** A failure worth trying again later: no answer at all, a timeout, too many requests, the server down. */
const transient = (err: unknown) =>
  !(err instanceof ApiError) || err.status === null || err.status === 408 || err.status === 429 || err.status >= 500;

let flushing: Promise<void> | null = null;

/**
 * Sends the signed-in member's waiting writes, oldest first, one at a time, while the network holds;
 * one tab at a time (Web Locks). What the server refuses stays, marked failed with its reason.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      const run = () => flushOnce();
      if (typeof navigator !== 'undefined' && navigator.locks)
        await navigator.locks.request('tribes-outbox', { ifAvailable: true }, async (lock) => (lock ? run() : undefined));
      else await run();
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function flushOnce(): Promise<void> {
  const userId = me();
  // Signed out, nothing of the outbox is shown or sent (each write waits for its author): the database, and its
  // code, wait for a session (a first /sign-in does not download them, issue 42).
  if (!userId) return;
  await reload();
  if (!onlineStore.get()) return;
  let sent = 0;
  for (const item of outboxStore.get().filter((i) => i.user_id === userId && i.status === 'pending')) {
    const tried = { ...item, attempts: item.attempts + 1 };
    await save(tried);
    try {
      const message = await send(tried);
      await drop(item.id);
      sent += 1;
      if (message) notify(message, 'info');
    } catch (err) {
      if (transient(err)) {
        scheduleRetry();
        break;
      }
      const reason = err instanceof ApiError ? err.message : String(err);
      await save({ ...tried, status: 'failed', error: reason });
      notify(i18n.t('outbox.refused', { reason }), 'error');
    }
  }
  if (sent > 0) {
    notify(i18n.t('outbox.sent', { count: sent }), 'success');
    // Every list may hold what was just published: refetch what is on screen.
    void client?.invalidateQueries();
  }
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushOutbox(), OUTBOX_RETRY_MS);
}

/** What a direct send passes to its call: the write's key, and no "no connection" notice (the outbox says it kept the write). */
export interface DirectOptions {
  headers: { 'Idempotency-Key': string };
  quietNoConnection: true;
}

/**
 * A write that may wait: sent at once when online (with its key, the caller's notices and field
 * errors as usual); put in the outbox when offline, or when the send got no answer at all. Answers
 * what the call answered, or null when the write is waiting in the outbox.
 */
export async function viaOutbox<T>(write: OutboxWrite, direct: (options: DirectOptions) => Promise<T>): Promise<T | null> {
  const key = crypto.randomUUID();
  if (onlineStore.get()) {
    try {
      return await direct({ headers: { 'Idempotency-Key': key }, quietNoConnection: true });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== null) throw err;
    }
  }
  await enqueue(write, key);
  notify(i18n.t('outbox.queued'), 'info');
  if (onlineStore.get()) scheduleRetry();
  return null;
}

/** Starts the outbox (main.tsx): loads what waits on this device and sends it whenever the network returns. */
export function startOutbox(queryClient: QueryClient): void {
  client = queryClient;
  channel?.addEventListener('message', () => void reload());
  onlineStore.subscribe(() => {
    if (onlineStore.get()) void flushOutbox();
  });
  let user = me();
  sessionStore.subscribe(() => {
    if (me() === user) return;
    user = me();
    void flushOutbox();
  });
  void flushOutbox();
}
