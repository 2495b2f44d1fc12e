import { useDeleteAccount, useMe } from '@companion/hooks';
import { confirmsDeletion, deleteConfirmationOf } from '@companion/sdk/contract';
import { Button, Dialog, FormField, Input } from '@companion/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/**
 * "Delete account" (settings): a dialog asks the player to type their email (or friend code, for an
 * account without one) before the button works. Once the server deleted the account, this device is
 * signed out and goes to the home page with a toast.
 */
export function DeleteAccount() {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const navigate = useNavigate();
  const me = useMe();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const user = me.data?.user;
  const expected = user ? deleteConfirmationOf(user) : '';
  const confirmed = user ? confirmsDeletion(user, typed) : false;

  const confirm = async () => {
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ body: { confirmation: typed } });
      setOpen(false);
      // To the sign-in page, which the app renders with its toaster: the home page is static HTML
      // outside it, and took the toast away as it opened.
      toast({ tone: 'success', title: t('web.settings.delete.done'), id: 'account-deleted' });
      void navigate(lp('/login'), { replace: true });
    } catch {
      // Shown in the dialog (remove.error).
    }
  };

  return (
    <section className="web-card web-form" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{t('web.settings.delete.title')}</h2>
      <p className="web-muted">{t('web.settings.delete.intro')}</p>
      <div>
        <Button
          type="button"
          variant="danger"
          data-testid="delete-account"
          disabled={!user}
          onClick={() => {
            setTyped('');
            remove.reset();
            setOpen(true);
          }}
        >
          {t('web.settings.delete.button')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}
        title={t('web.settings.delete.confirmTitle')}
        description={t('web.settings.delete.confirmHint')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending} autoFocus>
              {t('web.settings.delete.cancel')}
            </Button>
            <Button
              variant="danger"
              data-testid="delete-account-confirm"
              disabled={!confirmed}
              loading={remove.isPending}
              onClick={() => void confirm()}
            >
              {t('web.settings.delete.confirm')}
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormField label={t('web.settings.delete.typeToConfirm', { value: expected })}>
            <Input
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </FormField>
        </form>
        {remove.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(remove.error, t)}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
