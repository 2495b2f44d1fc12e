import { LIMITS } from '@companion/sdk';
import { Button, Dialog, FormField, Input } from '@companion/ui';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/use-t';

/**
 * Puts a deck line in one of the player's categories ("Ramp", "Removal"): a name typed or picked
 * from the deck's categories, or none.
 */
export function CategoryDialog({
  name,
  current,
  known,
  onSave,
  onClose,
}: {
  /** The card's name. */
  name: string;
  current: string | null;
  /** The deck's categories, offered as suggestions. */
  known: readonly string[];
  onSave: (category: string | null) => void;
  onClose: () => void;
}) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(current ?? '');
  const trimmed = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(trimmed || null);
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('web.cards.deck.category.title', { name })}
      size="sm"
    >
      <form className="web-form" onSubmit={submit}>
        <FormField label={t('web.cards.deck.category.label')} hint={t('web.cards.deck.category.hint')}>
          <Input
            value={text}
            list={listId}
            maxLength={LIMITS.deckCategory.max}
            autoFocus
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
        <datalist id={listId}>
          {known.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <div className="web-category__actions">
          <Button type="submit" variant="primary">
            {trimmed ? t('web.common.save') : t('web.cards.deck.category.none')}
          </Button>
          {current !== null ? (
            <Button
              variant="secondary"
              onClick={() => {
                onSave(null);
                onClose();
              }}
            >
              {t('web.cards.deck.category.clear')}
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
