import type { Deck } from '@companion/sdk/contract';
import { writeDeck } from '@companion/sdk/formats';
import { Button, FormField, Select, TextArea } from '@companion/ui';
import { useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { fileStem } from './format-name';
import { saveExport, useFormatOptions } from './formats';

/** The decklist formats a deck is copied or downloaded in. */
export const DECK_EXPORT_FORMATS = ['arena', 'mtgo', 'plain'] as const;
type DeckExportFormat = (typeof DECK_EXPORT_FORMATS)[number];

/**
 * The deck as a decklist (MTG Arena, MTGO or plain text, written by the SDK's `writeDeck` so it
 * imports back into the same deck): copied to the clipboard, or downloaded as a `.txt` file named
 * after the deck. When the browser refuses the clipboard, the text is shown to copy by hand.
 */
export function DeckExport({ deck }: { deck: Pick<Deck, 'name' | 'cards'> }) {
  const t = useT();
  const toast = useToast();
  const options = useFormatOptions(DECK_EXPORT_FORMATS);
  const [format, setFormat] = useState<DeckExportFormat>('arena');
  const [refused, setRefused] = useState<string | null>(null);
  const formatLabel = options.find((o) => o.value === format)?.label ?? format;

  const copy = async () => {
    const text = writeDeck(format, deck);
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setRefused(null);
      toast({
        title: t('web.cards.deckExport.copied', { format: formatLabel }),
        tone: 'success',
        id: 'deck-export',
      });
    } catch {
      setRefused(text);
      toast({ title: t('web.cards.deckExport.copyFailed'), tone: 'error', id: 'deck-export' });
    }
  };
  const download = () => saveExport(fileStem(deck.name, 'deck'), format, writeDeck(format, deck));

  return (
    <section className="web-card" aria-labelledby="deck-export-title" data-testid="deck-export">
      <h2 id="deck-export-title">{t('web.cards.deckExport.title')}</h2>
      <p className="web-muted">{t('web.cards.deckExport.hint')}</p>
      <div className="web-toolbar">
        <div className="web-inline-field">
          <label htmlFor="deck-export-format">{t('web.cards.deckExport.format')}</label>
          <Select
            id="deck-export-format"
            value={format}
            onValueChange={(value) => {
              const next = DECK_EXPORT_FORMATS.find((f) => f === value);
              if (next) {
                setFormat(next);
                setRefused(null);
              }
            }}
            options={options}
          />
        </div>
        <Button onClick={() => void copy()}>{t('web.cards.deckExport.copy')}</Button>
        <Button variant="secondary" onClick={download}>
          {t('web.cards.deckExport.download')}
        </Button>
      </div>
      {refused !== null ? (
        <div className="web-deck-export__manual">
          <p className="web-form__error" role="alert">
            {t('web.cards.deckExport.copyRefused')}
          </p>
          <FormField label={t('web.cards.deckExport.text', { format: formatLabel })}>
            <TextArea readOnly rows={8} value={refused} onFocus={(e) => e.currentTarget.select()} />
          </FormField>
        </div>
      ) : null}
    </section>
  );
}
