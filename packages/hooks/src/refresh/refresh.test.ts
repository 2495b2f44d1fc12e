import type { CompanionClient } from '@companion/sdk';
import type { CurrentUser, Settings } from '@companion/sdk/contract';
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setFirstnameMutationOptions, updateSettingsMutationOptions } from '../queries/user.js';
import { createQueryClient } from '../query-client.js';
import { createUserStore } from '../store/user-store.js';
import { connectUserStore } from './refresh.js';

const settings: Settings = {
  language: 'en',
  currency: 'usd',
  profileVisibility: 'friends',
  defaultFormatId: null,
};

function signedIn() {
  const userStore = createUserStore();
  userStore.hydrate();
  userStore.setState({
    token: 'session-token',
    userId: 'user-1',
    userData: { firstname: 'Ann', lastname: null, username: 'ann', picture: null },
    settings,
  });
  return userStore;
}

/** A client whose every call answers `answer` (the mutation factories only use `call`). */
const answering = (answer: unknown) => ({ call: async () => answer }) as unknown as CompanionClient;

describe('connectUserStore: edits of the current user reach the store', () => {
  it('settings, when GET /user is not in the cache (after a reload or a sign-in)', async () => {
    const userStore = signedIn();
    const queryClient = createQueryClient();
    const next: Settings = { ...settings, language: 'fr', currency: 'eur' };
    const client = answering({ settings: next });
    const disconnect = connectUserStore(queryClient, client, userStore);
    expect(queryClient.getQueryData(['me', 'user'])).toBeUndefined();

    await new MutationObserver(queryClient, updateSettingsMutationOptions(client)).mutate({
      body: { language: 'fr', currency: 'eur' },
    });
    expect(userStore.getState().settings).toEqual(next);
    // a local edit: the fetch time of GET /user is not touched
    expect(userStore.getState().lastFetched.user).toBeNull();
    disconnect();
  });

  it('the firstname, for the signed-in user only', async () => {
    const userStore = signedIn();
    const queryClient = createQueryClient();
    const user = { id: 'user-1', firstname: 'Anna', lastname: null, username: 'ann', picture: null };
    const client = answering({ user: user as unknown as CurrentUser['user'] });
    const disconnect = connectUserStore(queryClient, client, userStore);
    await new MutationObserver(queryClient, setFirstnameMutationOptions(client)).mutate({
      body: { firstname: 'Anna' },
    } as never);
    expect(userStore.getState().userData).toEqual({
      firstname: 'Anna',
      lastname: null,
      username: 'ann',
      picture: null,
    });

    userStore.setState({ userId: 'someone-else' });
    const client2 = answering({ user: { ...user, firstname: 'Other' } });
    await new MutationObserver(queryClient, setFirstnameMutationOptions(client2)).mutate({
      body: { firstname: 'Other' },
    } as never);
    expect(userStore.getState().userData?.firstname).toBe('Anna');
    disconnect();
  });

  it('an invalidated refresh query marks that part of the store stale', async () => {
    const userStore = signedIn();
    const queryClient = createQueryClient();
    const disconnect = connectUserStore(queryClient, answering({}), userStore);
    userStore.setList('decks', [], 1_000);
    queryClient.setQueryData(['decks', 'list'], { decks: [] }, { updatedAt: 1_000 });
    await queryClient.invalidateQueries({ queryKey: ['decks'] });
    expect(userStore.getState().lastFetched.decks).toBeNull();
    disconnect();
  });
});
