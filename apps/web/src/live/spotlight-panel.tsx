import { cardSearchQueryOptions, useCompanionClient } from '@companion/hooks';
import { Button, FormField, Input, Select } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { toLiveCard } from '../lib/live';
import type { Send } from './send';

/** Results offered per search. */
const RESULTS = 8;
/** How long a spotlight may stay (0: until hidden). */
const DURATIONS = [15, 30, 60];

/** Finds a card in the catalogue and shows it on the overlay, for a while or until hidden. */
export function SpotlightPanel({ send }: { send: Send }) {
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
    ...cardSearchQueryOptions(client, { query: { q, limit: RESULTS } }),
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
              ...DURATIONS.map((s) => ({
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
