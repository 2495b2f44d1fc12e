import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import * as sets from '../services/sets.js';
import { registerAnnotationRoutes } from './tags.js';
import { signedIn } from './user.js';

export function registerSetRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.sets.get, async ({ caller, params }) => ({
    set: await sets.getSet(s, signedIn(caller).user.id, params.id),
  }));
  r.route(contract.sets.create, async ({ caller, body }) => ({
    set: await sets.createSet(s, signedIn(caller).user, body),
  }));
  r.route(contract.sets.update, async ({ caller, params, body }) => ({
    set: await sets.updateSet(s, signedIn(caller).user, params.id, body),
  }));
  r.route(contract.sets.delete, async ({ caller, params }) => {
    await sets.deleteSet(s, signedIn(caller).user, params.id);
    return { ok: true as const };
  });
  registerAnnotationRoutes(r, s, 'set', contract.sets, (viewerId, id) => sets.visibleSet(s.db, viewerId, id));
}
