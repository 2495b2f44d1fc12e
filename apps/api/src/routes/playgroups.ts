import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import * as pg from '../services/playgroups.js';
import { signedIn } from './user.js';

export function registerPlaygroupRoutes(r: Registrar, s: AppServices): void {
  const deps: pg.PlaygroupDeps = { db: s.db, users: s.users, dataDir: s.env.dataDir };
  const ok = { ok: true as const };

  r.route(contract.playgroups.get, async ({ caller, params }) => ({
    playgroup: await pg.getPlaygroup(deps, signedIn(caller).user, params.id),
  }));
  r.route(contract.playgroups.create, async ({ caller, body }) => ({
    playgroup: await pg.createPlaygroup(deps, signedIn(caller).user, body),
  }));
  r.route(contract.playgroups.update, async ({ caller, params, body }) => ({
    playgroup: await pg.updatePlaygroup(deps, signedIn(caller).user, params.id, body),
  }));
  r.route(contract.playgroups.delete, async ({ caller, params }) => {
    await pg.deletePlaygroup(deps, signedIn(caller).user, params.id);
    return ok;
  });
  r.route(contract.playgroups.uploadPicture, async ({ caller, params, body }) => ({
    playgroup: await pg.setPicture(deps, signedIn(caller).user, params.id, body.buffer),
  }));
  r.route(contract.playgroups.leave, async ({ caller, params }) => {
    await pg.leave(deps, signedIn(caller).user, params.id);
    return ok;
  });
  r.route(contract.playgroups.accept, async ({ caller, params }) => ({
    playgroup: await pg.acceptInvitation(deps, signedIn(caller).user, params.id),
  }));
  r.route(contract.playgroups.invite, async ({ caller, params, body }) => ({
    playgroup: await pg.invite(deps, signedIn(caller).user, params.id, body.id),
  }));
  r.route(contract.playgroups.removeMember, async ({ caller, params }) => ({
    playgroup: await pg.removeMember(deps, signedIn(caller).user, params.id, params.userId),
  }));
  r.route(contract.playgroups.promote, async ({ caller, params }) => ({
    playgroup: await pg.promote(deps, signedIn(caller).user, params.id, params.userId),
  }));
  r.route(contract.playgroups.demote, async ({ caller, params }) => ({
    playgroup: await pg.demote(deps, signedIn(caller).user, params.id, params.userId),
  }));
  r.route(contract.playgroups.transferOwnership, async ({ caller, params }) => ({
    playgroup: await pg.transferOwnership(deps, signedIn(caller).user, params.id, params.userId),
  }));
  r.route(contract.playgroups.games, async ({ caller, params, query }) =>
    pg.playgroupGames(deps, signedIn(caller).user, params.id, query),
  );
}
