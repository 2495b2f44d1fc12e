import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { registerAuthRoutes } from './auth.js';
import { registerCardRoutes } from './cards.js';
import { registerCollectionRoutes } from './collection.js';
import { registerDeckRoutes } from './decks.js';
import { registerFriendRoutes } from './friends.js';
import { registerGameRoutes } from './games.js';
import { registerListRoutes } from './lists.js';
import { registerPlaygroupRoutes } from './playgroups.js';
import { registerPromoRoutes } from './promo.js';
import { registerSetRoutes } from './sets.js';
import { registerSystemRoutes } from './system.js';
import { registerTagRoutes } from './tags.js';
import { registerUserRoutes, registerUserSocialRoutes } from './user.js';

/** One module per contract domain. */
export function registerRoutes(r: Registrar, s: AppServices): void {
  registerSystemRoutes(r, s);
  registerAuthRoutes(r, s);
  registerUserRoutes(r, s);
  registerCardRoutes(r, s);
  registerListRoutes(r, s);
  registerCollectionRoutes(r, s);
  registerDeckRoutes(r, s);
  registerUserSocialRoutes(r, s);
  registerFriendRoutes(r, s);
  registerPlaygroupRoutes(r, s);
  registerGameRoutes(r, s);
  registerSetRoutes(r, s);
  registerTagRoutes(r, s);
  registerPromoRoutes(r, s);
}
