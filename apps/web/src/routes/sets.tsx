import '../social/social.css';
import { useCreateGameSet, useGameSets, useMyPlaygroups } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Badge, Button, EmptyState, Skeleton } from '@companion/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { useFormatName } from '../social/game-list';
import { playgroupPath } from '../social/names';
import { SetForm } from '../social/set-form';

const PAGE_SIZE = LIMITS.pageSize.default;

/** The player's sets of games (a pod night, a tournament), newest first, and a new one; `?playgroup=` keeps one group's. */
export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const playgroupId = params.get('playgroup') ?? undefined;
  const [page, setPage] = useState(1);
  const sets = useGameSets({
    query: { page, limit: PAGE_SIZE, ...(playgroupId ? { playgroupId } : {}) },
  });
  const playgroups = useMyPlaygroups();
  const groupOf = (id: string | null) =>
    id ? (playgroups.data?.playgroups ?? []).find((p) => p.id === id) : undefined;
  const group = groupOf(playgroupId ?? null);
  const formatName = useFormatName();
  const create = useCreateGameSet();
  const [creating, setCreating] = useState(false);
  const total = sets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageHeading
        title={t('web.page.sets.title')}
        description={
          group ? t('web.social.sets.ofGroup', { name: group.name }) : t('web.page.sets.description')
        }
        actions={
          <>
            <Link className="web-link-button" to={lp('/games')}>
              {t('web.social.sets.gamesLink')}
            </Link>
            {creating ? null : (
              <Button variant="primary" onClick={() => setCreating(true)}>
                {t('web.social.sets.new')}
              </Button>
            )}
          </>
        }
      />
      <div className="web-stack">
        {creating ? (
          <section className="web-card" aria-labelledby="new-set-title">
            <h2 id="new-set-title">{t('web.social.sets.new')}</h2>
            <SetForm
              playgroupId={playgroupId ?? null}
              submitLabel={t('web.social.sets.create')}
              pending={create.isPending}
              error={create.error}
              onCancel={() => setCreating(false)}
              onSubmit={(body) =>
                create.mutate(
                  { body },
                  {
                    onSuccess: (data) => {
                      toast({
                        tone: 'success',
                        title: t('web.social.sets.created', { name: data.set.name }),
                      });
                      void navigate(lp(`/set/${data.set.id}`));
                    },
                  },
                )
              }
            />
          </section>
        ) : null}
        <section className="web-card" aria-labelledby="sets-list-title">
          <h2 id="sets-list-title" className={total ? undefined : 'cui-visually-hidden'}>
            {t('web.social.sets.count', { count: total })}
          </h2>
          {group ? (
            <p>
              <Link to={lp(playgroupPath(group))}>
                {t('web.social.sets.backToGroup', { name: group.name })}
              </Link>
              {' · '}
              <Link to={lp('/sets')}>{t('web.social.sets.allSets')}</Link>
            </p>
          ) : null}
          {sets.isPending ? (
            <Skeleton lines={4} />
          ) : sets.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(sets.error, t)}
            </p>
          ) : sets.data.sets.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title={t('web.social.sets.empty')}
              description={t('web.social.sets.emptyHint')}
            />
          ) : (
            <ul className="web-games" data-testid="set-list">
              {sets.data.sets.map((set) => {
                const setGroup = groupOf(set.playgroupId);
                return (
                  <li key={set.id} className="web-game" data-testid="set-card">
                    <div className="web-game__head">
                      <Link to={lp(`/set/${set.id}`)}>{set.name}</Link>
                      <span className="web-muted">
                        {intl.formatDate(set.playedAt, { dateStyle: 'medium' })}
                      </span>
                    </div>
                    <div className="web-game__meta">
                      <Badge>{t('web.social.set.games', { count: set.gameCount })}</Badge>
                      {set.formatId ? <Badge>{formatName(set.formatId)}</Badge> : null}
                      {setGroup ? (
                        <Badge tone="accent" appearance="outline">
                          {setGroup.name}
                        </Badge>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {pages > 1 ? (
            <div className="web-actions-row">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('web.social.sets.newer')}
              </Button>
              <span className="web-muted">{t('web.social.sets.page', { page, pages })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('web.social.sets.older')}
              </Button>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
