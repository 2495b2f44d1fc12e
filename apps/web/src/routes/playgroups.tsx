import '../social/social.css';
import {
  myPlaygroupsQueryOptions,
  useAcceptPlaygroup,
  useCompanionClient,
  useLeavePlaygroup,
} from '@companion/hooks';
import { Badge, Button, EmptyState, Skeleton } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { GroupPicture } from '../social/group-picture';
import { playgroupPath, ROLE_KEY } from '../social/names';

export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  // The list may be cached from the user store: show it at once, and ask the server again.
  const groups = useQuery({ ...myPlaygroupsQueryOptions(useCompanionClient()), refetchOnMount: 'always' });
  const accept = useAcceptPlaygroup();
  const decline = useLeavePlaygroup();
  const list = [...(groups.data?.playgroups ?? [])].sort((a, b) =>
    b.lastActivity.localeCompare(a.lastActivity),
  );
  const invited = list.filter((g) => g.status === 'invited');
  const active = list.filter((g) => g.status === 'active');
  const createLink = (
    <Link className="web-link-button" to={lp('/playgroups/create')}>
      {t('web.social.playgroups.create')}
    </Link>
  );
  return (
    <>
      <PageHeading
        title={t('web.page.playgroups.title')}
        description={t('web.page.playgroups.description')}
        actions={createLink}
      />
      {groups.isPending ? (
        <Skeleton lines={4} />
      ) : groups.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(groups.error, t)}
        </p>
      ) : (
        <div className="web-stack">
          {invited.length ? (
            <section className="web-card" aria-labelledby="invites-title">
              <h2 id="invites-title">
                {t('web.social.playgroups.invitations')}{' '}
                <Badge tone="danger" appearance="solid">
                  {invited.length}
                </Badge>
              </h2>
              <ul className="web-people">
                {invited.map((g) => (
                  <li key={g.id} className="web-person" data-testid="invitation">
                    <GroupPicture name={g.name} src={g.picture} />
                    <div className="web-person__text">
                      <span className="web-person__name">{g.name}</span>
                      <span className="web-muted">
                        {t('web.social.playgroups.members', { count: g.memberCount })}
                      </span>
                    </div>
                    <div className="web-person__actions">
                      <Button
                        size="sm"
                        variant="primary"
                        loading={accept.isPending && accept.variables?.params.id === g.id}
                        onClick={() =>
                          accept.mutate(
                            { params: { id: g.id } },
                            {
                              onSuccess: (data) => void navigate(lp(playgroupPath(data.playgroup))),
                              onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }),
                            },
                          )
                        }
                      >
                        {t('web.social.playgroups.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() =>
                          decline.mutate(
                            { params: { id: g.id } },
                            {
                              onSuccess: () =>
                                toast({ tone: 'info', title: t('web.social.playgroups.declined') }),
                              onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }),
                            },
                          )
                        }
                      >
                        {t('web.social.playgroups.decline')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {active.length === 0 ? (
            <EmptyState
              title={t('web.social.playgroups.empty')}
              description={t('web.social.playgroups.emptyHint')}
              action={createLink}
            />
          ) : (
            <ul className="web-groups" aria-label={t('web.social.playgroups.yours')}>
              {active.map((g) => (
                <li key={g.id} className="web-card web-group" data-testid="playgroup-card">
                  <GroupPicture name={g.name} src={g.picture} />
                  <div className="web-group__text">
                    <Link className="web-person__name" to={lp(playgroupPath(g))}>
                      {g.name}
                    </Link>
                    <span className="web-muted">
                      {t('web.social.playgroups.members', { count: g.memberCount })} · {t(ROLE_KEY[g.role])}
                    </span>
                    <span className="web-muted">
                      {t('web.social.playgroups.lastActivity', {
                        date: intl.formatDate(g.lastActivity, { dateStyle: 'medium' }),
                      })}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
