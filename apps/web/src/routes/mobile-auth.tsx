import {
  useAppleSignIn,
  useCreateExchangeCode,
  useGoogleSignIn,
  useIsAuthenticated,
  useSignInProviders,
} from '@companion/hooks';
import { AppleSignInButton, Button, GoogleSignInButton, Spinner } from '@companion/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { env } from '../env';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { stripLocale } from '../lib/locale';
import { useLocalePath } from '../lib/use-locale';

/** The app's redirect when the link names none (the API allows it by default). */
export const MOBILE_APP_ORIGIN = 'companion://auth';

/** The app link with the one-time code the mobile app redeems through `POST /auth/exchange`. */
export function appLinkWith(base: string, values: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * `/mobile/auth/{provider}/callback|verify?origin=…&code_challenge=…&code_challenge_method=S256`:
 * the mobile app opens this page; the user signs in with the provider here (or already is), the
 * page asks the API for a one-time exchange code for this session, bound to the app's PKCE
 * challenge, and hands it to the app through the configured app link. The app redeems it with its
 * code_verifier (`POST /auth/exchange`). Without a challenge (or with a method other than S256)
 * the page says the link is incomplete and issues nothing.
 */
export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const location = useLocation();
  const [params] = useSearchParams();
  const { provider = 'google' } = useParams();
  const type = provider === 'apple' ? 'apple' : 'google';
  const providerName = type === 'apple' ? 'Apple' : 'Google';
  const authenticated = useIsAuthenticated();
  const providers = useSignInProviders();
  const google = useGoogleSignIn();
  const apple = useAppleSignIn();
  const exchange = useCreateExchangeCode();
  const [link, setLink] = useState<string | null>(null);
  const started = useRef(false);
  // The app's origin (allowed by the API's COMPANION_MOBILE_ORIGINS) and its PKCE challenge: the
  // code is issued against the challenge, and only the app holding the verifier can redeem it.
  const origin = params.get('origin') || MOBILE_APP_ORIGIN;
  const state = params.get('state');
  const codeChallenge = params.get('code_challenge');
  const pkce = Boolean(codeChallenge) && (params.get('code_challenge_method') ?? 'S256') === 'S256';

  useEffect(() => {
    if (!authenticated || !pkce || !codeChallenge || started.current) return;
    started.current = true;
    exchange.mutate(
      { body: { type, origin, codeChallenge, codeChallengeMethod: 'S256' } },
      {
        onSuccess: ({ code }) => {
          if (!env.VITE_MOBILE_APP_LINK) return;
          const target = appLinkWith(env.VITE_MOBILE_APP_LINK, { code, type, ...(state ? { state } : {}) });
          setLink(target);
          window.location.assign(target);
        },
      },
    );
  }, [authenticated, exchange, type, origin, state, pkce, codeChallenge]);

  const signIn = () => (type === 'apple' ? apple.mutate() : google.mutate());
  const signInError = google.error ?? apple.error;
  return (
    <div className="web-auth">
      <PageHeading
        title={t('web.page.mobileAuthCallback.title')}
        description={t('web.mobile.lead', { provider: providerName })}
      />
      <div className="web-auth__panel web-form">
        {!pkce ? (
          <p className="web-form__error" role="alert" data-testid="mobile-bad-link">
            {t('web.mobile.badLink')}
          </p>
        ) : !authenticated ? (
          <>
            <p>{t('web.social.mobile.signInFirst', { provider: providerName })}</p>
            {type === 'google' && providers.google ? (
              <GoogleSignInButton block loading={google.isPending} onClick={signIn} />
            ) : type === 'apple' && providers.apple ? (
              <AppleSignInButton block loading={apple.isPending} onClick={signIn} />
            ) : null}
            <Link
              to={lp(
                `/login?redirect=${encodeURIComponent(`${stripLocale(location.pathname)}${location.search}`)}`,
              )}
            >
              {t('web.social.mobile.otherWay')}
            </Link>
            {signInError ? (
              <p className="web-form__error" role="alert">
                {errorMessage(signInError, t)}
              </p>
            ) : null}
          </>
        ) : exchange.error ? (
          <>
            <p className="web-form__error" role="alert">
              {errorMessage(exchange.error, t)}
            </p>
            <Button
              variant="primary"
              onClick={() => {
                started.current = false;
                exchange.reset();
              }}
            >
              {t('web.social.mobile.retry')}
            </Button>
          </>
        ) : exchange.data ? (
          link ? (
            <Button asChild variant="primary" block>
              <a href={link}>{t('web.mobile.open')}</a>
            </Button>
          ) : (
            <>
              <p>{t('web.mobile.noApp')}</p>
              <p>
                {t('web.social.mobile.code')} <code data-testid="exchange-code">{exchange.data.code}</code>
              </p>
            </>
          )
        ) : (
          <Spinner label={t('web.social.mobile.handing')} />
        )}
      </div>
    </div>
  );
}
