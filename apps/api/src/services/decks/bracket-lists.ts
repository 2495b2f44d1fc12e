/**
 * The curated lists behind the bracket estimate (services/decks/bracket.ts), kept in the repository
 * so that a change is reviewed like code. Names are Scryfall's English card names (both faces of a
 * split card with " // "). Sources: the Commander bracket definitions (Wizards of the Coast, 2025)
 * for what counts as mass land denial, and well-known two-card combos; both lists are short on
 * purpose: a card missing here only lowers the estimate, it never makes the check fail.
 */

/**
 * Cards that destroy, exile or bounce all or most lands, or keep them from untapping or from making
 * the mana they should (none below bracket 4).
 */
export const MASS_LAND_DENIAL: readonly string[] = [
  'Apocalypse',
  'Armageddon',
  'Back to Basics',
  'Blood Moon',
  'Boom // Bust',
  'Burning of Xinye',
  'Cataclysm',
  'Catastrophe',
  'Death Cloud',
  'Decree of Annihilation',
  'Desolation Angel',
  'Destructive Force',
  'Devastation',
  'Epicenter',
  'Fall of the Thran',
  'Global Ruin',
  'Hokori, Dust Drinker',
  'Impending Disaster',
  'Jokulhaups',
  'Keldon Firebombers',
  'Magus of the Moon',
  'Myojin of Infinite Rage',
  'Numot, the Devastator',
  'Obliterate',
  'Ravages of War',
  'Rising Waters',
  'Ruination',
  'Static Orb',
  'Sunder',
  'Tectonic Break',
  'Thoughts of Ruin',
  'Upheaval',
  'Wildfire',
  'Winter Orb',
  'Worldfire',
];

/**
 * Two cards that together win the game or loop without end, needing little else. `early`: cheap
 * enough to assemble in the first turns (none below bracket 4); the others allow bracket 3 (late-game
 * combos), not 1–2.
 */
export const TWO_CARD_COMBOS: ReadonlyArray<{ cards: readonly [string, string]; early: boolean }> = [
  { cards: ["Thassa's Oracle", 'Demonic Consultation'], early: true },
  { cards: ["Thassa's Oracle", 'Tainted Pact'], early: true },
  { cards: ['Laboratory Maniac', 'Demonic Consultation'], early: true },
  { cards: ['Jace, Wielder of Mysteries', 'Demonic Consultation'], early: true },
  { cards: ['Isochron Scepter', 'Dramatic Reversal'], early: true },
  { cards: ['Heliod, Sun-Crowned', 'Walking Ballista'], early: true },
  { cards: ['Grim Monolith', 'Power Artifact'], early: true },
  { cards: ['Basalt Monolith', 'Power Artifact'], early: true },
  { cards: ['Basalt Monolith', 'Rings of Brighthearth'], early: true },
  { cards: ['Kinnan, Bonder Prodigy', 'Basalt Monolith'], early: true },
  { cards: ["Painter's Servant", 'Grindstone'], early: true },
  { cards: ['Food Chain', 'Squee, the Immortal'], early: true },
  { cards: ['Food Chain', 'Eternal Scourge'], early: true },
  { cards: ['Godo, Bandit Warlord', 'Helm of the Host'], early: true },
  { cards: ['Auriok Salvagers', "Lion's Eye Diamond"], early: true },
  { cards: ['Devoted Druid', 'Vizier of Remedies'], early: true },
  { cards: ['Worldgorger Dragon', 'Animate Dead'], early: true },
  { cards: ['Kiki-Jiki, Mirror Breaker', 'Zealous Conscripts'], early: false },
  { cards: ['Kiki-Jiki, Mirror Breaker', 'Pestermite'], early: false },
  { cards: ['Kiki-Jiki, Mirror Breaker', 'Deceiver Exarch'], early: false },
  { cards: ['Splinter Twin', 'Pestermite'], early: false },
  { cards: ['Splinter Twin', 'Deceiver Exarch'], early: false },
  { cards: ['Dualcaster Mage', 'Twinflame'], early: false },
  { cards: ['Dualcaster Mage', 'Heat Shimmer'], early: false },
  { cards: ['Exquisite Blood', 'Sanguine Bond'], early: false },
  { cards: ['Exquisite Blood', 'Vito, Thorn of the Dusk Rose'], early: false },
  { cards: ['Mikaeus, the Unhallowed', 'Triskelion'], early: false },
  { cards: ['Mikaeus, the Unhallowed', 'Walking Ballista'], early: false },
  { cards: ['Niv-Mizzet, Parun', 'Curiosity'], early: false },
  { cards: ['Niv-Mizzet, the Firemind', 'Curiosity'], early: false },
  { cards: ['Deadeye Navigator', 'Peregrine Drake'], early: false },
  { cards: ['Deadeye Navigator', 'Palinchron'], early: false },
  { cards: ['Saheeli Rai', 'Felidar Guardian'], early: false },
  { cards: ['Bloodchief Ascension', 'Mindcrank'], early: false },
  { cards: ['Duskmantle Guildmage', 'Mindcrank'], early: false },
  { cards: ['Professor Onyx', 'Chain of Smog'], early: false },
  { cards: ['Freed from the Real', 'Bloom Tender'], early: false },
  { cards: ['Pili-Pala', 'Grand Architect'], early: false },
];
