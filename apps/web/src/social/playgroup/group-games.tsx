import { useCreateGame, useInfinitePlaygroupGames } from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import { Button, Dialog, Skeleton } from '@companion/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';
import { GameFiltersBar, useGameFilters } from '../game-filters';
import { GameForm } from '../game-form';
import { GameList, NoGames } from '../game-list';
import { LoadMoreGames } from '../load-more';
import { Leaderboard } from './leaderboard';

/** The group's leaderboard and games under the same filters, and recording a new game. */
export function GroupGames({ group }: { group: Playgroup }) {
  const t = useT();
  const toast = useToast();
  const lp = useLocalePath();
  const [filters] = useGameFilters();
  const games = useInfinitePlaygroupGames({ params: { id: group.id }, query: filters });
  const loaded = games.data?.pages.flatMap((page) => page.games) ?? [];
  // Every page carries the leaderboard of all the group's games: the latest one is the freshest.
  const last = games.data?.pages.at(-1);
  const create = useCreateGame();
  const [recording, setRecording] = useState(false);
  return (
    <>
      <Leaderboard group={group} rows={last?.leaderboard ?? []} loading={games.isPending} />
      <section className="web-card" aria-labelledby="group-games-title">
        <div className="web-card__head">
          <h2 id="group-games-title">{t('web.social.games.title')}</h2>
          <div className="web-actions-row web-actions-row--center">
            <Link to={lp(`/sets?playgroup=${group.id}`)}>{t('web.social.games.setsLink')}</Link>
            <Button variant="primary" size="sm" onClick={() => setRecording(true)}>
              {t('web.social.games.record')}
            </Button>
          </div>
        </div>
        <GameFiltersBar />
        {games.isPending ? (
          <Skeleton lines={3} />
        ) : games.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(games.error, t)}
          </p>
        ) : (
          <>
            <GameList games={loaded} empty={<NoGames hint={t('web.social.games.emptyGroupHint')} />} />
            <LoadMoreGames
              shown={loaded.length}
              total={last?.total ?? loaded.length}
              hasMore={games.hasNextPage}
              loading={games.isFetchingNextPage}
              onLoadMore={() => void games.fetchNextPage()}
            />
          </>
        )}
      </section>
      <Dialog open={recording} onOpenChange={setRecording} title={t('web.social.games.record')} size="lg">
        <GameForm
          playgroupId={group.id}
          submitLabel={t('web.social.games.save')}
          pending={create.isPending}
          error={create.error}
          onCancel={() => setRecording(false)}
          onSubmit={(body) =>
            create.mutate(
              { body },
              {
                onSuccess: () => {
                  setRecording(false);
                  toast({ tone: 'success', title: t('web.social.games.recorded') });
                },
              },
            )
          }
        />
      </Dialog>
    </>
  );
}
