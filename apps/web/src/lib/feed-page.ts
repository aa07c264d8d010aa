import { postsEndpoints } from '@tribes/shared';
import { api } from '../app/api';
import { dataSaverOn } from './data-saver';

/** Posts a list asks for at a time (half as many with the data saver, and so half as many photos). */
export const POST_PAGE_SIZE = 10;

/** A page of the feed after `cursor` (none for the first page): the posts feature's list and the start's early ask share it. */
export async function readFeedPage(cursor: string | undefined, signal: AbortSignal) {
  const limit = dataSaverOn() ? Math.ceil(POST_PAGE_SIZE / 2) : POST_PAGE_SIZE;
  return (await api.call(postsEndpoints.feed, { query: { cursor, limit } }, { signal })).data;
}
