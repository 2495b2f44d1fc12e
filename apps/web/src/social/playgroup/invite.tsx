import { useInviteToPlaygroup, useMyFriends } from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import { Button, FormField, Select } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';
import { displayName } from '../names';

/** Invite one of your friends who is not in the group yet (shown to those who manage it). */
export function Invite({ group }: { group: Playgroup }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const friends = useMyFriends();
  const invite = useInviteToPlaygroup();
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const inGroup = new Set(group.members.map((m) => m.user.id));
  const candidates = (friends.data?.friends ?? []).filter(
    (f) => f.status === 'accepted' && !inGroup.has(f.user.id),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    const friend = candidates.find((f) => f.user.id === choice);
    invite.mutate(
      { params: { id: group.id }, body: { id: choice } },
      {
        onSuccess: () => {
          setChoice(undefined);
          toast({ tone: 'success', title: t('web.social.invite.sent', { name: displayName(friend?.user) }) });
        },
      },
    );
  };
  return (
    <form className="web-form web-invite" onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title">{t('web.social.invite.title')}</h3>
      {candidates.length === 0 ? (
        <p className="web-muted">
          {t('web.social.invite.noFriends')}{' '}
          <Link to={lp('/friends/add')}>{t('web.social.friends.add')}</Link>
        </p>
      ) : (
        <div className="web-actions-row web-invite__row">
          <FormField label={t('web.social.invite.friend')}>
            <Select
              name="invite"
              value={choice}
              placeholder={t('web.social.invite.choose')}
              onValueChange={setChoice}
              options={candidates.map((f) => ({ value: f.user.id, label: displayName(f.user) }))}
            />
          </FormField>
          <Button type="submit" variant="primary" disabled={!choice} loading={invite.isPending}>
            {t('web.social.invite.submit')}
          </Button>
        </div>
      )}
      {invite.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(invite.error, t)}
        </p>
      ) : null}
    </form>
  );
}
