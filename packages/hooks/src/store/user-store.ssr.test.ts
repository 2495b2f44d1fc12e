// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { persistUserQueries, readUserQueries } from '../persist/user-queries.js';
import { createQueryClient } from '../query-client.js';
import { hasStoredSession, readSessionSnapshot, SIGNED_OUT } from '../session/snapshot.js';
import { createLanguageStore } from './language-store.js';
import { createUserStore } from './user-store.js';

describe('server rendering', () => {
  it('neither reads nor writes storage, and start-up work does nothing', () => {
    expect(typeof window).toBe('undefined');
    const store = createUserStore();
    store.hydrate();
    store.setProviderToken('google', 'g');
    expect(store.getState()).toMatchObject({ googleToken: 'g', hydrated: false });
    expect(store.listen()).toBeTypeOf('function');
    const queryClient = createQueryClient();
    expect(persistUserQueries(queryClient)).toBeTypeOf('function');
    expect(readUserQueries(queryClient).user).toBeNull();
    expect(readSessionSnapshot()).toBe(SIGNED_OUT);
    expect(hasStoredSession()).toBe(false);
    const language = createLanguageStore();
    language.init('fr');
    expect(language.getState()).toEqual({ language: 'en', initialized: false });
  });
});
