import { describe, expectTypeOf, it } from 'vitest';
import { type CompanionClient, createClient } from '../src/index.js';

// Compile-time checks of the derived client functions (run by `vitest` type-checking and `tsc`).
describe('client types', () => {
  const client: CompanionClient = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', secret: 's' });

  it('lets calls without required arguments omit them', () => {
    expectTypeOf(client.system.ping).parameter(0).toEqualTypeOf<Parameters<typeof client.system.ping>[0]>();
    expectTypeOf(client.user.me).toBeCallableWith();
    expectTypeOf(client.games.list).toBeCallableWith();
    expectTypeOf(client.games.list).toBeCallableWith({ query: { formatid: 'commander' } });
  });

  it('requires path params, bodies and identity tokens', () => {
    expectTypeOf(client.playgroups.get).toBeCallableWith({ params: { id: 'p1' } });
    // Never called: these lines only have to (not) compile.
    const neverCalled = () => {
      // @ts-expect-error params are required
      void client.playgroups.get();
      // @ts-expect-error the identity token is required for sign-in
      void client.auth.signin({ body: { locale: 'en' } });
      // @ts-expect-error bracket must be a number
      void client.decks.setBracket({ params: { id: 'd' }, body: { bracket: 'two' } });
    };
    expectTypeOf(neverCalled).toBeFunction();
    expectTypeOf(client.auth.signin).toBeCallableWith({
      identityToken: 't',
      body: { locale: 'fr', firstname: 'Chandra' },
    });
  });

  it('returns the parsed response type', () => {
    expectTypeOf<Awaited<ReturnType<typeof client.user.decks>>>().toHaveProperty('decks');
    expectTypeOf<Awaited<ReturnType<typeof client.lists.export>>>().toEqualTypeOf<string>();
  });
});
