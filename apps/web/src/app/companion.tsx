import {
  CompanionProvider,
  createQueryClient,
  createUserStore,
  sessionClientOptions,
  useAuthStatus,
  useCompanion,
  useCurrentUser,
  useKeepPendingFresh,
  useNewVersion,
} from '@companion/hooks';
import { hasStoredSession } from '@companion/hooks/session';
import {
  type CallArgs,
  type CallOptions,
  type ClientOptions,
  type CompanionClient,
  type EndpointRef,
  endpoints,
  NetworkError,
} from '@companion/sdk';
import type { CurrentUser } from '@companion/sdk/contract';
import { Spinner, type ToastItem } from '@companion/ui';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { env } from '../env';
import { useT } from '../i18n/use-t';
import { languageStore, localizePath, stripLocale } from '../lib/locale';
import { useSession } from '../lib/session';
import { useLocale, useLocalePath } from '../lib/use-locale';
import { ToastContext, type ToastInput } from './toasts';

// Created once, when the first page that needs the API opens. The provider restores the persisted
// session and data before any page below it renders with them.
const userStore = createUserStore();
// Arguments and responses are checked against the contract in development and end-to-end builds,
// where a drift between app and API must fail loudly; a production build sends and reads as is and
// never downloads the schemas (zod and the contract: about 35 KB gzipped). Errors keep their classes
// either way: the API answers a bad request with its own typed validation error.
const checkContract = import.meta.env.DEV || Boolean(env.VITE_E2E);
const clientOptions: ClientOptions = {
  baseUrl: env.VITE_API_URL,
  apiKey: env.VITE_API_KEY,
  secret: env.VITE_API_SECRET,
  device: 'web',
  validateRequests: checkContract,
  validateResponses: checkContract,
  ...sessionClientOptions(userStore),
};
let realClient: Promise<CompanionClient> | undefined;
/** The SDK's client: loaded with the first call, or sooner (see below); a failed load may be retried. */
function loadClient(): Promise<CompanionClient> {
  realClient ??= import('./api-client').then(
    (module) => module.createClient(clientOptions),
    (cause: unknown) => {
      realClient = undefined;
      throw new NetworkError({ message: 'The app could not load its API client.', cause });
    },
  );
  return realClient;
}
/**
 * The client the hooks use: the SDK client's interface (`call`, `options`, one function per endpoint)
 * whose calls wait for the real client. A signed-out visitor on a public or sign-in page does not
 * download it until a sign-in (or another call) needs it.
 */
const call: CompanionClient['call'] = (endpoint, args, options) =>
  loadClient().then((real) => real.call(endpoint, args, options));
const client = { call, options: clientOptions } as CompanionClient;
for (const [domain, refs] of Object.entries(endpoints) as [string, Record<string, EndpointRef>][]) {
  (client as unknown as Record<string, unknown>)[domain] = Object.fromEntries(
    Object.entries(refs).map(([name, ref]) => [
      name,
      (args?: unknown, options?: CallOptions) => call(ref, args as CallArgs<EndpointRef>, options),
    ]),
  );
}
// A stored session's first queries follow at once: load the client now, beside the page's modules.
if (hasStoredSession()) void loadClient().catch(() => {});
// Firebase Auth loads when a flow needs it or a session exists (see `AuthSource` in @companion/hooks);
// the API call that follows a sign-in needs the client, which loads meanwhile.
const loadAuth = () => {
  void loadClient().catch(() => {});
  return import('./firebase').then((module) => module.createAuth());
};
const queryClient = createQueryClient();

const Toaster = lazy(() => import('./toaster'));

/** A redirect target from the query string: an internal path only. */
export function safeRedirect(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return stripLocale(value.split('#')[0] ?? value) || fallback;
}

function VersionToast({ push }: { push: (toast: ToastInput) => void }) {
  const t = useT();
  const { available, latestId, reload } = useNewVersion();
  useEffect(() => {
    if (!available || !latestId) return;
    push({
      id: `version-${latestId}`,
      title: t('hooks.version.available'),
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('hooks.version.reload'), altText: t('hooks.version.reload'), onClick: reload },
    });
  }, [available, latestId, push, reload, t]);
  return null;
}

