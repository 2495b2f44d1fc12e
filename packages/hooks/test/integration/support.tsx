/**
 * What the integration tests share: the real Firebase Auth web SDK pointed at the emulator, a real
 * SDK client pointed at the API server the global setup started (its fetch counted), and the
 * provider around the hooks under test.
 */
import { randomBytes } from 'node:crypto';
import { type CompanionClient, createClient } from '@companion/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { type RenderHookResult, type RenderResult, render, renderHook } from '@testing-library/react';
import { deleteApp, initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, initializeAuth, inMemoryPersistence } from 'firebase/auth';
import type { ReactNode } from 'react';
import { inject, type Mock, vi } from 'vitest';
import { CompanionProvider } from '../../src/provider.js';
import { createQueryClient } from '../../src/query-client.js';
import { createUserStore, sessionClientOptions, type UserStore } from '../../src/store/user-store.js';

export const apiUrl = inject('apiUrl');
export const emulatorHost = inject('emulatorHost');
export const projectId = inject('projectId');

/** The development key pair the API accepts when `COMPANION_API_KEYS` is not set otherwise. */
const API_KEY = 'companion-dev';
const API_SECRET = 'companion-dev-secret';

export interface Request {
  method: string;
  /** Path without the query string, e.g. `/user/decks`. */
  path: string;
  status: number;
  /** `performance.now()` when the client handed the request to fetch, and when its answer arrived. */
  start: number;
  end: number;
}

/** One emailed code the emulator recorded (verification, password reset). */
interface OobCode {
  email: string;
  oobCode: string;
  requestType: string;
}

/** Email codes the emulator "sent" to `email` (newest last). */
export async function emailCodes(email: string, requestType = 'VERIFY_EMAIL'): Promise<string[]> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!res.ok) throw new Error(`emulator oobCodes: ${res.status}`);
  const body = (await res.json()) as { oobCodes: OobCode[] };
  return body.oobCodes
    .filter((c) => c.email === email && c.requestType === requestType)
    .map((c) => c.oobCode);
}

/**
 * A unique address per run. The emulator is shared with other suites (the API's, the web e2e), so
 * accounts are never wiped here: every run signs up its own user.
 */
export const uniqueEmail = (prefix = 'hooks') => `${prefix}-${randomBytes(6).toString('hex')}@example.test`;

/** Everything one "browser tab" of the app holds: stores, query cache, Firebase, client, router. */
export interface App {
  auth: Auth;
  client: CompanionClient;
  userStore: UserStore;
  queryClient: QueryClient;
  navigate: Mock<(path: string) => void>;
  /** Every request the client made since the last `resetRequests()`, in the order they were answered. */
  requests: Request[];
  /** `METHOD /path` of every request since the last `resetRequests()`. */
  calls: () => string[];
  resetRequests: () => void;
  mount: (ui: ReactNode) => RenderResult;
  hook: <T>(callback: () => T) => RenderHookResult<T, unknown>;
  close: () => Promise<void>;
}

export interface AppOptions {
  /** What `getCurrentPath()` answers (default `/decks?sort=new`). */
  currentPath?: string;
  /**
   * Network latency added before each request leaves (the server and its answers are untouched):
   * with it, requests made one after another cannot overlap, so overlapping ones were parallel.
   */
  latencyMs?: number;
}

export function createApp(options: AppOptions = {}): App {
  const firebaseApp = initializeApp(
    { apiKey: 'demo-api-key', projectId, authDomain: `${projectId}.firebaseapp.com` },
    `hooks-it-${randomBytes(4).toString('hex')}`,
  );
  // In-memory persistence: jsdom has no IndexedDB, and the test owns the sign-in state.
  const auth: Auth = initializeAuth(firebaseApp, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });

  const requests: Request[] = [];
  const countingFetch: typeof fetch = async (input, init) => {
    // ky passes a Request: read its method and URL without touching its body.
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const url = new URL(input instanceof Request ? input.url : String(input));
    const start = performance.now();
    if (options.latencyMs) await sleep(options.latencyMs);
    const response = await fetch(input, init);
    requests.push({ method, path: url.pathname, status: response.status, start, end: performance.now() });
    return response;
  };

  const userStore = createUserStore();
  const client = createClient({
    baseUrl: apiUrl,
    apiKey: API_KEY,
    secret: API_SECRET,
    fetch: countingFetch,
    ...sessionClientOptions(userStore),
  });
  const queryClient = createQueryClient();
  const navigate = vi.fn<(path: string) => void>();
  const currentPath = options.currentPath ?? '/decks?sort=new';

  const wrapper = ({ children }: { children?: ReactNode }) => (
    <CompanionProvider
      client={client}
      auth={auth}
      userStore={userStore}
      queryClient={queryClient}
      navigate={navigate}
      getCurrentPath={() => currentPath}
    >
      {children}
    </CompanionProvider>
  );

  return {
    auth,
    client,
    userStore,
    queryClient,
    navigate,
    requests,
    /** `METHOD /path` of every request since the last `resetRequests()`. */
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
    resetRequests: () => {
      requests.length = 0;
    },
    mount: (ui: ReactNode) => render(ui, { wrapper }),
    hook: <T,>(callback: () => T) => renderHook(callback, { wrapper }),
    close: () => deleteApp(firebaseApp),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
