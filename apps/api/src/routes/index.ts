import type { Domain } from '@companion/sdk/contract';
import type { DomainRoutes } from '../http/implement.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { accountRoutes } from './account.js';
import { authRoutes } from './auth.js';
import { cardRoutes } from './cards.js';
import { collectionRoutes } from './collection.js';
import { deckRoutes } from './decks.js';
import { friendRoutes } from './friends.js';
import { gameRoutes } from './games.js';
import { listRoutes } from './lists.js';
import { playgroupRoutes } from './playgroups.js';
import { promoRoutes } from './promo.js';
import { setRoutes } from './sets.js';
import { systemRoutes } from './system.js';
import { tagRoutes } from './tags.js';
import { userRoutes } from './user.js';

/** One route module per domain of the contract; a domain without its module does not compile. */
const DOMAINS: { [D in Domain]: (s: AppServices) => DomainRoutes<D> } = {
  system: systemRoutes,
  auth: authRoutes,
  user: userRoutes,
  account: accountRoutes,
  friends: friendRoutes,
  playgroups: playgroupRoutes,
  games: gameRoutes,
  sets: setRoutes,
  tags: tagRoutes,
  decks: deckRoutes,
  promo: promoRoutes,
  cards: cardRoutes,
  collection: collectionRoutes,
  lists: listRoutes,
};

/** Registers every endpoint of the contract, domain by domain. */
export function registerRoutes(r: Registrar, s: AppServices): void {
  for (const routes of Object.values(DOMAINS)) r.register(routes(s));
}
