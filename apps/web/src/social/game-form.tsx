import {
  playgroupQueryOptions,
  useCompanionClient,
  useFormats,
  useMyDecks,
  useMyFriends,
  useMyPlaygroups,
  useUserStore,
} from '@companion/hooks';
import { GAME_RESULTS, type GameResultValue, LIMITS } from '@companion/sdk';
import type { Game, GameInput } from '@companion/sdk/contract';
import { Button, FormField, Input, Select } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { FormActions } from './form-actions';
import { localDateTime } from './local-date';
import { displayName, RESULT_KEY } from './names';
import { useEditableSets } from './set-form';

type Result = GameResultValue;
interface PlayerDraft {
  key: number;
  /** `me`, `user:<id>` or `guest`. */
  who: string;
  guestName: string;
  deck: string;
  deckName: string;
  seat: string;
  result: Result;
}

const NONE = '__none';
const OTHER = '__other';
let nextKey = 1;
const blank = (who: string, result: Result = 'loss'): PlayerDraft => ({
  key: nextKey++,
  who,
  guestName: '',
  deck: NONE,
  deckName: '',
  seat: '',
  result,
});

function fromGame(game: Game, me: string | null): PlayerDraft[] {
  // A deleted account's line is neither a user nor a guest: the server keeps it as it is.
  return game.players
    .filter((p) => p.user || p.guestName !== null)
    .map((p) => ({
      key: nextKey++,
      who: p.user ? (p.user.id === me ? 'me' : `user:${p.user.id}`) : 'guest',
      guestName: p.guestName ?? '',
      deck: p.deck && p.user?.id === me ? p.deck.id : p.deckName || p.deck ? OTHER : NONE,
      deckName: p.deckName ?? p.deck?.name ?? '',
      seat: p.seat != null ? String(p.seat) : '',
      result: p.result,
    }));
}

/**
 * Record or edit a game: format, date, playgroup, set, players (friends, members or named guests),
 * decks, seats, results.
 */
