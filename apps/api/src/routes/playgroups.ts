import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import type { PlaygroupDeps } from '../services/playgroups/access.js';
import { playgroupGames } from '../services/playgroups/games.js';
import {
  createPlaygroup,
  deletePlaygroup,
  getPlaygroup,
  setPicture,
  updatePlaygroup,
} from '../services/playgroups/groups.js';
import {
  acceptInvitation,
  demote,
  invite,
  leave,
  promote,
  removeMember,
  transferOwnership,
} from '../services/playgroups/members.js';

/** Playgroups: members and roles, invitations, the group's games and leaderboard. */
export function playgroupRoutes(s: AppServices) {
  const deps: PlaygroupDeps = { db: s.db, users: s.users };
  const ok = { ok: true as const };

  return implement('playgroups', {
    get: async ({ caller: { user }, params }) => ({
      playgroup: await getPlaygroup(deps, user, params.id),
    }),
    create: async ({ caller: { user }, body }) => ({ playgroup: await createPlaygroup(deps, user, body) }),
    update: async ({ caller: { user }, params, body }) => ({
      playgroup: await updatePlaygroup(deps, user, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await deletePlaygroup(deps, user, params.id);
      return ok;
    },
    uploadPicture: async ({ caller: { user }, params, body }) => ({
      playgroup: await setPicture(deps, user, params.id, body.buffer),
    }),
    leave: async ({ caller: { user }, params }) => {
      await leave(deps, user, params.id);
      return ok;
    },
    accept: async ({ caller: { user }, params }) => ({
      playgroup: await acceptInvitation(deps, user, params.id),
    }),
    invite: async ({ caller: { user }, params, body }) => ({
      playgroup: await invite(deps, user, params.id, body.id),
    }),
    removeMember: async ({ caller: { user }, params }) => ({
      playgroup: await removeMember(deps, user, params.id, params.userId),
    }),
    promote: async ({ caller: { user }, params }) => ({
      playgroup: await promote(deps, user, params.id, params.userId),
    }),
    demote: async ({ caller: { user }, params }) => ({
      playgroup: await demote(deps, user, params.id, params.userId),
    }),
    transferOwnership: async ({ caller: { user }, params }) => ({
      playgroup: await transferOwnership(deps, user, params.id, params.userId),
    }),
    games: async ({ caller: { user }, params, query }) => playgroupGames(deps, user, params.id, query),
  });
}
