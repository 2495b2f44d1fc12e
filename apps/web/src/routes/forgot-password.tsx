import { useConfirmPasswordReset, useSendPasswordReset } from '@companion/hooks';
import { Button, FormField, Input } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { NewPasswordField } from '../components/new-password-field';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Password reset: email a code, then the code from the email and a new password. */
export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const send = useSendPasswordReset();
  const confirm = useConfirmPasswordReset();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const step = confirm.isSuccess ? 'done' : send.isSuccess ? 'code' : 'email';

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ email: email.trim() });
  };
  const reset = (event: FormEvent) => {
    event.preventDefault();
    // The email holds a link with `oobCode=…`; accept the whole link or just the code.
    const raw = code.trim();
    const fromLink = /[?&]oobCode=([^&]+)/.exec(raw)?.[1];
    confirm.mutate({ code: fromLink ? decodeURIComponent(fromLink) : raw, newPassword: password });
  };

  return (
    <div className="web-auth">
      <PageHeading title={t('web.page.forgot.title')} description={t('web.page.forgot.description')} />
      <div className="web-auth__panel">
        {step === 'email' ? (
          <form className="web-form" onSubmit={sendCode}>
            <FormField label={t('web.login.email')} required>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            {send.error ? (
              <p className="web-form__error" role="alert">
                {errorMessage(send.error, t)}
              </p>
            ) : null}
            <Button type="submit" variant="primary" block loading={send.isPending}>
              {t('web.forgot.send')}
            </Button>
          </form>
        ) : null}
        {step === 'code' ? (
          <form className="web-form" onSubmit={reset}>
            <p role="status" className="web-form__success">
              {t('web.forgot.sent', { email })}
            </p>
            <FormField label={t('web.forgot.code')} hint={t('web.forgot.codeHint')} required>
              <Input
                name="code"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <NewPasswordField
              label={t('web.forgot.newPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {confirm.error ? (
              <p className="web-form__error" role="alert">
                {errorMessage(confirm.error, t)}
              </p>
            ) : null}
            <Button type="submit" variant="primary" block loading={confirm.isPending}>
              {t('web.forgot.reset')}
            </Button>
            <Button type="button" variant="ghost" block onClick={() => send.mutate({ email: email.trim() })}>
              {t('web.forgot.resend')}
            </Button>
          </form>
        ) : null}
        {step === 'done' ? (
          <div className="web-form">
            <p role="status" className="web-form__success">
              {t('web.forgot.done')}
            </p>
            <Link className="web-button web-button--primary" to={lp('/login')}>
              {t('web.forgot.toLogin')}
            </Link>
          </div>
        ) : null}
        <p className="web-form__aside">
          <Link to={lp('/login')}>{t('web.forgot.back')}</Link>
        </p>
      </div>
    </div>
  );
}
