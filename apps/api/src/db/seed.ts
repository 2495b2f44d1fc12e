import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { formats, subformats } from './schema.js';

interface FormatSeed {
  id: string;
  name: string;
  description: string;
  commander?: boolean;
  hasBrackets?: boolean;
  legalityKey: string | null;
  minPlayers: number;
  maxPlayers: number;
  subformats?: Array<{ id: string; name: string; description: string }>;
}

/** Formats and subformats every installation starts with. */
export const FORMATS: FormatSeed[] = [
  {
    id: 'commander',
    name: 'Commander',
    description: 'Multiplayer, 100-card singleton decks led by a legendary commander.',
    commander: true,
    hasBrackets: true,
    legalityKey: 'commander',
    minPlayers: 2,
    maxPlayers: 6,
    subformats: [
      {
        id: 'commander-b1',
        name: 'Bracket 1 — Exhibition',
        description: 'Theme first; winning is secondary.',
      },
      { id: 'commander-b2', name: 'Bracket 2 — Core', description: 'Precon level; no Game Changers.' },
      { id: 'commander-b3', name: 'Bracket 3 — Upgraded', description: 'Up to three Game Changers.' },
      {
        id: 'commander-b4',
        name: 'Bracket 4 — Optimized',
        description: 'No restrictions beyond the banned list.',
      },
      { id: 'commander-b5', name: 'Bracket 5 — cEDH', description: 'Competitive, metagame-driven.' },
    ],
  },
  {
    id: 'cedh',
    name: 'cEDH',
    description: 'Competitive Commander.',
    commander: true,
    hasBrackets: false,
    legalityKey: 'commander',
    minPlayers: 2,
    maxPlayers: 4,
  },
  {
    id: 'duel-commander',
    name: 'Duel Commander',
    description: 'One-on-one Commander with 20 life.',
    commander: true,
    legalityKey: 'duel',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'standard',
    name: 'Standard',
    description: 'Recent sets.',
    legalityKey: 'standard',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'pioneer',
    name: 'Pioneer',
    description: 'Return to Ravnica onwards.',
    legalityKey: 'pioneer',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'modern',
    name: 'Modern',
    description: 'Eighth Edition onwards.',
    legalityKey: 'modern',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'legacy',
    name: 'Legacy',
    description: 'Every set, with a banned list.',
    legalityKey: 'legacy',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'vintage',
    name: 'Vintage',
    description: 'Every set, with restrictions.',
    legalityKey: 'vintage',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'pauper',
    name: 'Pauper',
    description: 'Commons only.',
    legalityKey: 'pauper',
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    id: 'brawl',
    name: 'Brawl',
    description:
      "100-card singleton with a commander, from the cards on MTG Arena (Scryfall's brawl legality).",
    commander: true,
    legalityKey: 'brawl',
    minPlayers: 2,
    maxPlayers: 4,
  },
  {
    id: 'oathbreaker',
    name: 'Oathbreaker',
    description: '60-card singleton led by a planeswalker and a signature spell.',
    commander: true,
    legalityKey: 'oathbreaker',
    minPlayers: 2,
    maxPlayers: 6,
  },
  {
    id: 'limited',
    name: 'Limited',
    description: 'Decks built from packs opened at the table.',
    legalityKey: null,
    minPlayers: 2,
    maxPlayers: 8,
    subformats: [
      { id: 'limited-draft', name: 'Draft', description: 'Booster draft.' },
      { id: 'limited-sealed', name: 'Sealed', description: 'Sealed deck.' },
      { id: 'limited-cube', name: 'Cube', description: 'Cube draft.' },
    ],
  },
  {
    id: 'casual',
    name: 'Casual',
    description: 'Anything goes: kitchen table, house rules.',
    legalityKey: null,
    minPlayers: 2,
    maxPlayers: 8,
  },
];

/** Inserts or updates the seeded formats (idempotent, run at start). */
export async function seedFormats(db: Db): Promise<void> {
  const formatRows = FORMATS.map((f, i) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    commander: f.commander ?? false,
    hasBrackets: f.hasBrackets ?? false,
    legalityKey: f.legalityKey,
    minPlayers: f.minPlayers,
    maxPlayers: f.maxPlayers,
    sort: i,
  }));
  const subRows = FORMATS.flatMap((f) =>
    (f.subformats ?? []).map((s, i) => ({ ...s, formatId: f.id, sort: i })),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(formats)
      .values(formatRows)
      .onConflictDoUpdate({
        target: formats.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          commander: sql`excluded.commander`,
          hasBrackets: sql`excluded.has_brackets`,
          legalityKey: sql`excluded.legality_key`,
          minPlayers: sql`excluded.min_players`,
          maxPlayers: sql`excluded.max_players`,
          sort: sql`excluded.sort`,
        },
      });
    if (subRows.length) {
      await tx
        .insert(subformats)
        .values(subRows)
        .onConflictDoUpdate({
          target: subformats.id,
          set: { name: sql`excluded.name`, description: sql`excluded.description`, sort: sql`excluded.sort` },
        });
    }
  });
}
