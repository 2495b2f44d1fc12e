import { useAddListCards, useCardAutocomplete } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import type { CardList } from '@companion/sdk/contract';
import { Button, FormField, Input, Select } from '@companion/ui';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { FINISH_KEY, FINISHES } from './common';
import { useDebounced } from './use-debounced';

/** Adds a card by name, or by set code + collector number, to one of `lists` (or the fixed `listId`). */
export function QuickAdd({ lists, listId }: { lists?: CardList[]; listId?: string }) {
  const t = useT();
  const toast = useToast();
  const add = useAddListCards();
  const [mode, setMode] = useState<'name' | 'number'>('name');
  const [name, setName] = useState('');
  const [set, setSet] = useState('');
  const [number, setNumber] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [finish, setFinish] = useState<(typeof FINISHES)[number]>('nonfoil');
  const [target, setTarget] = useState('');
  const suggestionsId = useId();
  const typed = useDebounced(name.trim(), 200);
  const suggestions = useCardAutocomplete(
    { query: { q: typed } },
    { enabled: mode === 'name' && typed.length >= LIMITS.autocompleteQuery.min },
  );
  const chosen = listId ?? (target || lists?.find((l) => l.isDefault)?.id || lists?.[0]?.id || '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const card =
      mode === 'name'
        ? { name: name.trim() }
        : { setCode: set.trim().toLowerCase(), collectorNumber: number.trim() };
    add.mutate(
      { params: { id: chosen }, body: { cards: [{ ...card, quantity, finish }] } },
      {
        onSuccess: () => {
          toast({ title: t('web.cards.quickAdd.added', { count: quantity }), tone: 'success' });
          setName('');
          setNumber('');
        },
      },
    );
  };
  return (
    <form className="web-card web-form web-quickadd" onSubmit={submit} aria-labelledby="quick-add-title">
      <h2 id="quick-add-title">{t('web.cards.quickAdd.title')}</h2>
      <fieldset className="web-segmented">
        <legend className="cui-visually-hidden">{t('web.cards.quickAdd.by')}</legend>
        <Button
          type="button"
          size="sm"
          variant={mode === 'name' ? 'primary' : 'ghost'}
          aria-pressed={mode === 'name'}
          onClick={() => setMode('name')}
        >
          {t('web.cards.quickAdd.byName')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant={mode === 'number' ? 'primary' : 'ghost'}
          aria-pressed={mode === 'number'}
          onClick={() => setMode('number')}
        >
          {t('web.cards.quickAdd.byNumber')}
        </Button>
      </fieldset>
      <div className="web-row">
        {mode === 'name' ? (
          <>
            <FormField label={t('web.cards.quickAdd.name')}>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={LIMITS.cardName.max}
                list={suggestionsId}
                autoComplete="off"
                spellCheck={false}
              />
            </FormField>
            <datalist id={suggestionsId} data-testid="quick-add-suggestions">
              {(suggestions.data?.names ?? []).map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </>
        ) : (
          <>
            <FormField label={t('web.cards.quickAdd.set')}>
              <Input
                value={set}
                onChange={(e) => setSet(e.target.value)}
                required
                maxLength={LIMITS.setCode.max}
                size={6}
              />
            </FormField>
            <FormField label={t('web.cards.quickAdd.number')}>
              <Input
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                required
                maxLength={LIMITS.collectorNumber.max}
                size={6}
              />
            </FormField>
          </>
        )}
        <FormField label={t('web.cards.col.quantity')}>
          <Input
            type="number"
            min={LIMITS.listQuantity.min}
            max={LIMITS.listQuantity.max}
            value={quantity}
            onChange={(e) =>
              setQuantity(
                Math.min(
                  LIMITS.listQuantity.max,
                  Math.max(LIMITS.listQuantity.min, Number(e.target.value) || LIMITS.listQuantity.min),
                ),
              )
            }
          />
        </FormField>
        <FormField label={t('web.cards.col.finish')}>
          <Select
            value={finish}
            onValueChange={(v) => setFinish(v as typeof finish)}
            options={FINISHES.map((f) => ({ value: f, label: t(FINISH_KEY[f]!) }))}
          />
        </FormField>
        {listId || !lists?.length ? null : (
          <FormField label={t('web.cards.quickAdd.binder')}>
            <Select
              value={chosen}
              onValueChange={setTarget}
              options={lists.map((l) => ({ value: l.id, label: l.name }))}
            />
          </FormField>
        )}
      </div>
      {add.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(add.error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={add.isPending} disabled={!chosen}>
        {t('web.cards.quickAdd.submit')}
      </Button>
    </form>
  );
}
