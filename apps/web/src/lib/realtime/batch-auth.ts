import { CHANNEL_AUTH_BATCH_MAX, type ChannelAuth } from '@tribes/shared';

/** What pusher-js hands a custom channel authoriser, and the callback it waits on. */
export interface ChannelAuthAsk {
  socketId: string;
  channelName: string;
}
export type ChannelAuthCallback = (error: Error | null, data: ChannelAuth | null) => void;

/**
 * pusher-js's `channelAuthorization.customHandler` that joins the channels asked within one task into one
 * POST /broadcasting/auth/batch (issue 42): a page's five channels cost one request, not five in a row on a
 * slow link. Each channel gets its own answer: its signature, or an error when it was refused.
 */
export function batchedChannelAuth(
  endpoint: string,
  headers: () => Record<string, string>,
  send: typeof fetch = (...args) => fetch(...args),
) {
  let pending: { socketId: string; asks: { channelName: string; callback: ChannelAuthCallback }[] } | null = null;

  const flush = async (socketId: string, asks: { channelName: string; callback: ChannelAuthCallback }[]) => {
    for (let at = 0; at < asks.length; at += CHANNEL_AUTH_BATCH_MAX) {
      const part = asks.slice(at, at + CHANNEL_AUTH_BATCH_MAX);
      try {
        const res = await send(endpoint, {
          method: 'POST',
          headers: { ...headers(), 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ socket_id: socketId, channel_names: [...new Set(part.map((a) => a.channelName))] }),
        });
        if (!res.ok) throw new Error(`channel authorisation answered ${res.status}`);
        const { channels } = (await res.json()) as { channels: Record<string, ChannelAuth | { status: number }> };
        for (const { channelName, callback } of part) {
          const answer = channels[channelName];
          if (answer && 'auth' in answer) callback(null, answer);
          else callback(new Error(`channel authorisation refused ${channelName}`), null);
        }
      } catch (error) {
        for (const { callback } of part) callback(error instanceof Error ? error : new Error(String(error)), null);
      }
    }
  };

  return ({ socketId, channelName }: ChannelAuthAsk, callback: ChannelAuthCallback): void => {
    if (!pending || pending.socketId !== socketId) {
      const batch: NonNullable<typeof pending> = { socketId, asks: [] };
      pending = batch;
      setTimeout(() => {
        if (pending === batch) pending = null;
        void flush(batch.socketId, batch.asks);
      }, 0);
    }
    pending.asks.push({ channelName, callback });
  };
}
