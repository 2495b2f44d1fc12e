import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import * as pg from '../services/playgroups.js';

/** Playgroups: members and roles, invitations, the group's games and leaderboard. */
export function playgroupRoutes(s: AppServices) {
  const deps: pg.PlaygroupDeps = { db: s.db, users: s.users, dataDir: s.env.dataDir };
  const ok = { ok: true as const };

  return implement('playgroups', {
    get: async ({ caller: { user }, params }) => ({
      playgroup: await pg.getPlaygroup(deps, user, params.id),
    }),
    create: async ({ caller: { user }, body }) => ({ playgroup: await pg.createPlaygroup(deps, user, body) }),
    update: async ({ caller: { user }, params, body }) => ({
      playgroup: await pg.updatePlaygroup(deps, user, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await pg.deletePlaygroup(deps, user, params.id);
      return ok;
    },
    uploadPicture: async ({ caller: { user }, params, body }) => ({
      playgroup: await pg.setPicture(deps, user, params.id, body.buffer),
    }),
    leave: async ({ caller: { user }, params }) => {
      await pg.leave(deps, user, params.id);
      return ok;
    },
    accept: async ({ caller: { user }, params }) => ({
      playgroup: await pg.acceptInvitation(deps, user, params.id),
    }),
    invite: async ({ caller: { user }, params, body }) => ({
      playgroup: await pg.invite(deps, user, params.id, body.id),
    }),
    removeMember: async ({ caller: { user }, params }) => ({
      playgroup: await pg.removeMember(deps, user, params.id, params.userId),
    }),
    promote: async ({ caller: { user }, params }) => ({
      playgroup: await pg.promote(deps, user, params.id, params.userId),
    }),
    demote: async ({ caller: { user }, params }) => ({
      playgroup: await pg.demote(deps, user, params.id, params.userId),
    }),
    transferOwnership: async ({ caller: { user }, params }) => ({
      playgroup: await pg.transferOwnership(deps, user, params.id, params.userId),
    }),
    games: async ({ caller: { user }, params, query }) => pg.playgroupGames(deps, user, params.id, query),
  });
}
