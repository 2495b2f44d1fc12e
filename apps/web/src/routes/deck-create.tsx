import { useCreateDeck, useFormats, useSettings } from '@companion/hooks';
import { DECK_VISIBILITIES, type DeckVisibilityValue, isOneOf, LIMITS } from '@companion/sdk';
import { Button, FormField, Input, Select, TextArea } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import '../components/cards/cards.css';
import { useToast } from '../app/toasts';
import { slug } from '../components/cards/common';
import { VISIBILITY_KEY } from '../components/cards/deck-sharing';
import { skippedSummary } from '../components/cards/skipped';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** The Commander brackets, as the picker's values. */
const BRACKETS = Array.from({ length: LIMITS.bracket.max - LIMITS.bracket.min + 1 }, (_, i) =>
  String(LIMITS.bracket.min + i),
);

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const formats = useFormats();
  const defaultFormat = useSettings()?.defaultFormatId ?? null;
  const create = useCreateDeck();
  const toast = useToast();
  const [name, setName] = useState('');
  const [formatId, setFormatId] = useState('');
  const [bracket, setBracket] = useState('');
  const [decklist, setDecklist] = useState('');
  const [description, setDescription] = useState('');
  // Public unless chosen otherwise: listed on the profile, as decks always were.
  const [visibility, setVisibility] = useState<DeckVisibilityValue>('public');
  const list = formats.data?.formats ?? [];
  const chosen = formatId || defaultFormat || list.find((f) => f.commander)?.id || list[0]?.id || '';
  const format = list.find((f) => f.id === chosen);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        body: {
          name: name.trim(),
          formatId: chosen,
          visibility,
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(bracket && format?.hasBrackets ? { bracket: Number(bracket) } : {}),
          ...(decklist.trim() ? { decklist } : {}),
        },
      },
      {
        onSuccess: (data) => {
          const skipped = skippedSummary(t, data.skipped);
          if (skipped) toast({ title: t('web.cards.deck.created'), description: skipped, tone: 'info' });
          navigate(lp(`/deck/${data.deck.id}/${slug(data.deck.name)}`));
        },
      },
    );
  };
  return (
    <>
      <PageHeading
        title={t('web.page.deckCreate.title')}
        description={t('web.page.deckCreate.description')}
      />
      <form className="web-card web-form" onSubmit={submit} aria-label={t('web.page.deckCreate.title')}>
        <div className="web-row">
          <FormField label={t('web.cards.deck.name')}>
            <Input
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={LIMITS.deckName.max}
            />
          </FormField>
          <FormField label={t('web.cards.deck.format')}>
            <Select
              value={chosen}
              onValueChange={setFormatId}
              options={list.map((f) => ({ value: f.id, label: f.name }))}
              disabled={!list.length}
            />
          </FormField>
          {format?.hasBrackets ? (
            <FormField label={t('web.cards.bracket.label')}>
              <Select
                value={bracket}
                placeholder={t('web.cards.bracket.none')}
                onValueChange={setBracket}
                options={BRACKETS.map((b) => ({ value: b, label: b }))}
              />
            </FormField>
          ) : null}
        </div>
        <FormField label={t('web.cards.deck.decklist')} hint={t('web.cards.deck.decklistHint')}>
          <TextArea
            name="decklist"
            rows={12}
            value={decklist}
            onChange={(e) => setDecklist(e.target.value)}
            placeholder={'Commander\n1 Atraxa, Grand Unifier\n\nDeck\n1 Sol Ring\n1 Demonic Tutor'}
            spellCheck={false}
          />
        </FormField>
        <FormField label={t('web.cards.deck.description')} hint={t('web.cards.deck.descriptionHint')}>
          <TextArea
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={LIMITS.deckDescription.max}
          />
        </FormField>
        <FormField label={t('web.cards.sharing.visibility')} hint={t(VISIBILITY_KEY[visibility].hint)}>
          <Select
            value={visibility}
            onValueChange={(v) => (isOneOf(DECK_VISIBILITIES, v) ? setVisibility(v) : undefined)}
            options={DECK_VISIBILITIES.map((value) => ({ value, label: t(VISIBILITY_KEY[value].label) }))}
          />
        </FormField>
        {create.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(create.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={create.isPending} disabled={!name.trim() || !chosen}>
          {decklist.trim() ? t('web.cards.deck.createFromList') : t('web.cards.deck.createEmpty')}
        </Button>
      </form>
    </>
  );
}
