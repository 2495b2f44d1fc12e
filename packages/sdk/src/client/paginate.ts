/**
 * Auto-pagination over cursor-paged calls (`GET /games`, `GET /playgroup/:id/games`), in the manner
 * of stripe-node: a `for await` loop walks every item, fetching the next page only when the loop
 * reaches the end of the current one.
 *
 * ```ts
 * for await (const game of paginate(client.games.list, { query: { formatid: 'commander' } }, 'games')) {
 *   if (game.turns && game.turns > 12) break; // stops fetching
 * }
 * const recent = await paginate(client.games.list, {}, 'games').toArray({ limit: 500 });
 * ```
 */
import { LIMITS } from '../contract/limits.js';
import type { CallOptions } from './types.js';

/** What a cursor-paged call answers: its items under some key, and the next page's cursor. */
export interface CursorPageResult {
  nextCursor: string | null;
}

/** The arguments of a cursor-paged call (`params` as the call needs, `query.cursor` set by the pager). */
export type PagedArgs =
  | { query?: { cursor?: string | undefined; limit?: number | undefined } | undefined }
  | undefined;

/** A cursor-paged client function, such as `client.games.list`. */
export type CursorPagedCall<A extends PagedArgs, R extends CursorPageResult> = (
  args: A,
  options?: CallOptions,
) => Promise<R>;

/** Keys of a page that hold its items (arrays). */
type ItemKey<R> = { [K in keyof R]-?: R[K] extends readonly unknown[] ? K : never }[keyof R];
/** The type of the items a page holds under `K`. */
export type ItemOf<R, K extends keyof R> = R[K] extends readonly (infer T)[] ? T : never;

/** Items of every page, fetched on demand; `toArray` collects them up to a limit. */
export interface AutoPager<T> extends AsyncIterable<T> {
  /**
   * The first `limit` items (fewer when the list ends first). The limit is required so a long
   * history is never loaded by accident (as stripe-node's `autoPagingToArray`).
   */
  toArray(options: { limit: number }): Promise<T[]>;
}

/** The most `toArray` collects, whatever its limit. */
export const MAX_AUTO_PAGED_ITEMS = 10_000;

/**
 * Every page of a cursor-paged call, starting from `args` (its `query.cursor` if any). Stops after
 * the page whose `nextCursor` is null; throws if the server hands the same cursor twice (which
 * would loop forever).
 */
export async function* pages<A extends PagedArgs, R extends CursorPageResult>(
  call: CursorPagedCall<A, R>,
  args: A,
  options?: CallOptions,
): AsyncGenerator<R, void, undefined> {
  let cursor = args?.query?.cursor;
  const seen = new Set<string>();
  for (;;) {
    const query = { ...args?.query, ...(cursor === undefined ? {} : { cursor }) };
    const page = await call({ ...args, query } as A, options);
    yield page;
    if (page.nextCursor === null) return;
    if (seen.has(page.nextCursor)) throw new Error('The server repeated a paging cursor: stopping.');
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/**
 * Every item of a cursor-paged call: `key` names the page's array (`'games'`). Pages are fetched
 * as the iteration reaches them; breaking out of the loop fetches nothing more.
 */
export function paginate<A extends PagedArgs, R extends CursorPageResult, K extends ItemKey<R>>(
  call: CursorPagedCall<A, R>,
  args: A,
  key: K,
  options?: CallOptions,
): AutoPager<ItemOf<R, K>> {
  async function* items(from: A = args): AsyncGenerator<ItemOf<R, K>, void, undefined> {
    for await (const page of pages(call, from, options)) {
      yield* page[key] as unknown as readonly ItemOf<R, K>[];
    }
  }
  return {
    [Symbol.asyncIterator]: items,
    async toArray({ limit }) {
      if (!Number.isInteger(limit) || limit < 0 || limit > MAX_AUTO_PAGED_ITEMS)
        throw new RangeError(`toArray's limit is an integer from 0 to ${MAX_AUTO_PAGED_ITEMS}`);
      const out: ItemOf<R, K>[] = [];
      if (limit === 0) return out;
      // Without a page size of its own, ask for pages as large as the limit needs (capped).
      const query = { limit: Math.min(limit, LIMITS.pageSize.max), ...args?.query };
      for await (const item of items({ ...args, query } as A)) {
        out.push(item);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
