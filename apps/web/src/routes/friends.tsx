import '../social/social.css';
import {
  myFriendsQueryOptions,
  useAcceptFriend,
  useCompanionClient,
  useRemoveFriend,
} from '@companion/hooks';
import type { Friend } from '@companion/sdk/contract';
import { Avatar, Badge, Button, ConfirmDialog, EmptyState, Skeleton } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { displayName, userPath } from '../social/names';

const byLastSeen = (a: Friend, b: Friend) => (b.lastSeen ?? b.since).localeCompare(a.lastSeen ?? a.since);

function FriendRow({ friend, actions }: { friend: Friend; actions: React.ReactNode }) {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const name = displayName(friend.user);
  return (
    <li className="web-person" data-testid="friend-row">
      <Avatar name={name} src={friend.user.picture} size="md" />
      <div className="web-person__text">
        <Link to={lp(userPath(friend.user))} className="web-person__name">
          {name}
        </Link>
        <span className="web-muted">
          {friend.status === 'accepted'
            ? friend.lastSeen
              ? t('web.social.friends.lastSeen', {
                  date: intl.formatDate(friend.lastSeen, { dateStyle: 'medium' }),
                })
              : t('web.social.friends.neverSeen')
            : t('web.social.friends.since', { date: intl.formatDate(friend.since, { dateStyle: 'medium' }) })}
        </span>
      </div>
      <div className="web-person__actions">{actions}</div>
    </li>
  );
}

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  // The list may be cached from the user store: show it at once, and ask the server again.
  const friends = useQuery({ ...myFriendsQueryOptions(useCompanionClient()), refetchOnMount: 'always' });
  const accept = useAcceptFriend();
  const remove = useRemoveFriend();
  const [confirm, setConfirm] = useState<{ friend: Friend; kind: 'remove' | 'decline' | 'cancel' } | null>(
    null,
  );
  const list = friends.data?.friends ?? [];
  const incoming = list.filter((f) => f.status === 'incoming').sort(byLastSeen);
  const outgoing = list.filter((f) => f.status === 'outgoing').sort(byLastSeen);
  const accepted = list.filter((f) => f.status === 'accepted').sort(byLastSeen);

  const doAccept = (friend: Friend) =>
    accept.mutate(
      { params: { code: friend.code } },
      {
        onSuccess: () =>
          toast({
            tone: 'success',
            title: t('web.social.friends.accepted', { name: displayName(friend.user) }),
          }),
        onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }),
      },
    );
  const doRemove = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync({ params: { code: confirm.friend.code } });
      setConfirm(null);
    } catch (e) {
      toast({ tone: 'error', title: errorMessage(e, t) });
    }
  };

  return (
    <>
      <PageHeading
        title={t('web.page.friends.title')}
        description={t('web.page.friends.description')}
        actions={
          <Link className="web-link-button" to={lp('/friends/add')}>
            {t('web.social.friends.add')}
          </Link>
        }
      />
      {friends.isPending ? (
        <Skeleton lines={4} />
      ) : friends.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(friends.error, t)}
        </p>
      ) : (
        <div className="web-stack">
          {incoming.length ? (
            <section className="web-card" aria-labelledby="incoming-title">
              <h2 id="incoming-title">
                {t('web.social.friends.incoming')}{' '}
                <Badge tone="danger" appearance="solid">
                  {incoming.length}
                </Badge>
              </h2>
              <ul className="web-people">
                {incoming.map((f) => (
                  <FriendRow
                    key={f.user.id}
                    friend={f}
                    actions={
                      <>
                        <Button
                          size="sm"
                          variant="primary"
                          onClick={() => doAccept(f)}
                          loading={accept.isPending}
                        >
                          {t('web.social.friends.accept')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setConfirm({ friend: f, kind: 'decline' })}
                        >
                          {t('web.social.friends.decline')}
                        </Button>
                      </>
                    }
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <section className="web-card" aria-labelledby="friends-title">
            <h2 id="friends-title">{t('web.social.friends.list', { count: accepted.length })}</h2>
            {accepted.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title={t('web.social.friends.empty')}
                description={t('web.social.friends.emptyHint')}
                action={
                  <Link className="web-link-button" to={lp('/friends/add')}>
                    {t('web.social.friends.add')}
                  </Link>
                }
              />
            ) : (
              <ul className="web-people">
                {accepted.map((f) => (
                  <FriendRow
                    key={f.user.id}
                    friend={f}
                    actions={
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setConfirm({ friend: f, kind: 'remove' })}
                      >
                        {t('web.social.friends.remove')}
                      </Button>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          {outgoing.length ? (
            <section className="web-card" aria-labelledby="outgoing-title">
              <h2 id="outgoing-title">{t('web.social.friends.outgoing')}</h2>
              <ul className="web-people">
                {outgoing.map((f) => (
                  <FriendRow
                    key={f.user.id}
                    friend={f}
                    actions={
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setConfirm({ friend: f, kind: 'cancel' })}
                      >
                        {t('web.social.friends.cancel')}
                      </Button>
                    }
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === 'remove'
            ? t('web.social.friends.removeTitle', { name: displayName(confirm.friend.user) })
            : confirm?.kind === 'decline'
              ? t('web.social.friends.declineTitle', { name: displayName(confirm.friend.user) })
              : t('web.social.friends.cancelTitle', { name: displayName(confirm?.friend.user) })
        }
        description={confirm?.kind === 'remove' ? t('web.social.friends.removeHint') : undefined}
        confirmLabel={
          confirm?.kind === 'remove'
            ? t('web.social.friends.remove')
            : confirm?.kind === 'decline'
              ? t('web.social.friends.decline')
              : t('web.social.friends.cancel')
        }
        destructive
        loading={remove.isPending}
        onConfirm={doRemove}
      />
    </>
  );
}
