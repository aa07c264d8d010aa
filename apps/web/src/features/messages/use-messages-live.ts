import { useQueryClient } from '@tanstack/react-query';
import { ECHO_CHANNELS } from '@tribes/shared';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event';
import { useSession } from '../../lib/session/session-store';
import { applyConversation, applyReadMarker, messageKeys, upsertMessage } from './api';

/**
 * The member's own messages channel (`private-user.{id}`, DESIGN 11.4): new and changed messages go
 * into their threads' caches, read markers move, and the list (with its unread total) is asked again.
 */
export function useMessagesLive(): void {
  const client = useQueryClient();
  const me = useSession().userData?.id;
  const channels = me ? [ECHO_CHANNELS.privateUser(me)] : [];
  useRealtimeEvent(channels, 'message.created', ({ message }) => {
    upsertMessage(client, message);
    void client.invalidateQueries({ queryKey: messageKeys.conversations });
  });
  useRealtimeEvent(channels, 'message.updated', ({ message }) => {
    upsertMessage(client, message);
    void client.invalidateQueries({ queryKey: messageKeys.conversations });
  });
  useRealtimeEvent(channels, 'message.read', ({ read }) => applyReadMarker(client, read));
  useRealtimeEvent(channels, 'conversation.updated', ({ conversation }) => applyConversation(client, conversation));
}
