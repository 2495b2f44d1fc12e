import { sql } from 'drizzle-orm';
import { createFirebaseVerifier, type IdentityVerifier } from '../auth/firebase.js';
import { createSessionStore, type SessionStore } from '../auth/sessions.js';
import type { Database, Db } from '../db/client.js';
import type { Env } from '../env.js';
import { createDeckListCache, type DeckListCache } from './decks/list-cache.js';
import { createParsing, type Parsing } from './parsing.js';
import { createPictureUrls, type PictureUrls } from './pictures.js';
import { createUserService, type UserService } from './users.js';
import { createWriteGate, defaultWriteConcurrency, type WriteGate } from './write-gate.js';

/** Everything a route needs, built once per server. */
export interface AppServices {
  env: Env;
  db: Db;
  database: Database;
  identity: IdentityVerifier;
  sessions: SessionStore;
  users: UserService;
  /** URLs of stored pictures (signed for playgroups) and their check. */
  pictures: PictureUrls;
  /** Deck lists per owner, cached (`GET /user/decks` and friends). */
  deckLists: DeckListCache;
  /** Imports and decklists, parsed off the event loop when large, within a time budget. */
  parsing: Parsing;
  /** Deck saves and list imports take turns here (see write-gate.ts). */
  writes: WriteGate;
  startedAt: number;
  /** Number of printings and sets in the card catalogue. */
  catalogueCounts(): Promise<{ cards: number; sets: number }>;
}

export function createServices(
  env: Env,
  database: Database,
  identity?: IdentityVerifier,
  cacheMs?: number,
): AppServices {
  const db = database.db;
  const verifier = identity ?? createFirebaseVerifier(env);
  const sessions = createSessionStore(db, env.sessionTtlMs, cacheMs);
  const pictures = createPictureUrls(env);
  return {
    env,
    db,
    database,
    identity: verifier,
    sessions,
    pictures,
    users: createUserService(db, env, verifier, pictures, (userId) => sessions.forgetUser(userId)),
    deckLists: createDeckListCache(db, cacheMs),
    parsing: createParsing({ budgetMs: env.parseBudgetMs, threads: env.parseThreads }),
    writes: createWriteGate(env.writeConcurrency ?? defaultWriteConcurrency(database.kind)),
    startedAt: Date.now(),
    async catalogueCounts() {
      // The catalogue tables may not exist on a database migrated before the catalogue was added.
      const result = await db.execute<{ cards: number | null; sets: number | null }>(sql`
        select
          case when to_regclass('cards') is null then 0 else (select count(*)::int from cards) end as cards,
          case when to_regclass('card_sets') is null then 0 else (select count(*)::int from card_sets) end as sets`);
      const row = (result as unknown as { rows: Array<{ cards: number | null; sets: number | null }> })
        .rows[0];
      return { cards: Number(row?.cards ?? 0), sets: Number(row?.sets ?? 0) };
    },
  };
}
