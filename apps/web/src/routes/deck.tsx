import {
  useArchiveDeck,
  useDeck,
  useDeleteDeckPermanently,
  useFormats,
  useRestoreDeck,
  useUserStore,
} from '@companion/hooks';
import type { Card } from '@companion/sdk/contract';
import { Badge, Button, CardImage, ConfirmDialog, Markdown, Select, Skeleton } from '@companion/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import '../components/cards/cards.css';
import { CardDetailDialog } from '../components/cards/card-detail';
import { imageCard, useCurrency, useMoney } from '../components/cards/common';
import { Boards } from '../components/cards/deck-boards';
import { DeckExport } from '../components/cards/deck-export';
import {
  BracketPicker,
  ColorPips,
  DeckCharts,
  DeckFigures,
  Legality,
  Unowned,
} from '../components/cards/deck-parts';
import { DeckSharing } from '../components/cards/deck-sharing';
import { ManaPanel } from '../components/cards/mana-panel';
import { SampleHandPanel } from '../components/cards/sample-hand-panel';
import { useUndoableArchive } from '../components/cards/undo';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

const SINCE = ['all', '30', '90', '365'] as const;
const SINCE_KEY: Record<string, string> = {
  all: 'web.cards.deck.sinceAll',
  '30': 'web.cards.deck.since30',
  '90': 'web.cards.deck.since90',
  '365': 'web.cards.deck.since365',
};
const RESULT_KEY: Record<string, string> = {
  win: 'web.cards.deck.win',
  loss: 'web.cards.deck.loss',
  draw: 'web.cards.deck.draw',
};

