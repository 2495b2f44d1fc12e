/**
 * Every size and range the API accepts, in one module without zod. The zod schemas read their
 * `min`/`max` from here, the server's services and the forms (`maxLength`, `min`, `max`) too, so a
 * limit changes in one place. `pnpm lint` and the SDK's tests fail when a limit is written as a
 * literal in a schema or a form (`scripts/check-single-source.mjs`).
 *
 * Text sizes are in UTF-16 code units (what `String.length` and `maxLength` count).
 */
export const LIMITS = {
  // ---- identifiers and sign-in ----
  /** Opaque identifiers in paths and bodies. */
  id: { min: 1, max: 64 },
  /** A session token as issued. */
  sessionToken: { min: 20 },
  /** A push-notification device token. */
  fcmToken: { max: 4096 },
  /** The one-time code of the mobile sign-in exchange. */
  mobileCode: { min: 8, max: 256 },
  /** An app origin in the mobile sign-in exchange. */
  origin: { min: 1, max: 512 },
  /** A deck's share token: 16 random bytes in base64url (a link's last segment). */
  shareToken: { min: 22, max: 22 },
  /** A promotion code. */
  promoCode: { min: 4, max: 64 },
  /** A friend code (letters and digits, no look-alikes). */
  friendCode: { min: 4, max: 12 },
  /**
   * An email sign-up's password: the identity service's default minimum (its project policy may ask
   * for more; the sign-in flow checks that policy).
   */
  password: { min: 6 },
  /** What a player types to confirm deleting their account (their email: at most 320 characters). */
  deleteConfirmation: { min: 1, max: 320 },

  // ---- people ----
  firstname: { min: 1, max: 50 },
  username: { min: 3, max: 24 },
  /** An uploaded profile or playgroup picture, in bytes (PICTURE_TYPES; resized by the server). */
  pictureBytes: { max: 5 * 1024 * 1024 },
  /** Largest picture the server decodes, in pixels (width × height). */
  picturePixels: { max: 24_000_000 },

  // ---- cards ----
  cardName: { min: 1, max: 200 },
  setCode: { min: 2, max: 8 },
  collectorNumber: { min: 1, max: 16 },
  cardLanguage: { min: 2, max: 4 },
  /** A Scryfall-syntax search. */
  searchQuery: { min: 1, max: 500 },
  /** Text typed into a card-name field, for name suggestions. */
  autocompleteQuery: { min: 2, max: 200 },
  /** Names one autocomplete call answers. */
  autocompleteNames: { max: 20 },
  /** Names one "did you mean" call answers. */
  similarNames: { max: 8 },
  /** A plain name filter. */
  nameFilter: { max: 200 },
  /** Items per page of any paged call (`default` when the call does not say). */
  pageSize: { min: 1, max: 200, default: 50 },
  /** An opaque paging cursor (`cursor`, from a page's `nextCursor`), in characters. */
  cursor: { max: 200 },

  // ---- decks ----
  deckName: { min: 1, max: 120 },
  deckDescription: { max: 20_000 },
  /** Skipped lines an import report lists one by one (all are counted). */
  importSkippedShown: { max: 500 },
  /** A player's category of a deck line ("Ramp", "Removal"). */
  deckCategory: { min: 1, max: 40 },
  /** Copies of one card on one board, and on one decklist line. */
  deckQuantity: { min: 1, max: 999 },
  /** Distinct card rows in one deck. */
  deckCards: { max: 1000 },
  /** Changes in one `POST /deck/:id/cards` call. */
  deckChanges: { min: 1, max: 100 },
  /** A pasted decklist, in characters (a 1,000-row deck with set codes is about 50,000). */
  decklist: { max: 100_000 },
  /** Commander bracket. */
  bracket: { min: 1, max: 5 },

  // ---- lists and imports ----
  listName: { min: 1, max: 80 },
  /** Copies of one printing in one list entry. */
  listQuantity: { min: 1, max: 10_000 },
  /** Cards in one add, remove, move or update call. */
  listBatch: { min: 1, max: 5000 },
  /** An imported file's text, in characters. */
  importContent: { min: 1, max: 20_000_000 },
  filename: { max: 255 },
  /** One line of a decklist, in characters (the longest card name with its set and number is under 200). */
  formatLine: { max: 1000 },
  /** One cell of an imported CSV, in characters. */
  formatCell: { max: 1000 },

  // ---- games, sets, tags and notes ----
  guestName: { min: 1, max: 50 },
  seat: { min: 1, max: 12 },
  playersPerGame: { min: 1, max: 12 },
  turns: { min: 0, max: 999 },
  /** A game's duration in minutes. */
  durationMinutes: { min: 0, max: 24 * 60 },
  setName: { min: 1, max: 120 },
  gamesPerSet: { max: 200 },
  tagName: { min: 1, max: 40 },
  tagsPerTarget: { min: 1, max: 20 },
  note: { max: 20_000 },
  noteSearch: { min: 1, max: 200 },

  // ---- playgroups ----
  playgroupName: { min: 1, max: 80 },
  playgroupDescription: { max: 2000 },

  // ---- live overlay ----
  livePlayerName: { min: 1, max: 40 },
  livePlayers: { min: 1, max: 6 },
  liveLife: { min: -999, max: 9999 },
  livePoison: { min: 0, max: 99 },
  liveCommanderDamage: { min: 0, max: 999 },
  liveCommanderSources: { max: 10 },
  liveCommanders: { max: 2 },
  liveText: { min: 1, max: 280 },
  liveSpotlightSeconds: { min: 1, max: 600 },
  /** A timer's elapsed milliseconds (one week). */
  liveTimerMs: { min: 0, max: 7 * 24 * 3600 * 1000 },
  liveFrameId: { min: 8, max: 64 },
  /** A session or streaming token in the live channel's first frame. */
  liveToken: { max: 200 },
  liveUri: { max: 2048 },
  liveManaCost: { max: 100 },
  liveTypeLine: { max: 200 },
} as const satisfies Record<string, { min?: number; max?: number; default?: number }>;

export type LimitName = keyof typeof LIMITS;