/** Route element above every page that talks to the API: the hooks' provider, toasts, session rules. */
export function Root() {
  const navigate = useNavigate();
  const locale = useLocale();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const push = useCallback((toast: ToastInput) => {
    setToasts((list) => {
      const id = toast.id ?? `${Date.now()}-${Math.random()}`;
      return [...list.filter((item) => item.id !== id), { ...toast, id }];
    });
  }, []);
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  // The toaster (Radix Toast) is not part of the page's first load: it mounts once the page has
  // rendered, or with the first toast if that comes sooner.
  const [toastsShown, setToastsShown] = useState(false);
  if (toasts.length > 0 && !toastsShown) setToastsShown(true);
  useEffect(() => {
    const timer = setTimeout(() => setToastsShown(true), 1000);
    return () => clearTimeout(timer);
  }, []);

  const go = useCallback(
    (path: string) => {
      const here = `${stripLocale(window.location.pathname)}${window.location.search}`;
      const target = path === '/login' && here !== '/' ? `/login?redirect=${encodeURIComponent(here)}` : path;
      void navigate(localizePath(target, locale), { replace: path === '/login' });
    },
    [navigate, locale],
  );
  const currentPath = useCallback(
    () => `${stripLocale(window.location.pathname)}${window.location.search}`,
    [],
  );

  return (
    <CompanionProvider
      client={client}
      auth={loadAuth}
      userStore={userStore}
      queryClient={queryClient}
      languageStore={languageStore}
      navigate={go}
      getCurrentPath={currentPath}
      googleClientId={env.VITE_GOOGLE_CLIENT_ID}
      appleClientId={env.VITE_APPLE_CLIENT_ID}
      version={{ buildId: __BUILD_ID__, url: '/builds/latest.json', interval: 5 * 60 * 1000 }}
    >
      <ToastContext.Provider value={push}>
        <VersionToast push={push} />
        <PendingFresh />
        <Outlet />
        {toastsShown ? (
          <Suspense fallback={null}>
            <Toaster toasts={toasts} onDismiss={dismiss} />
          </Suspense>
        ) : null}
      </ToastContext.Provider>
    </CompanionProvider>
  );
}

/** Keeps the bell's friend requests and invitations fresh while a signed-in page is open. */
function PendingFresh() {
  const session = useSession();
  const me = useCurrentUser();
  // Not for an email account still to verify: the API would refuse (401 and UnverifiedError).
  useKeepPendingFresh(session.authenticated && me !== null && !mustVerify(me));
  return null;
}

function Pending() {
  const t = useT();
  return (
    <div className="web-pending">
      <Spinner label={t('web.common.loading')} />
    </div>
  );
}

/** An email account whose address is not verified yet: the API refuses it everything but auth. */
const mustVerify = (me: CurrentUser) => me.user.provider === 'password' && !me.user.emailVerified;

/** Auth guard: signed-out visitors go to /login, keeping where they wanted to go. */
export function RequireAuth() {
  const status = useAuthStatus();
  const me = useCurrentUser();
  const location = useLocation();
  const lp = useLocalePath();
  if (status === 'pending') return <Pending />;
  const here = `${stripLocale(location.pathname)}${location.search}`;
  if (status === 'signed-out') {
    return <Navigate to={lp(`/login?redirect=${encodeURIComponent(here)}`)} replace />;
  }
  // An email account not verified yet verifies first: the pages would only collect 401s.
  if (me && mustVerify(me)) {
    return <Navigate to={lp(`/verify-email?redirect=${encodeURIComponent(here)}`)} replace />;
  }
  return <Outlet />;
}

/**
 * Guest guard: a signed-in user goes on to `redirect` (or the dashboard); unverified emails verify
 * first. The prerender (and the hydration of its HTML) shows the page as a signed-out visitor sees
 * it: the login page is static HTML until the app starts. A stored session starts the app at once,
 * and the provider's restore redirects right after hydration.
 */
export function RequireGuest() {
  const status = useAuthStatus({ onServer: 'signed-out' });
  const authenticated = status === 'signed-in';
  const { auth: firebaseAuth, getAuth } = useCompanion();
  const [params] = useSearchParams();
  const lp = useLocalePath();
  // A signed-in visitor: Firebase tells whether the email still needs verifying.
  const [authReady, setAuthReady] = useState(false);
  useEffect(() => {
    if (!authenticated) return;
    let live = true;
    getAuth()
      .then((auth) => auth.authStateReady())
      .catch((error: unknown) => console.error('Error loading Firebase Auth:', error))
      .finally(() => live && setAuthReady(true));
    return () => {
      live = false;
    };
  }, [authenticated, getAuth]);
  if (status === 'pending') return <Pending />;
  if (authenticated) {
    if (!authReady) return <Pending />;
    const target = safeRedirect(params.get('redirect'));
    const user = firebaseAuth?.currentUser ?? null;
    const unverified =
      user !== null && !user.emailVerified && user.providerData.some((p) => p.providerId === 'password');
    if (unverified)
      return <Navigate to={lp(`/verify-email?redirect=${encodeURIComponent(target)}`)} replace />;
    return <Navigate to={lp(target)} replace />;
  }
  return <Outlet />;
}
