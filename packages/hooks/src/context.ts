import type { CompanionClient } from '@companion/sdk';
import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from 'firebase/auth';
import { createContext, useContext } from 'react';
import type { LanguageStore } from './store/language-store.js';
import type { UserStore } from './store/user-store.js';
import type { VersionWatcher } from './version/version-watcher.js';

export interface CompanionPaths {
  login: string;
  verifyEmail: string;
}

export interface CompanionContextValue {
  client: CompanionClient;
  /** The Firebase Auth instance once loaded (null before: see `getAuth`). */
  auth: Auth | null;
  /** Loads Firebase Auth (once) and resolves with the instance. */
  getAuth: () => Promise<Auth>;
  userStore: UserStore;
  /** The QueryClient the provider gives its children: the one copy of the server's data. */
  queryClient: QueryClient;
  languageStore: LanguageStore;
  versionWatcher: VersionWatcher | null;
  navigate: (path: string) => void;
  getCurrentPath: () => string;
  paths: CompanionPaths;
  /** Google and Apple sign-in are offered only when their client ids are configured. */
  providers: { google: boolean; apple: boolean };
}

export const CompanionContext = createContext<CompanionContextValue | null>(null);

export function useCompanion(): CompanionContextValue {
  const value = useContext(CompanionContext);
  if (!value) throw new Error('Companion hooks must be used inside <CompanionProvider>.');
  return value;
}

/** The SDK client the provider was given. */
export const useCompanionClient = (): CompanionClient => useCompanion().client;
