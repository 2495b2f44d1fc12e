/**
 * `implement` is checked by the compiler (`pnpm typecheck` runs over this file): the lines marked
 * `@ts-expect-error` must stay errors, so a domain with a handler missing, a handler the domain does
 * not have, or a caller typed looser or stricter than its endpoint's `auth` stops compiling here.
 */
import type { contract } from '@companion/sdk/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Caller, IdentityClaims } from './context.js';
import { type HandlerInput, implement } from './implement.js';

const ok = { ok: true as const };

describe('implement', () => {
  it('takes one handler per endpoint of the domain, typed by its auth', () => {
    expectTypeOf<HandlerInput<typeof contract.promo.redeem>['caller']>().toEqualTypeOf<Caller>();
    expectTypeOf<HandlerInput<typeof contract.auth.exchange>['caller']>().toEqualTypeOf<Caller | null>();
    expectTypeOf<HandlerInput<typeof contract.auth.signin>['identity']>().toEqualTypeOf<IdentityClaims>();
    expectTypeOf<HandlerInput<typeof contract.system.ping>>().not.toHaveProperty('caller');
    expectTypeOf<HandlerInput<typeof contract.system.ping>>().not.toHaveProperty('identity');

    const routes = implement('tags', {
      list: async ({ caller }) => ({ tags: [{ id: caller.user.id, name: 'n', color: null }] }),
      rename: async () => {
        throw new Error('not called');
      },
      delete: async () => ok,
      searchNotes: async () => ({ results: [] }),
    });
    expect(routes.domain).toBe('tags');
    expect(Object.keys(routes.handlers)).toEqual(['list', 'rename', 'delete', 'searchNotes']);
  });

  it('refuses a missing handler, an unknown one and a caller the endpoint does not have', () => {
    // @ts-expect-error searchNotes is missing
    implement('tags', {
      list: async () => ({ tags: [] }),
      rename: async () => ({}) as never,
      delete: async () => ok,
    });

    implement('promo', {
      redeem: async () => ({}) as never,
      // @ts-expect-error the promo domain has no `list`
      list: async () => ok,
    });

    implement('system', {
      // @ts-expect-error a public endpoint has no caller
      ping: async ({ caller }) => ({ pong: true as const, time: String(caller) }),
      health: async () => ({}) as never,
      formats: async () => ({ formats: [] }),
    });

    implement('auth', {
      signin: async () => ({}) as never,
      login: async () => ({}) as never,
      createExchangeCode: async () => ({}) as never,
      streamingToken: async () => ({}) as never,
      logout: async () => ok,
      logoutAll: async () => ({ ok: true, revoked: 0 }),
      // @ts-expect-error an optional endpoint's caller may be null
      exchange: async ({ caller }) => ({ token: caller.sessionId }) as never,
    });
  });
});