export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const { id = '' } = useParams();
  const _currency = useCurrency();
  const _money = useMoney();
  const me = useUserStore((s) => s.userId);
  const [formatFilter, setFormatFilter] = useState('all');
  const [since, setSince] = useState<(typeof SINCE)[number]>('all');
  const query = {
    ...(formatFilter !== 'all' ? { formatid: formatFilter } : {}),
    ...(since !== 'all' ? { timestamp: Date.now() - Number(since) * 86_400_000 } : {}),
  };
  const view = useDeck({ params: { id }, query });
  const formats = useFormats().data?.formats ?? [];
  const archive = useArchiveDeck();
  const undoArchive = useUndoableArchive();
  const restore = useRestoreDeck();
  const remove = useDeleteDeckPermanently();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const [open, setOpen] = useState<Card | null>(null);

  if (view.error)
    return (
      <>
        <PageHeading title={t('web.page.deck.title')} />
        <LoadError error={view.error} thing="deck" onRetry={() => void view.refetch()} />
      </>
    );
  if (!view.data)
    return (
      <>
        <PageHeading title={<Skeleton shape="text" width={220} />} />
        <Skeleton shape="rect" width="100%" height={360} />
      </>
    );
  const { deck, games, stats, unresolved } = view.data;
  const mine = deck.ownerId === me;
  const format = formats.find((f) => f.id === deck.formatId);
  const commanders = deck.cards.filter((c) => c.board === 'commander' && c.card);
  return (
    <>
      <PageHeading
        eyebrow={
          <>
            <ColorPips colors={deck.colorIdentity} /> {format?.name ?? ''}
            {deck.archived ? (
              <>
                {' '}
                <Badge tone="neutral">{t('web.cards.deck.archivedBadge')}</Badge>
              </>
            ) : null}
          </>
        }
        title={deck.name}
        description={
          deck.description ? (
            <Markdown source={deck.description} className="web-deck__description" />
          ) : (
            t('web.page.deck.description')
          )
        }
        actions={
          mine ? (
            <>
              <Link className="web-link-button" to={lp(`/decks/${deck.id}/edit`)}>
                {t('web.cards.deck.edit')}
              </Link>
              {deck.archived ? (
                <Button
                  variant="secondary"
                  loading={restore.isPending}
                  onClick={() => restore.mutate({ params: { id: deck.id } })}
                >
                  {t('web.cards.deck.restore')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setConfirm('archive')}>
                  {t('web.cards.deck.archive')}
                </Button>
              )}
              <Button variant="danger" onClick={() => setConfirm('delete')}>
                {t('web.cards.deck.delete')}
              </Button>
            </>
          ) : null
        }
      />
      <div className="web-stack">
        {unresolved.length ? (
          <div className="web-notice" role="status">
            {t('web.cards.deck.unresolved', { count: unresolved.length })}{' '}
            {unresolved
              .slice(0, 10)
              .map((u) => u.text)
              .join(' · ')}
          </div>
        ) : null}
        {commanders.length ? (
          <div className="web-commanders">
            {commanders.map((c) => (
              <CardImage key={c.card!.id} card={imageCard(c.card!)} size="normal" />
            ))}
          </div>
        ) : null}
        <section className="web-card" aria-labelledby="deck-stats-title">
          <div className="web-card__head">
            <h2 id="deck-stats-title">{t('web.cards.deck.stats')}</h2>
            <div className="web-toolbar">
              <div className="web-inline-field">
                <label htmlFor="deck-filter-format">{t('web.cards.deck.format')}</label>
                <Select
                  id="deck-filter-format"
                  value={formatFilter}
                  onValueChange={setFormatFilter}
                  options={[
                    { value: 'all', label: t('web.cards.deck.allFormats') },
                    ...formats.map((f) => ({ value: f.id, label: f.name })),
                  ]}
                />
              </div>
              <div className="web-inline-field">
                <label htmlFor="deck-filter-since">{t('web.cards.deck.since')}</label>
                <Select
                  id="deck-filter-since"
                  value={since}
                  onValueChange={(v) => setSince(v as typeof since)}
                  options={SINCE.map((s) => ({ value: s, label: t(SINCE_KEY[s]!) }))}
                />
              </div>
            </div>
          </div>
          <dl className="web-stats">
            <div>
              <dt>{t('web.cards.deck.games')}</dt>
              <dd>{stats.games}</dd>
            </div>
            <div>
              <dt>{t('web.cards.deck.winRate')}</dt>
              <dd>{stats.games ? intl.formatNumber(stats.winRate, { style: 'percent' }) : '—'}</dd>
            </div>
            <div>
              <dt>{t('web.cards.deck.wins')}</dt>
              <dd>{stats.wins}</dd>
            </div>
            <DeckFigures deck={deck} />
          </dl>
        </section>
        <Legality legality={deck.legality} format={format?.name ?? null} />
        {format?.hasBrackets && mine ? <BracketPicker deck={deck} /> : null}
        {mine ? <DeckSharing deck={deck} /> : null}
        <DeckCharts cards={deck.cards} />
        <ManaPanel cards={deck.cards} />
        <section className="web-card" aria-labelledby="deck-list-title">
          <h2 id="deck-list-title">{t('web.cards.deck.list')}</h2>
          <Boards deck={deck} onOpen={setOpen} editable={mine && !deck.archived} />
        </section>
        {deck.cards.length ? <DeckExport deck={deck} /> : null}
        {deck.cards.some((c) => c.board === 'main') ? <SampleHandPanel key={deck.id} deck={deck} /> : null}
        {mine ? <Unowned deck={deck} /> : null}
        <section className="web-card" aria-labelledby="deck-games-title">
          <h2 id="deck-games-title">{t('web.cards.deck.gamesTitle')}</h2>
          {games.length === 0 ? (
            <p className="web-muted">{t('web.cards.deck.noGames')}</p>
          ) : (
            <ul className="web-listrows">
              {games.slice(0, 20).map((g) => {
                const own = g.players.find((p) => p.deck?.id === deck.id);
                return (
                  <li key={g.id} className="web-listrow">
                    <Link to={lp(`/game/${g.id}`)} className="web-listrow__name">
                      {intl.formatDate(g.playedAt, { dateStyle: 'medium' })}
                    </Link>
                    {own ? (
                      <Badge
                        tone={own.result === 'win' ? 'success' : own.result === 'loss' ? 'danger' : 'neutral'}
                      >
                        {t(RESULT_KEY[own.result]!)}
                      </Badge>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <CardDetailDialog card={open} onOpenChange={(o) => !o && setOpen(null)} />
      {confirm === 'archive' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('web.cards.deck.archiveTitle', { name: deck.name })}
          description={t('web.cards.deck.archiveDescription')}
          confirmLabel={t('web.cards.deck.archive')}
          loading={archive.isPending}
          onConfirm={() =>
            archive.mutateAsync({ params: { id: deck.id } }).then(() => {
              undoArchive(deck);
              setConfirm(null);
            })
          }
        />
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('web.cards.deck.deleteTitle', { name: deck.name })}
          description={t('web.cards.deck.deleteDescription')}
          confirmLabel={t('web.cards.deck.deleteConfirm')}
          destructive
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync({ params: { id: deck.id } }).then(() => {
              toast({ title: t('web.cards.deck.deletedToast', { name: deck.name }), tone: 'success' });
              navigate(lp('/decks'));
            })
          }
        />
      ) : null}
    </>
  );
}
