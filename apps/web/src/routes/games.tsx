import '../social/social.css';
import { useCreateGame, useInfiniteGames } from '@companion/hooks';
import { Button, Skeleton } from '@companion/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { GameFiltersBar, useGameFilters } from '../social/game-filters';
import { GameForm } from '../social/game-form';
import { GameList, NoGames } from '../social/game-list';
import { LoadMoreGames } from '../social/load-more';

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const [filters] = useGameFilters();
  const games = useInfiniteGames({ query: filters });
  const loaded = games.data?.pages.flatMap((page) => page.games) ?? [];
  const create = useCreateGame();
  const [recording, setRecording] = useState(false);
  return (
    <>
      <PageHeading
        title={t('web.page.games.title')}
        description={t('web.page.games.description')}
        actions={
          <>
            <Link className="web-link-button" to={lp('/sets')}>
              {t('web.social.games.setsLink')}
            </Link>
            <Link className="web-link-button" to={lp('/notes')}>
              {t('web.social.games.notesLink')}
            </Link>
            {recording ? null : (
              <Button variant="primary" onClick={() => setRecording(true)}>
                {t('web.social.games.record')}
              </Button>
            )}
          </>
        }
      />
      <div className="web-stack">
        {recording ? (
          <section className="web-card" aria-labelledby="record-title">
            <h2 id="record-title">{t('web.social.games.record')}</h2>
            <GameForm
              submitLabel={t('web.social.games.save')}
              pending={create.isPending}
              error={create.error}
              onCancel={() => setRecording(false)}
              onSubmit={(body) =>
                create.mutate(
                  { body },
                  {
                    onSuccess: (data) => {
                      toast({ tone: 'success', title: t('web.social.games.recorded') });
                      void navigate(lp(`/game/${data.game.id}`));
                    },
                  },
                )
              }
            />
          </section>
        ) : null}
        <section className="web-card" aria-labelledby="list-title">
          <h2 id="list-title" className="cui-visually-hidden">
            {t('web.social.games.title')}
          </h2>
          <GameFiltersBar />
          {games.isPending ? (
            <Skeleton lines={4} />
          ) : games.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(games.error, t)}
            </p>
          ) : (
            <>
              <GameList games={loaded} empty={<NoGames hint={t('web.social.games.emptyHint')} />} />
              <LoadMoreGames
                shown={loaded.length}
                total={games.data.pages.at(-1)?.total ?? loaded.length}
                hasMore={games.hasNextPage}
                loading={games.isFetchingNextPage}
                onLoadMore={() => void games.fetchNextPage()}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
