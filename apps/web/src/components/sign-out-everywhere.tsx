import { useSignOutEverywhere } from '@companion/hooks';
import { Button, ConfirmDialog } from '@companion/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/**
 * "Sign out of all devices" (settings): after a confirmation, the server revokes every session of
 * the account (this one included) and its Firebase sign-ins; this device is signed out too, as
 * Google and Moxfield do, and goes to the login page with a confirmation toast.
 */
export function SignOutEverywhere() {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await signOut.mutateAsync();
      setOpen(false);
      toast({
        tone: 'success',
        title: t('web.settings.signOutAll.done'),
        description: t('web.settings.signOutAll.doneHint'),
        id: 'signed-out-everywhere',
      });
      void navigate(lp('/login'), { replace: true });
    } catch (e) {
      setOpen(false);
      toast({ tone: 'error', title: errorMessage(e, t), id: 'signed-out-everywhere' });
    }
  };

  return (
    <section className="web-card web-form" aria-labelledby="sign-out-all-title">
      <h2 id="sign-out-all-title">{t('web.settings.signOutAll.title')}</h2>
      <p className="web-muted">{t('web.settings.signOutAll.intro')}</p>
      <div>
        <Button
          type="button"
          variant="secondary"
          data-testid="sign-out-everywhere"
          onClick={() => setOpen(true)}
        >
          {t('web.settings.signOutAll.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => (signOut.isPending ? undefined : setOpen(next))}
        title={t('web.settings.signOutAll.confirmTitle')}
        description={t('web.settings.signOutAll.confirmHint')}
        confirmLabel={t('web.settings.signOutAll.confirm')}
        destructive
        loading={signOut.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