export function GameForm({
  game,
  playgroupId: fixedPlaygroup,
  setId: fixedSet,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  game?: Game;
  playgroupId?: string;
  /** Record the game in this set (from the set's page): no set picker. */
  setId?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (input: GameInput) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const me = useUserStore((s) => s.userId);
  const formats = useFormats();
  const decks = useMyDecks();
  const friends = useMyFriends();
  const playgroups = useMyPlaygroups();
  const [formatId, setFormatId] = useState(game?.formatId ?? '');
  const [subformatId, setSubformatId] = useState(game?.subformatId ?? NONE);
  const [playgroupId, setPlaygroupId] = useState(game?.playgroupId ?? fixedPlaygroup ?? NONE);
  const [setId, setSetId] = useState(fixedSet ?? game?.setId ?? NONE);
  const editableSets = useEditableSets();
  const [playedAt, setPlayedAt] = useState(localDateTime(game?.playedAt ?? new Date().toISOString()));
  const [turns, setTurns] = useState(game?.turns != null ? String(game.turns) : '');
  const [duration, setDuration] = useState(game?.durationMinutes != null ? String(game.durationMinutes) : '');
  const [tags, setTags] = useState('');
  const [players, setPlayers] = useState<PlayerDraft[]>(() =>
    game ? fromGame(game, me) : [blank('me', 'win'), blank('guest')],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const deletedPlayers = game?.players.filter((p) => !p.user && p.guestName === null).length ?? 0;
  const groupEnabled = playgroupId !== NONE;
  const group = useQuery({
    ...playgroupQueryOptions(useCompanionClient(), { params: { id: playgroupId } }),
    enabled: groupEnabled,
  });

  const format = formats.data?.formats.find((f) => f.id === formatId);
  const people = useMemo(() => {
    const map = new Map<string, string>();
    for (const f of friends.data?.friends ?? [])
      if (f.status === 'accepted') map.set(f.user.id, displayName(f.user));
    if (groupEnabled)
      for (const m of group.data?.playgroup.members ?? [])
        if (m.status === 'active' && m.user.id !== me) map.set(m.user.id, displayName(m.user));
    for (const p of game?.players ?? [])
      if (p.user && p.user.id !== me) map.set(p.user.id, displayName(p.user));
    return [...map.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [friends.data, group.data, groupEnabled, me, game]);

  const update = (key: number, patch: Partial<PlayerDraft>) =>
    setPlayers((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!formatId) return setProblem(t('web.social.form.needFormat'));
    const used = new Set<string>();
    for (const p of players) {
      if (p.who === 'guest' && !p.guestName.trim()) return setProblem(t('web.social.form.needGuestName'));
      if (p.who !== 'guest') {
        if (used.has(p.who)) return setProblem(t('web.social.form.duplicatePlayer'));
        used.add(p.who);
      }
    }
    const when = new Date(playedAt);
    const input: GameInput = {
      formatId,
      subformatId: subformatId === NONE ? null : subformatId,
      playgroupId: playgroupId === NONE ? null : playgroupId,
      playedAt: Number.isNaN(when.getTime()) ? undefined : when.toISOString(),
      turns: turns ? Number(turns) : null,
      durationMinutes: duration ? Number(duration) : null,
      players: players.map((p) => ({
        userId: p.who === 'me' ? me : p.who.startsWith('user:') ? p.who.slice(5) : null,
        guestName: p.who === 'guest' ? p.guestName.trim() : null,
        deckId: p.who === 'me' && p.deck !== NONE && p.deck !== OTHER ? p.deck : null,
        deckName: p.deck === OTHER || p.who !== 'me' ? p.deckName.trim() || null : null,
        seat: p.seat ? Number(p.seat) : null,
        result: p.result,
      })),
      ...(game
        ? {}
        : {
            tags: tags
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          }),
    };
    input.setId = setId === NONE ? null : setId;
    onSubmit(input);
  };

  const whoOptions = [
    { value: 'me', label: t('web.social.form.me') },
    ...people.map(([id, name]) => ({ value: `user:${id}`, label: name })),
    { value: 'guest', label: t('web.social.form.guest') },
  ];
  const setOptions = [
    { value: NONE, label: t('web.social.form.noSet') },
    ...editableSets.sets.map((s) => ({ value: s.id, label: s.name })),
    // a set the player cannot add games to (someone else's) stays as it is
    ...(game?.setId && !editableSets.sets.some((s) => s.id === game.setId)
      ? [
          {
            value: game.setId,
            label:
              editableSets.visible.find((s) => s.id === game.setId)?.name ?? t('web.social.form.currentSet'),
          },
        ]
      : []),
  ];
  const myDecks = (decks.data?.decks ?? []).filter(
    (d) => !d.archived && (!formatId || d.formatId === formatId),
  );

  return (
    <form className="web-form web-game-form" onSubmit={submit} noValidate>
      <div className="web-inline-fields">
        <FormField label={t('web.social.form.format')} required>
          <Select
            name="format"
            value={formatId || undefined}
            placeholder={t('web.social.form.chooseFormat')}
            onValueChange={(v) => {
              setFormatId(v);
              setSubformatId(NONE);
            }}
            options={(formats.data?.formats ?? []).map((f) => ({ value: f.id, label: f.name }))}
          />
        </FormField>
        {format?.subformats.length ? (
          <FormField label={t('web.social.form.subformat')}>
            <Select
              name="subformat"
              value={subformatId}
              onValueChange={setSubformatId}
              options={[
                { value: NONE, label: t('web.social.form.noSubformat') },
                ...format.subformats.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
          </FormField>
        ) : null}
        <FormField label={t('web.social.form.playedAt')}>
          <Input
            type="datetime-local"
            name="playedAt"
            value={playedAt}
            onChange={(e) => setPlayedAt(e.target.value)}
          />
        </FormField>
        {fixedPlaygroup ? null : (
          <FormField label={t('web.social.form.playgroup')}>
            <Select
              name="playgroup"
              value={playgroupId}
              onValueChange={setPlaygroupId}
              options={[
                { value: NONE, label: t('web.social.form.noPlaygroup') },
                ...(playgroups.data?.playgroups ?? [])
                  .filter((p) => p.status === 'active')
                  .map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          </FormField>
        )}
        {fixedSet ? null : (
          <FormField label={t('web.social.form.set')} hint={t('web.social.form.setHint')}>
            <Select name="set" value={setId} onValueChange={setSetId} options={setOptions} />
          </FormField>
        )}
      </div>

      <fieldset className="web-fieldset">
        <legend>{t('web.social.form.players')}</legend>
        {deletedPlayers ? (
          <p className="web-muted">{t('web.social.form.deletedKept', { count: deletedPlayers })}</p>
        ) : null}
        <ol className="web-player-rows">
          {players.map((p, index) => (
            <li key={p.key} className="web-player-row" data-testid="player-row">
              <FormField label={t('web.social.form.player', { n: index + 1 })}>
                <Select
                  name={`player-${index}`}
                  value={p.who}
                  onValueChange={(v) => update(p.key, { who: v, deck: NONE })}
                  options={whoOptions}
                />
              </FormField>
              {p.who === 'guest' ? (
                <FormField label={t('web.social.form.guestName', { n: index + 1 })}>
                  <Input
                    name={`guest-${index}`}
                    value={p.guestName}
                    maxLength={LIMITS.guestName.max}
                    onChange={(e) => update(p.key, { guestName: e.target.value })}
                  />
                </FormField>
              ) : p.who === 'me' && myDecks.length ? (
                <FormField label={t('web.social.form.deck', { n: index + 1 })}>
                  <Select
                    name={`deck-${index}`}
                    value={p.deck}
                    onValueChange={(v) => update(p.key, { deck: v })}
                    options={[
                      { value: NONE, label: t('web.social.form.noDeck') },
                      ...myDecks.map((d) => ({ value: d.id, label: d.name })),
                      { value: OTHER, label: t('web.social.form.otherDeck') },
                    ]}
                  />
                </FormField>
              ) : (
                <span />
              )}
              <FormField label={t('web.social.form.seat', { n: index + 1 })}>
                <Input
                  type="number"
                  min={LIMITS.seat.min}
                  max={LIMITS.seat.max}
                  inputMode="numeric"
                  name={`seat-${index}`}
                  value={p.seat}
                  onChange={(e) => update(p.key, { seat: e.target.value })}
                />
              </FormField>
              <FormField label={t('web.social.form.result', { n: index + 1 })}>
                <Select
                  name={`result-${index}`}
                  value={p.result}
                  onValueChange={(v) => update(p.key, { result: v as Result })}
                  options={GAME_RESULTS.map((r) => ({
                    value: r,
                    label: t(RESULT_KEY[r]),
                  }))}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={players.length <= LIMITS.playersPerGame.min}
                onClick={() => setPlayers((list) => list.filter((x) => x.key !== p.key))}
                aria-label={t('web.social.form.removePlayer', { n: index + 1 })}
              >
                ✕
              </Button>
              {p.who === 'guest' || p.deck === OTHER || (p.who !== 'me' && p.who !== 'guest') ? (
                <FormField
                  label={t('web.social.form.deckName', { n: index + 1 })}
                  className="web-player-row__wide"
                >
                  <Input
                    name={`deckname-${index}`}
                    value={p.deckName}
                    maxLength={LIMITS.deckName.max}
                    onChange={(e) => update(p.key, { deckName: e.target.value })}
                  />
                </FormField>
              ) : null}
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={players.length >= LIMITS.playersPerGame.max}
          onClick={() => setPlayers((list) => [...list, blank('guest')])}
        >
          {t('web.social.form.addPlayer')}
        </Button>
      </fieldset>

      <div className="web-inline-fields">
        <FormField label={t('web.social.form.turns')}>
          <Input
            type="number"
            min={LIMITS.turns.min}
            max={LIMITS.turns.max}
            inputMode="numeric"
            name="turns"
            value={turns}
            onChange={(e) => setTurns(e.target.value)}
          />
        </FormField>
        <FormField label={t('web.social.form.duration')}>
          <Input
            type="number"
            min={LIMITS.durationMinutes.min}
            max={LIMITS.durationMinutes.max}
            inputMode="numeric"
            name="duration"
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
          />
        </FormField>
        {game ? null : (
          <FormField label={t('web.social.form.tags')} hint={t('web.social.form.tagsHint')}>
            <Input name="tags" value={tags} onChange={(e) => setTags(e.target.value)} />
          </FormField>
        )}
      </div>
      {problem || error ? (
        <p className="web-form__error" role="alert">
          {problem ?? errorMessage(error, t)}
        </p>
      ) : null}
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
