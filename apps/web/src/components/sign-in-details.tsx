import { useChangeEmail, useChangePassword, useMe } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Button, FormField, Input } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../app/toasts';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { NewPasswordField } from './new-password-field';

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Email address and password (settings), for accounts that sign in with a password: each change
 * asks for the current password first (the identity service re-authenticates), and shows the
 * service's refusals (a wrong password, a password its policy refuses, an address in use).
 */
export function SignInDetails() {
  const me = useMe();
  if (me.data?.user.provider !== 'password') return null;
  return (
    <>
      <ChangeEmail current={me.data.user.email} />
      <ChangePassword />
    </>
  );
}

function ChangeEmail({ current }: { current: string | null }) {
  const t = useT();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const newEmail = field(data, 'email').trim();
    change.mutate(
      { newEmail, currentPassword: field(data, 'current-password') },
      {
        onSuccess: () => {
          setSentTo(newEmail);
          form.reset();
        },
      },
    );
  };

  return (
    <section className="web-card web-form" aria-labelledby="change-email-title">
      <h2 id="change-email-title">{t('web.settings.email.title')}</h2>
      <form className="web-form" onSubmit={submit}>
        {current ? <p className="web-muted">{t('web.settings.email.current', { email: current })}</p> : null}
        <FormField label={t('web.settings.email.new')} required>
          <Input type="email" name="email" autoComplete="email" required />
        </FormField>
        <FormField label={t('web.settings.credentials.currentPassword')} required>
          <Input type="password" name="current-password" autoComplete="current-password" required />
        </FormField>
        {change.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(change.error, t)}
          </p>
        ) : null}
        {sentTo ? <p role="status">{t('web.settings.email.sent', { email: sentTo })}</p> : null}
        <div>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            {t('web.settings.email.button')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ChangePassword() {
  const t = useT();
  const toast = useToast();
  const change = useChangePassword();
  const [differ, setDiffer] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const newPassword = field(data, 'new-password');
    const same = newPassword === field(data, 'confirm-password');
    setDiffer(!same);
    if (!same) return;
    change.mutate(
      { currentPassword: field(data, 'current-password'), newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ tone: 'success', title: t('web.settings.password.done'), id: 'password-changed' });
        },
      },
    );
  };

  return (
    <section className="web-card web-form" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('web.settings.password.title')}</h2>
      <form className="web-form" onSubmit={submit}>
        <FormField label={t('web.settings.credentials.currentPassword')} required>
          <Input type="password" name="current-password" autoComplete="current-password" required />
        </FormField>
        <NewPasswordField label={t('web.settings.password.new')} />
        <FormField label={t('web.settings.password.confirm')} required>
          <Input
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            minLength={LIMITS.password.min}
          />
        </FormField>
        {differ ? (
          <p className="web-form__error" role="alert">
            {t('web.settings.password.differ')}
          </p>
        ) : change.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(change.error, t)}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            {t('web.settings.password.button')}
          </Button>
        </div>
      </form>
    </section>
  );
}
