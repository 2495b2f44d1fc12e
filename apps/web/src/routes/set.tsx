import '../social/social.css';
import {
  playgroupQueryOptions,
  useCompanionClient,
  useCreateGame,
  useDeleteGameSet,
  useGameSet,
  useUpdateGameSet,
  useUserStore,
} from '@companion/hooks';
import { canEditSet } from '@companion/sdk';
import type { GameSet } from '@companion/sdk/contract';
import { Button, ConfirmDialog, Dialog, Skeleton } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { NoteCard, TagsCard } from '../social/annotations';
import { GameForm } from '../social/game-form';
import { GameList, NoGames, useFormatName } from '../social/game-list';
import { playerName, playgroupPath } from '../social/names';
import { ScrollTable } from '../social/scroll-table';
import { SetForm } from '../social/set-form';

/** Its creator, or a manager of its playgroup: the shared rule the server applies too. */
function useCanEditSet(set: GameSet | undefined) {
  const me = useUserStore((s) => s.userId);
  const id = set?.playgroupId ?? null;
  const q = useQuery({
    ...playgroupQueryOptions(useCompanionClient(), { params: { id: id ?? 'none' } }),
    enabled: id !== null,
    retry: false,
  });
  const group = id ? (q.data?.playgroup ?? null) : null;
  if (!set || !me) return { canEdit: false, group };
  return { canEdit: canEditSet({ id: me, standing: group }, set), group };
}

function Results({ set }: { set: GameSet }) {
  const t = useT();
  return (
    <section className="web-card" aria-labelledby="results-title">
      <h2 id="results-title">{t('web.social.set.results')}</h2>
      {set.results.length === 0 ? (
        <p className="web-muted">{t('web.social.leaderboard.empty')}</p>
      ) : (
        <ScrollTable label={t('web.social.set.caption', { name: set.name })}>
          <table className="web-table">
            <caption className="cui-visually-hidden">
              {t('web.social.set.caption', { name: set.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('web.social.leaderboard.player')}</th>
                <th scope="col" className="web-num">
                  {t('web.social.leaderboard.wins')}
                </th>
                <th scope="col" className="web-num">
                  {t('web.social.set.draws')}
                </th>
                <th scope="col" className="web-num">
                  {t('web.social.leaderboard.games')}
                </th>
              </tr>
            </thead>
            <tbody>
              {set.results.map((r) => (
                <tr key={r.user?.id ?? `guest:${r.guestName}`}>
                  <th scope="row">{playerName(r, t('web.social.game.deletedPlayer'))}</th>
                  <td className="web-num">{r.wins}</td>
                  <td className="web-num">{r.draws}</td>
                  <td className="web-num">{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const { id = '' } = useParams();
  const query = useGameSet({ params: { id } });
  const update = useUpdateGameSet();
  const del = useDeleteGameSet();
  const record = useCreateGame();
  const formatName = useFormatName();
  const { canEdit, group } = useCanEditSet(query.data?.set);
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState(false);
  const [confirm, setConfirm] = useState(false);
  if (query.isPending)
    return (
      <>
        <PageHeading title={t('web.page.set.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (query.error)
    return (
      <>
        <PageHeading title={t('web.page.set.title')} description={t('web.page.set.description')} />
        <LoadError error={query.error} thing="set" onRetry={() => void query.refetch()} />
      </>
    );
  const set = query.data.set;
  return (
    <>
      <PageHeading
        eyebrow={
          <>
            <Link to={lp('/sets')}>{t('web.page.sets.title')}</Link> · {t('web.page.set.title')}
          </>
        }
        title={set.name}
        description={[intl.formatDate(set.playedAt, { dateStyle: 'full' }), formatName(set.formatId)]
          .filter(Boolean)
          .join(' · ')}
        actions={
          canEdit && !editing ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('web.social.sets.edit')}
              </Button>
              <Button variant="danger" onClick={() => setConfirm(true)}>
                {t('web.social.sets.delete')}
              </Button>
            </>
          ) : undefined
        }
      />
      {group ? (
        <p className="web-game__meta">
          <Link to={lp(playgroupPath(group))}>{t('web.social.game.inGroup', { name: group.name })}</Link>
        </p>
      ) : null}
      <div className="web-stack">
        {editing ? (
          <section className="web-card" aria-labelledby="edit-set-title">
            <h2 id="edit-set-title">{t('web.social.sets.edit')}</h2>
            <SetForm
              set={set}
              submitLabel={t('web.social.sets.save')}
              pending={update.isPending}
              error={update.error}
              onCancel={() => {
                update.reset();
                setEditing(false);
              }}
              onSubmit={(body) =>
                update.mutate(
                  { params: { id }, body },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      toast({ tone: 'success', title: t('web.social.sets.saved') });
                    },
                  },
                )
              }
            />
          </section>
        ) : null}
        <div className="web-columns">
          <div className="web-stack">
            <Results set={set} />
            <section className="web-card" aria-labelledby="set-games-title">
              <div className="web-card__head">
                <h2 id="set-games-title">{t('web.social.set.games', { count: set.games.length })}</h2>
                {canEdit ? (
                  <Button variant="primary" size="sm" onClick={() => setRecording(true)}>
                    {t('web.social.sets.recordHere')}
                  </Button>
                ) : null}
              </div>
              <GameList games={set.games} empty={<NoGames hint={t('web.social.sets.noGamesHint')} />} />
            </section>
          </div>
          <div className="web-stack">
            <TagsCard kind="set" id={set.id} tags={set.tags} />
            <NoteCard key={set.note?.id ?? 'none'} kind="set" id={set.id} note={set.note} />
          </div>
        </div>
      </div>
      <Dialog open={recording} onOpenChange={setRecording} title={t('web.social.sets.recordHere')} size="lg">
        <GameForm
          setId={set.id}
          {...(group?.status === 'active' ? { playgroupId: group.id } : {})}
          submitLabel={t('web.social.games.save')}
          pending={record.isPending}
          error={record.error}
          onCancel={() => setRecording(false)}
          onSubmit={(body) =>
            record.mutate(
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
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('web.social.sets.deleteTitle', { name: set.name })}
        description={t('web.social.sets.deleteHint', { count: set.games.length })}
        confirmLabel={t('web.social.sets.delete')}
        onConfirm={async () => {
          try {
            await del.mutateAsync({ params: { id } });
            toast({ tone: 'success', title: t('web.social.sets.deleted', { name: set.name }) });
            void navigate(lp('/sets'));
          } catch (e) {
            toast({ tone: 'error', title: errorMessage(e, t) });
          }
        }}
      />
    </>
  );
}
