import {
  useAppleSignIn,
  useCompanion,
  useGoogleSignIn,
  useSignIn,
  useSignInProviders,
  useSignUp,
} from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { AppleSignInButton, Button, FormField, GoogleSignInButton, Input, Tabs } from '@companion/ui';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordField } from '../components/new-password-field';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/**
 * The fields are read on submit, not kept in state: the page is prerendered and the app starts on the
 * first interaction, so whatever was typed before it started is in the DOM only.
 */
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function SignInForm() {
  const t = useT();
  const lp = useLocalePath();
  const signIn = useSignIn();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: field(form, 'email').trim(), password: field(form, 'password') });
  };
  return (
    <form
      className="web-form"
      method="post"
      onSubmit={submit}
      aria-labelledby="signin-title"
      noValidate={false}
    >
      <h2 id="signin-title" className="cui-visually-hidden">
        {t('web.login.signIn')}
      </h2>
      <FormField label={t('web.login.email')} required>
        <Input type="email" name="email" autoComplete="email" required />
      </FormField>
      <FormField label={t('web.login.password')} required>
        <Input type="password" name="password" autoComplete="current-password" required />
      </FormField>
      {signIn.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(signIn.error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block loading={signIn.isPending}>
        {t('web.login.signInButton')}
      </Button>
      <p className="web-form__aside">
        <Link to={lp('/auth/password/forgot')}>{t('web.login.forgot')}</Link>
      </p>
    </form>
  );
}

function SignUpForm() {
  const t = useT();
  const signUp = useSignUp();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signUp.mutate({
      email: field(form, 'email').trim(),
      password: field(form, 'new-password'),
      firstname: field(form, 'firstname').trim(),
    });
  };
  return (
    <form className="web-form" method="post" onSubmit={submit} aria-labelledby="signup-title">
      <h2 id="signup-title" className="cui-visually-hidden">
        {t('web.login.signUp')}
      </h2>
      <FormField label={t('web.login.firstname')} required>
        <Input name="firstname" autoComplete="given-name" required maxLength={LIMITS.firstname.max} />
      </FormField>
      <FormField label={t('web.login.email')} required>
        <Input type="email" name="email" autoComplete="email" required />
      </FormField>
      <NewPasswordField label={t('web.login.password')} />
      {signUp.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(signUp.error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block loading={signUp.isPending}>
        {t('web.login.signUpButton')}
      </Button>
      <p className="web-form__aside">{t('web.login.signUpNote')}</p>
    </form>
  );
}

function SocialButtons() {
  const t = useT();
  const providers = useSignInProviders();
  const google = useGoogleSignIn();
  const apple = useAppleSignIn();
  if (!providers.google && !providers.apple) return null;
  const error = google.error ?? apple.error;
  return (
    <div className="web-social">
      {providers.google ? (
        <GoogleSignInButton block loading={google.isPending} onClick={() => google.mutate()} />
      ) : null}
      {providers.apple ? (
        <AppleSignInButton block color="black" loading={apple.isPending} onClick={() => apple.mutate()} />
      ) : null}
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
      <p className="web-divider">
        <span>{t('web.login.or')}</span>
      </p>
    </div>
  );
}

export function Component() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  // Firebase Auth is not part of the page: it starts loading when the visitor turns to the forms.
  const { getAuth } = useCompanion();
  const prefetch = () => void getAuth().catch(() => undefined);
  return (
    <div className="web-auth">
      <PageHeading
        title={t(tab === 'signup' ? 'web.login.signUpTitle' : 'web.page.login.title')}
        description={t('web.login.lead')}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: prefetch only, the controls inside handle input */}
      <div className="web-auth__panel" onFocus={prefetch} onPointerEnter={prefetch}>
        <SocialButtons />
        <Tabs
          aria-label={t('web.login.tabs')}
          value={tab}
          onValueChange={(value) => {
            const next = new URLSearchParams(params);
            if (value === 'signup') next.set('tab', 'signup');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
          items={[
            { value: 'signin', label: t('web.login.signIn'), content: <SignInForm /> },
            { value: 'signup', label: t('web.login.signUp'), content: <SignUpForm /> },
          ]}
        />
      </div>
    </div>
  );
}
