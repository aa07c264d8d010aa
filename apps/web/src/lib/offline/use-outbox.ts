import { useStore } from '../external-store';
import { useSession } from '../session/session-store';
import { outboxStore } from './outbox';
import type { OutboxItem, OutboxKind } from './outbox-types';

type ItemOf<K extends OutboxKind> = Extract<OutboxItem, { kind: K }>;

/** The signed-in member's waiting writes of one kind that `match` keeps, oldest first. */
export function useOutboxItems<K extends OutboxKind>(kind: K, match: (item: ItemOf<K>) => boolean = () => true): ItemOf<K>[] {
  const items = useStore(outboxStore);
  const me = useSession().userData?.id;
  return items.filter((i): i is ItemOf<K> => i.kind === kind && i.user_id === me && match(i as ItemOf<K>));
}
