import '../social/social.css';
import {
  gameSetQueryOptions,
  playgroupQueryOptions,
  useCompanionClient,
  useDeleteGame,
  useGame,
  useUpdateGame,
  useUserStore,
} from '@companion/hooks';
import { canEditGame } from '@companion/sdk';
import type { Game } from '@companion/sdk/contract';
import { Badge, Button, ConfirmDialog, Skeleton } from '@companion/ui';
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
import { useFormatName } from '../social/game-list';
import { playerName, playgroupPath, RESULT_KEY, userPath } from '../social/names';
import { ScrollTable } from '../social/scroll-table';

/** Its recorder, or a manager of its playgroup: the shared rule the server applies too. */
function useCanEdit(game: Game | undefined) {
  const me = useUserStore((s) => s.userId);
  const group = usePlaygroupIfAny(game?.playgroupId ?? null);
  if (!game || !me) return { canEdit: false, group };
  return { canEdit: canEditGame({ id: me, standing: group }, game), group };
}

function usePlaygroupIfAny(id: string | null) {
  const q = useQuery({
    ...playgroupQueryOptions(useCompanionClient(), { params: { id: id ?? 'none' } }),
    enabled: id !== null,
    retry: false,
  });
  return id ? (q.data?.playgroup ?? null) : null;
}

/** The name of the game's set, once loaded (the link reads "Part of a set of games" until then). */
function useSetName(id: string | null) {
  const q = useQuery({
    ...gameSetQueryOptions(useCompanionClient(), { params: { id: id ?? 'none' } }),
    enabled: id !== null,
    retry: false,
  });
  return id ? (q.data?.set.name ?? null) : null;
}

function Players({ game }: { game: Game }) {
  const t = useT();
  const lp = useLocalePath();
  const players = [...game.players].sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99));
  const seats = players.some((p) => p.seat != null);
  return (
    <section className="web-card" aria-labelledby="players-title">
      <h2 id="players-title">{t('web.social.game.players')}</h2>
      <ScrollTable label={t('web.social.game.players')}>
        <table className="web-table" data-testid="players-table">
          <thead>
            <tr>
              <th scope="col">{t('web.social.game.player')}</th>
              <th scope="col">{t('web.social.game.deck')}</th>
              {seats ? (
                <th scope="col" className="web-num">
                  {t('web.social.game.seat')}
                </th>
              ) : null}
              <th scope="col">{t('web.social.game.result')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  {p.user ? (
                    <Link to={lp(userPath(p.user))}>{playerName(p)}</Link>
                  ) : p.guestName === null ? (
                    <span className="web-muted">{t('web.social.game.deletedPlayer')}</span>
                  ) : (
                    <>
                      {playerName(p)} <Badge>{t('web.social.game.guest')}</Badge>
                    </>
                  )}
                </th>
                <td>
                  {p.deck ? (
                    <Link to={lp(`/deck/${p.deck.id}/deck`)}>{p.deck.name}</Link>
                  ) : (
                    (p.deckName ?? '—')
                  )}
                </td>
                {seats ? <td className="web-num">{p.seat ?? '—'}</td> : null}
                <td>
                  <Badge tone={p.result === 'win' ? 'success' : p.result === 'draw' ? 'info' : 'neutral'}>
                    {t(RESULT_KEY[p.result])}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
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
  const query = useGame({ params: { id } });
  const update = useUpdateGame();
  const del = useDeleteGame();
  const formatName = useFormatName();
  const { canEdit, group } = useCanEdit(query.data?.game);
  const setName = useSetName(query.data?.game.setId ?? null);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);

  if (query.isPending)
    return (
      <>
        <PageHeading title={t('web.page.game.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (query.error)
    return (
      <>
        <PageHeading title={t('web.page.game.title')} description={t('web.page.game.description')} />
        <LoadError error={query.error} thing="game" onRetry={() => void query.refetch()} />
      </>
    );
  const game = query.data.game;
  const winners = game.players
    .filter((p) => p.result === 'win')
    .map((p) => playerName(p, t('web.social.game.deletedPlayer')));
  const facts = [
    formatName(game.formatId),
    game.turns != null ? t('web.social.games.turns', { count: game.turns }) : null,
    game.durationMinutes != null ? t('web.social.games.minutes', { count: game.durationMinutes }) : null,
  ].filter(Boolean);
  return (
    <>
      <PageHeading
        eyebrow={t('web.page.game.title')}
        title={intl.formatDate(game.playedAt, { dateStyle: 'full', timeStyle: 'short' })}
        description={
          winners.length
            ? t('web.social.game.won', { names: intl.formatList(winners), count: winners.length })
            : t('web.social.game.noWinner')
        }
        actions={
          canEdit && !editing ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('web.social.game.edit')}
              </Button>
              <Button variant="danger" onClick={() => setConfirm(true)}>
                {t('web.social.game.delete')}
              </Button>
            </>
          ) : undefined
        }
      />
      <p className="web-game__meta">
        {facts.map((f) => (
          <Badge key={String(f)}>{f}</Badge>
        ))}
        {group ? (
          <Link to={lp(playgroupPath(group))}>{t('web.social.game.inGroup', { name: group.name })}</Link>
        ) : null}
        {game.setId ? (
          <Link to={lp(`/set/${game.setId}`)}>
            {setName ? t('web.social.game.inSetNamed', { name: setName }) : t('web.social.game.inSet')}
          </Link>
        ) : null}
      </p>
      {editing ? (
        <section className="web-card" aria-labelledby="edit-title">
          <h2 id="edit-title">{t('web.social.game.edit')}</h2>
          <GameForm
            game={game}
            playgroupId={game.playgroupId ?? undefined}
            submitLabel={t('web.social.games.save')}
            pending={update.isPending}
            error={update.error}
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              update.mutate(
                { params: { id }, body },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast({ tone: 'success', title: t('web.social.game.saved') });
                  },
                },
              )
            }
          />
        </section>
      ) : null}
      <div className="web-columns">
        <Players game={game} />
        <div className="web-stack">
          <TagsCard kind="game" id={game.id} tags={game.tags} />
          <NoteCard key={game.note?.id ?? 'none'} kind="game" id={game.id} note={game.note} />
        </div>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('web.social.game.deleteTitle')}
        description={t('web.social.game.deleteHint')}
        confirmLabel={t('web.social.game.delete')}
        onConfirm={async () => {
          try {
            await del.mutateAsync({ params: { id } });
            toast({ tone: 'success', title: t('web.social.game.deleted') });
            void navigate(lp('/games'));
          } catch (e) {
            toast({ tone: 'error', title: errorMessage(e, t) });
          }
        }}
      />
    </>
  );
}
