import type { Tx } from '#src/core/db/client.js';
import type { EventRow, EventsRepo } from './events.repo.js';

/**
 * Moves people from the waiting line of one date to going while their party fits, first in line first (a
 * party that does not fit keeps the line: nobody jumps it). Runs in the transaction that freed the place,
 * with the event's row locked. Answers who was moved, to be told after the commit.
 */
export async function promoteWaiting(repo: EventsRepo, event: EventRow, occurrence: Date, at: Date, tx: Tx): Promise<string[]> {
  if (event.status !== 'scheduled') return [];
  let going = await repo.goingCount(event.id, occurrence, tx);
  const promoted: string[] = [];
  for (const waiting of await repo.waitlist(event.id, occurrence, tx)) {
    const party = 1 + waiting.guests;
    if (event.capacity !== null && going + party > event.capacity) break;
    await repo.promote(event.id, occurrence, waiting.userId, at, tx);
    going += party;
    promoted.push(waiting.userId);
  }
  return promoted;
}
