import {
  signInLocale,
  storeSession,
  useCompanion,
  useSendVerificationEmail,
  useUserStore,
} from '@companion/hooks';
import { endpoints } from '@companion/sdk';
import { Button } from '@companion/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../app/companion';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Explains the verification email, sends it again, and re-checks before going back to `redirect`. */
export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { getAuth, userStore, queryClient, client } = useCompanion();
  const signedIn = useUserStore((s) => Boolean(s.token));
  const resend = useSendVerificationEmail();
  const [email, setEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);

  useEffect(() => {
    void getAuth().then(async (auth) => {
      await auth.authStateReady();
      setEmail(auth.currentUser?.email ?? null);
    });
  }, [getAuth]);

  const check = async () => {
    setChecking(true);
    setNotYet(false);
    setCheckError(null);
    try {
      const auth = await getAuth();
      await auth.authStateReady();
      const user = auth.currentUser;
      if (user) {
        await user.reload();
        if (!user.emailVerified) {
          setNotYet(true);
          return;
        }
        // A fresh ID token says email_verified: opening the session again records it on the API.
        const identityToken = await user.getIdToken(true);
        userStore.setIdToken(identityToken);
        const session = await client.call(endpoints.auth.login, {
          identityToken,
          body: { locale: signInLocale(), fcmToken: null },
        });
        storeSession(queryClient, userStore, session);
      }
      userStore.setState({ unverified: false });
      void navigate(lp(redirect), { replace: true });
    } catch (error) {
      setCheckError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="web-auth">
      <PageHeading title={t('web.page.verifyEmail.title')} description={t('web.verify.lead')} />
      <div className="web-auth__panel web-verify">
        <div className="web-verify__icon" aria-hidden="true">
          ✉️
        </div>
        <p>{email ? t('web.verify.sentTo', { email }) : t('web.verify.sent')}</p>
        <p className="web-muted">{t('web.verify.spam')}</p>
        {notYet ? (
          <p className="web-form__error" role="alert">
            {t('web.verify.notYet')}
          </p>
        ) : null}
        {checkError || resend.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(checkError ?? resend.error, t)}
          </p>
        ) : null}
        {resend.isSuccess ? (
          <p className="web-form__success" role="status">
            {t('web.verify.resent')}
          </p>
        ) : null}
        {signedIn ? (
          <div className="web-verify__actions">
            <Button variant="primary" loading={checking} onClick={() => void check()}>
              {t('web.verify.check')}
            </Button>
            <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
              {t('web.verify.resend')}
            </Button>
          </div>
        ) : (
          <Link
            className="web-button web-button--primary"
            to={lp(`/login?redirect=${encodeURIComponent(redirect)}`)}
          >
            {t('web.verify.signIn')}
          </Link>
        )}
      </div>
    </div>
  );
}
