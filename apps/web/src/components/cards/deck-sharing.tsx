import { useNewDeckShareLink, useUpdateDeck } from '@companion/hooks';
import { DECK_VISIBILITIES, type DeckVisibilityValue, isShared } from '@companion/sdk';
import type { Deck } from '@companion/sdk/contract';
import { Button, ConfirmDialog, Input } from '@companion/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';

/** Each visibility's name and what it means, in words. */
export const VISIBILITY_KEY: Record<DeckVisibilityValue, { label: string; hint: string }> = {
  private: { label: 'web.cards.sharing.private', hint: 'web.cards.sharing.privateHint' },
  unlisted: { label: 'web.cards.sharing.unlisted', hint: 'web.cards.sharing.unlistedHint' },
  public: { label: 'web.cards.sharing.public', hint: 'web.cards.sharing.publicHint' },
};

/** The page a share link opens (in the current language), from the deck's token. */
export const sharedDeckPath = (token: string) => `/deck/shared/${encodeURIComponent(token)}`;

/**
 * The owner's sharing controls: who may see the deck (saved at once, like the bracket picker), its
 * share link to copy (shown by hand when the browser refuses the clipboard), and a new link that
 * stops the old one working.
 */
export function DeckSharing({ deck }: { deck: Deck }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const update = useUpdateDeck();
  const renew = useNewDeckShareLink();
  const [confirm, setConfirm] = useState(false);
  const [refused, setRefused] = useState(false);
  const name = useId();
  const linkId = useId();
  const path = deck.shareToken ? lp(sharedDeckPath(deck.shareToken)) : null;
  const url = path && typeof window !== 'undefined' ? `${window.location.origin}${path}` : (path ?? '');
  // The choice shows at once, while it is saved (the deck's own value once answered, or on failure).
  const [chosen, setChosen] = useState<DeckVisibilityValue | null>(null);
  const visibility = chosen ?? deck.visibility;
  const shared = isShared(visibility);

  const choose = (value: DeckVisibilityValue) => {
    setChosen(value);
    update.mutate(
      { params: { id: deck.id }, body: { visibility: value } },
      {
        onSuccess: () => toast({ title: t('web.cards.sharing.saved'), tone: 'success', id: 'deck-sharing' }),
        onSettled: () => setChosen(null),
      },
    );
  };
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setRefused(false);
      toast({ title: t('web.cards.sharing.copied'), tone: 'success', id: 'deck-sharing' });
    } catch {
      setRefused(true);
      toast({ title: t('web.cards.sharing.copyFailed'), tone: 'error', id: 'deck-sharing' });
    }
  };

  return (
    <section className="web-card web-sharing" aria-labelledby="deck-sharing-title" data-testid="deck-sharing">
      <h2 id="deck-sharing-title">{t('web.cards.sharing.title')}</h2>
      <fieldset className="web-sharing__choices" disabled={update.isPending}>
        <legend>{t('web.cards.sharing.visibility')}</legend>
        {DECK_VISIBILITIES.map((value) => (
          <label key={value} className="web-check web-sharing__choice">
            <input
              type="radio"
              name={name}
              value={value}
              checked={visibility === value}
              onChange={() => choose(value)}
            />
            <span>
              <strong>{t(VISIBILITY_KEY[value].label)}</strong>
              <span className="web-muted">{t(VISIBILITY_KEY[value].hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {update.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(update.error, t)}
        </p>
      ) : null}
      {path ? (
        <div className="web-sharing__link">
          <label htmlFor={linkId}>{t('web.cards.sharing.link')}</label>
          <Input
            id={linkId}
            readOnly
            value={url}
            data-testid="deck-share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          {refused ? (
            <p className="web-form__error" role="alert">
              {t('web.cards.sharing.copyFailed')}
            </p>
          ) : null}
          {shared ? null : <p className="web-muted">{t('web.cards.sharing.privateNote')}</p>}
          <div className="web-toolbar">
            <Button onClick={() => void copy()} disabled={!shared}>
              {t('web.cards.sharing.copy')}
            </Button>
            {shared ? (
              <Link className="web-link-button" to={path}>
                {t('web.cards.sharing.view')}
              </Link>
            ) : null}
            <Button variant="secondary" onClick={() => setConfirm(true)}>
              {t('web.cards.sharing.renew')}
            </Button>
          </div>
        </div>
      ) : null}
      {renew.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(renew.error, t)}
        </p>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(false)}
          title={t('web.cards.sharing.renewTitle')}
          description={t('web.cards.sharing.renewDescription')}
          confirmLabel={t('web.cards.sharing.renewConfirm')}
          loading={renew.isPending}
          onConfirm={() =>
            renew.mutateAsync({ params: { id: deck.id } }).then(() => {
              setConfirm(false);
              toast({ title: t('web.cards.sharing.renewed'), tone: 'success', id: 'deck-sharing' });
            })
          }
        />
      ) : null}
    </section>
  );
}
