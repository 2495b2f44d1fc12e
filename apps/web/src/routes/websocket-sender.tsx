import { cardSearchQueryOptions, myDecksQueryOptions, useCompanionClient } from '@companion/hooks';
import type { LiveMessage } from '@companion/sdk/contract';
import type { LiveStatus } from '@companion/sdk/live';
import { Badge, Button, FormField, Input, Select, TextArea } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { toLiveCard, useLiveChannel } from '../lib/live';

type Player = Extract<LiveMessage, { type: 'life' }>['players'][number];
type Send = (message: LiveMessage) => void;

const MAX_PLAYERS = 6;
const STATUS_TONE: Record<LiveStatus, 'success' | 'warning' | 'danger' | 'neutral'> = {
  open: 'success',
  connecting: 'neutral',
  reconnecting: 'warning',
  closed: 'danger',
};

const STATUS_LABEL: Record<LiveStatus, string> = {
  open: 'web.live.status.open',
  connecting: 'web.live.status.connecting',
  reconnecting: 'web.live.status.reconnecting',
  closed: 'web.live.status.closed',
};

export function StatusBadge({ status }: { status: LiveStatus }) {
  const t = useT();
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="live-status" data-status={status}>
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}

/** Seats as the contract wants them: a blank name (being edited) becomes the seat's number. */
const lifeMessage = (players: Player[]): LiveMessage => ({
  type: 'life',
  players: players.map((p, i) => ({ ...p, name: seatName(p, i) })),
});

const seatName = (p: Player, index: number) => p.name.trim() || `P${index + 1}`;

const newPlayer = (n: number, life: number): Player => ({
  name: `P${n}`,
  life,
  poison: 0,
  commanderDamage: [],
});

/** Debounces a value change into one send, so tapping −1 five times sends one update. */
function useDebouncedSend(send: Send, delayMs = 250) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (message: LiveMessage) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(message), delayMs);
  };
}

function Stepper({
  label,
  caption,
  value,
  onChange,
  steps,
}: {
  label: string;
  caption: string;
  value: number;
  onChange: (n: number) => void;
  steps: number[];
}) {
  return (
    <fieldset className="web-live__stepper" aria-label={label}>
      <span className="web-live__caption" aria-hidden="true">
        {caption}
      </span>
      {steps
        .filter((s) => s < 0)
        .map((s) => (
          <Button
            key={s}
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => onChange(value + s)}
            aria-label={`${label} ${s}`}
          >
            {`−${-s}`}
          </Button>
        ))}
      <output className="web-live__value" aria-live="polite">
        {value}
      </output>
      {steps
        .filter((s) => s > 0)
        .map((s) => (
          <Button
            key={s}
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => onChange(value + s)}
            aria-label={`${label} +${s}`}
          >
            {`+${s}`}
          </Button>
        ))}
    </fieldset>
  );
}

