// @vitest-environment node
import { describe, expect, it } from 'vitest';
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
    const language = createLanguageStore();
    language.init();
    expect(language.getState()).toEqual({ language: 'en', initialized: false });
  });
});
