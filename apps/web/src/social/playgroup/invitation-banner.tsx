import { useAcceptPlaygroup, useLeavePlaygroup } from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import { Button } from '@companion/ui';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';

/** An invitation waiting for an answer: accept, or decline (which leaves the group). */
export function InvitationBanner({ group }: { group: Playgroup }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const navigate = useNavigate();
  const accept = useAcceptPlaygroup();
  const decline = useLeavePlaygroup();
  const fail = (e: unknown) => toast({ tone: 'error', title: errorMessage(e, t) });
  const params = { params: { id: group.id } };
  return (
    <section className="web-banner" aria-label={t('web.social.playgroups.invitations')}>
      <p>{t('web.social.group.invitedBanner', { name: group.name })}</p>
      <div className="web-actions-row">
        <Button
          variant="primary"
          loading={accept.isPending}
          onClick={() => accept.mutate(params, { onError: fail })}
        >
          {t('web.social.playgroups.accept')}
        </Button>
        <Button
          variant="ghost"
          loading={decline.isPending}
          onClick={() =>
            decline.mutate(params, { onSuccess: () => void navigate(lp('/playgroups')), onError: fail })
          }
        >
          {t('web.social.playgroups.decline')}
        </Button>
      </div>
    </section>
  );
}