function LifePanel({ send }: { send: Send }) {
  const t = useT();
  const [startingLife, setStartingLife] = useState(40);
  const [players, setPlayers] = useState<Player[]>(() => [1, 2, 3, 4].map((n) => newPlayer(n, 40)));
  const later = useDebouncedSend(send);

  const update = (next: Player[], now = false) => {
    setPlayers(next);
    if (now) send(lifeMessage(next));
    else later(lifeMessage(next));
  };
  const setPlayer = (index: number, patch: Partial<Player>) =>
    update(players.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const setDamage = (index: number, from: number, amount: number) => {
    const current = players[index]?.commanderDamage ?? [];
    const rest = current.filter((d) => d.from !== from);
    setPlayer(index, {
      commanderDamage: (amount > 0 ? [...rest, { from, amount }] : rest).sort((a, b) => a.from - b.from),
    });
  };
  const damageFrom = (p: Player, from: number) => p.commanderDamage.find((d) => d.from === from)?.amount ?? 0;

  return (
    <section className="web-card web-live__panel" aria-labelledby="live-life">
      <h2 id="live-life">{t('web.live.life.title')}</h2>
      <div className="web-live__row">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={players.length >= MAX_PLAYERS}
          onClick={() => update([...players, newPlayer(players.length + 1, startingLife)], true)}
        >
          {t('web.live.life.addPlayer')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={players.length <= 1}
          onClick={() =>
            update(
              players.slice(0, -1).map((p) => ({
                ...p,
                commanderDamage: p.commanderDamage.filter((d) => d.from < players.length - 1),
              })),
              true,
            )
          }
        >
          {t('web.live.life.removePlayer')}
        </Button>
        <Select
          aria-label={t('web.live.life.startingLife')}
          value={String(startingLife)}
          onValueChange={(v) => setStartingLife(Number(v))}
          options={[20, 25, 30, 40].map((n) => ({
            value: String(n),
            label: t('web.live.life.startAt', { life: n }),
          }))}
        />
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() =>
            update(
              players.map((p) => ({ ...p, life: startingLife, poison: 0, commanderDamage: [] })),
              true,
            )
          }
        >
          {t('web.live.life.reset')}
        </Button>
      </div>
      <ol className="web-live__players">
        {players.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={i} className="web-live__player" data-testid={`seat-${i + 1}`}>
            <Input
              aria-label={t('web.live.life.name', { seat: i + 1 })}
              value={p.name}
              maxLength={40}
              onChange={(e) => setPlayer(i, { name: e.target.value })}
            />
            <Stepper
              label={t('web.live.life.lifeOf', { name: seatName(p, i) })}
              caption={t('web.live.life.lifeShort')}
              value={p.life}
              steps={[-5, -1, 1, 5]}
              onChange={(life) => setPlayer(i, { life: Math.max(-999, Math.min(9999, life)) })}
            />
            <Stepper
              label={t('web.live.life.poisonOf', { name: seatName(p, i) })}
              caption={t('web.live.life.poisonShort')}
              value={p.poison}
              steps={[-1, 1]}
              onChange={(poison) => setPlayer(i, { poison: Math.max(0, Math.min(99, poison)) })}
            />
            {players.length > 1 ? (
              <details className="web-live__damage">
                <summary>{t('web.live.life.commanderDamage')}</summary>
                {players.map((from, j) =>
                  j === i ? null : (
                    <Stepper
                      // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                      key={j}
                      label={t('web.live.life.damageFrom', { name: seatName(from, j) })}
                      caption={seatName(from, j)}
                      value={damageFrom(p, j)}
                      steps={[-1, 1]}
                      onChange={(amount) => setDamage(i, j, Math.max(0, Math.min(999, amount)))}
                    />
                  ),
                )}
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="web-live__row">
        <Button type="button" variant="primary" onClick={() => send(lifeMessage(players))}>
          {t('web.live.life.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'life' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}

function SpotlightPanel({ send }: { send: Send }) {
  const t = useT();
  const client = useCompanionClient();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [duration, setDuration] = useState('0');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const search = useQuery({
    ...cardSearchQueryOptions(client, { query: { q, limit: 8 } }),
    enabled: q.length >= 2,
  });
  const seconds = Number(duration);
  return (
    <section className="web-card web-live__panel" aria-labelledby="live-spotlight">
      <h2 id="live-spotlight">{t('web.live.spotlight.title')}</h2>
      <div className="web-live__row">
        <FormField label={t('web.live.spotlight.search')} className="web-live__grow">
          <Input
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="Sol Ring, t:dragon…"
          />
        </FormField>
        <FormField label={t('web.live.spotlight.duration')}>
          <Select
            value={duration}
            onValueChange={setDuration}
            options={[
              { value: '0', label: t('web.live.spotlight.untilHidden') },
              ...[15, 30, 60].map((s) => ({
                value: String(s),
                label: t('web.live.spotlight.seconds', { seconds: s }),
              })),
            ]}
          />
        </FormField>
      </div>
      {search.isError ? (
        <p className="web-form__error" role="alert">
          {t('web.live.spotlight.searchError')}
        </p>
      ) : null}
      {search.data ? (
        search.data.cards.length === 0 ? (
          <p className="web-muted">{t('web.live.spotlight.none')}</p>
        ) : (
          <ul className="web-live__results" aria-label={t('web.live.spotlight.results')}>
            {search.data.cards.map((card) => (
              <li key={card.id}>
                <span className="web-live__result-name">{card.printed_name ?? card.name}</span>
                <span className="web-muted">{card.set_name}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="primary"
                  aria-label={t('web.live.spotlight.showCard', { name: card.name })}
                  onClick={() =>
                    send({
                      type: 'spotlight',
                      card: toLiveCard(card),
                      ...(seconds > 0 ? { durationSeconds: seconds } : {}),
                    })
                  }
                >
                  {t('web.live.spotlight.show')}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'spotlight' })}>
        {t('web.live.spotlight.hide')}
      </Button>
    </section>
  );
}

function DeckPanel({ send }: { send: Send }) {
  const t = useT();
  // Fetched again on opening: decks may have been made on another device since the list was cached.
  const decks = useQuery({ ...myDecksQueryOptions(useCompanionClient()), refetchOnMount: 'always' });
  const list = decks.data?.decks ?? [];
  const [deckId, setDeckId] = useState('');
  const deck = list.find((d) => d.id === deckId);
  return (
    <section className="web-card web-live__panel" aria-labelledby="live-deck">
      <h2 id="live-deck">{t('web.live.deck.title')}</h2>
      {decks.isSuccess && list.length === 0 ? <p className="web-muted">{t('web.live.deck.none')}</p> : null}
      <div className="web-live__row">
        <Select
          aria-label={t('web.live.deck.pick')}
          placeholder={t('web.live.deck.pick')}
          value={deckId}
          disabled={list.length === 0}
          onValueChange={setDeckId}
          options={list.map((d) => ({ value: d.id, label: d.name }))}
        />
        <Button
          type="button"
          variant="primary"
          disabled={!deck}
          onClick={() =>
            deck &&
            send({
              type: 'deck',
              deck: {
                name: deck.name,
                commanders: deck.commanders
                  .slice(0, 2)
                  .map((c) => ({ id: c.id, name: c.name, imageUri: c.image })),
                colorIdentity: deck.colorIdentity,
                bracket: deck.bracket,
              },
            })
          }
        >
          {t('web.live.deck.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'deck' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}

function TimerPanel({ send }: { send: Send }) {
  const t = useT();
  const [timer, setTimer] = useState({ running: false, elapsedMs: 0, since: 0 });
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!timer.running) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [timer.running]);
  const current = (at: number) => (timer.running ? timer.elapsedMs + (at - timer.since) : timer.elapsedMs);
  const act = (action: 'start' | 'pause' | 'reset') => {
    const at = Date.now();
    const elapsedMs = action === 'reset' ? 0 : Math.round(current(at));
    setTimer({ running: action === 'start', elapsedMs, since: at });
    setNow(at);
    send({ type: 'timer', action, elapsedMs });
  };
  const total = Math.floor(current(now) / 1000);
  const clock = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  return (
    <section className="web-card web-live__panel" aria-labelledby="live-timer">
      <h2 id="live-timer">{t('web.live.timer.title')}</h2>
      <div className="web-live__row">
        <output className="web-live__clock">{clock}</output>
        {timer.running ? (
          <Button type="button" variant="secondary" onClick={() => act('pause')}>
            {t('web.live.timer.pause')}
          </Button>
        ) : (
          <Button type="button" variant="primary" onClick={() => act('start')}>
            {t('web.live.timer.start')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={() => act('reset')}>
          {t('web.live.timer.reset')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'timer' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}

function TextPanel({ send }: { send: Send }) {
  const t = useT();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send({ type: 'text', text: text.trim() });
  };
  return (
    <form className="web-card web-live__panel" aria-labelledby="live-text" onSubmit={submit}>
      <h2 id="live-text">{t('web.live.text.title')}</h2>
      <FormField label={t('web.live.text.label')} hint={t('web.live.text.hint')}>
        <TextArea value={text} maxLength={280} rows={2} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <div className="web-live__row">
        <Button type="submit" variant="primary" disabled={!text.trim()}>
          {t('web.live.text.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'text' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </form>
  );
}

/** `/websocket/sender`: a phone-friendly control panel for the overlay. */
export function Component() {
  const t = useT();
  const { client, status, error } = useLiveChannel('sender');
  const [failure, setFailure] = useState<string | null>(null);
  const send: Send = (message) => {
    if (!client) return;
    setFailure(null);
    client.send(message).catch((e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
  };
  const shown = failure ?? (status === 'closed' ? error?.message : null);
  return (
    <div className="web-live">
      <PageHeading
        title={t('web.page.websocketSender.title')}
        description={t('web.page.websocketSender.description')}
        actions={<StatusBadge status={status} />}
      />
      {shown ? (
        <p className="web-form__error" role="alert">
          {shown}
        </p>
      ) : null}
      <LifePanel send={send} />
      <SpotlightPanel send={send} />
      <DeckPanel send={send} />
      <TimerPanel send={send} />
      <TextPanel send={send} />
      <Button type="button" variant="danger" onClick={() => send({ type: 'clear', target: 'all' })}>
        {t('web.live.clearAll')}
      </Button>
    </div>
  );
}
