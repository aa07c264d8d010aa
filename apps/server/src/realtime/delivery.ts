import type { BlockCache } from './blocks.js';
import type { EventMessage } from './bus.js';

/** What delivery needs of a socket: its id, whether it is open, who it is, and a way to send. */
export interface Recipient {
  socketId: string;
  userIds: ReadonlySet<string>;
  isOpen(): boolean;
  sendRaw(frame: string): void;
}

/** A block lookup that has not answered in this time is treated as failed. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Delivery of bus events to this node's subscribers of a channel, leaving out every socket across
 * a block with someone the event involves. An event that needs a lookup waits for it; events
 * behind it on the same channel wait too, so that each channel keeps its order.
 */
export class Delivery {
  /** Per channel, the tail of the deliveries waiting for a block lookup. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly opts: {
      subscribers: (channel: string) => Iterable<Recipient> | undefined;
      blocks?: BlockCache;
      onError: (err: unknown) => void;
    },
  ) {}

  deliver(m: EventMessage): void {
    const waiting = this.pending.get(m.channel);
    if (!waiting && !this.needsBlockCheck(m)) {
      this.sendTo(m, null);
      return;
    }
    const next = (waiting ?? Promise.resolve())
      .then(async () => this.sendTo(m, this.needsBlockCheck(m) ? await this.partnersOf(m.involves ?? []) : null))
      .catch((err: unknown) => {
        // Without the block list nobody identified gets it: missing a live event is better than leaking one.
        this.opts.onError(err);
        this.sendTo(m, 'identified');
      })
      .finally(() => {
        if (this.pending.get(m.channel) === next) this.pending.delete(m.channel);
      });
    this.pending.set(m.channel, next);
  }

  /** Everyone on either side of a block with any of these people. */
  async partnersOf(userIds: Iterable<string>): Promise<ReadonlySet<string>> {
    const blocks = this.opts.blocks;
    const ids = [...userIds].filter((id) => typeof id === 'string');
    if (!blocks || ids.length === 0) return new Set();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('block lookup timed out')), LOOKUP_TIMEOUT_MS);
    });
    try {
      const sets = await Promise.race([Promise.all(ids.map((id) => blocks.partners(id))), timeout]);
      return sets.length === 1 ? sets[0]! : new Set(sets.flatMap((s) => [...s]));
    } finally {
      clearTimeout(timer);
    }
  }

  private needsBlockCheck(m: EventMessage): boolean {
    if (!this.opts.blocks || !m.involves?.length) return false;
    for (const r of this.opts.subscribers(m.channel) ?? []) if (r.userIds.size > 0) return true;
    return false;
  }

  /** Sends to the channel's subscribers, except those `excluded` names (or, with 'identified', every identified socket). */
  private sendTo(m: EventMessage, excluded: ReadonlySet<string> | 'identified' | null): void {
    const subs = this.opts.subscribers(m.channel);
    if (!subs) return;
    const frame = JSON.stringify({
      event: m.event,
      channel: m.channel,
      data: m.data,
      ...(typeof m.userId === 'string' ? { user_id: m.userId } : {}),
    });
    for (const r of subs) {
      if (r.socketId === m.exceptSocketId || !r.isOpen()) continue;
      if (excluded === 'identified' ? r.userIds.size > 0 : excluded && [...r.userIds].some((id) => excluded.has(id))) continue;
      r.sendRaw(frame);
    }
  }
}
