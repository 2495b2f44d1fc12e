import { useCreateList, useLists, useMoveListCards } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Button, Dialog, FormField, Input, Select } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { LIST_TYPE_KEY, LIST_TYPES, type ListType } from './common';
import type { Selection } from './entries-view';

const NEW = '__new';

/** Moves the selected entries (from any list) to another list, or to a new one. */
export function MoveDialog({
  selection,
  open,
  onOpenChange,
  onMoved,
}: {
  selection: Selection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const lists = useLists();
  const create = useCreateList();
  const move = useMoveListCards();
  const [target, setTarget] = useState<string>('');
  const [name, setName] = useState('');
  const [type, setType] = useState<ListType>('wishlist');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const options = [
    ...(lists.data?.lists ?? []).map((l) => ({
      value: l.id,
      label: `${l.name} (${t(LIST_TYPE_KEY[l.type]!)})`,
    })),
    { value: NEW, label: t('web.cards.move.newList') },
  ];
  const chosen = target || options[0]?.value || NEW;
  const cards = [...selection.values()].reduce((s, e) => s + e.quantity, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      let targetId = chosen;
      let targetName = lists.data?.lists.find((l) => l.id === chosen)?.name ?? '';
      if (chosen === NEW) {
        const created = await create.mutateAsync({ body: { name: name.trim(), type } });
        targetId = created.list.id;
        targetName = created.list.name;
      }
      const bySource = new Map<string, Array<{ entryId: string }>>();
      for (const e of selection.values()) {
        if (e.listId === targetId) continue;
        bySource.set(e.listId, [...(bySource.get(e.listId) ?? []), { entryId: e.id }]);
      }
      for (const [source, moved] of bySource)
        await move.mutateAsync({ params: { id: source }, body: { target: targetId, cards: moved } });
      toast({ title: t('web.cards.move.done', { count: cards, list: targetName }), tone: 'success' });
      onMoved();
      onOpenChange(false);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('web.cards.move.title', { count: cards })}
      description={t('web.cards.move.description')}
    >
      <form className="web-form" onSubmit={submit}>
        <FormField label={t('web.cards.move.target')}>
          <Select value={chosen} onValueChange={setTarget} options={options} />
        </FormField>
        {chosen === NEW ? (
          <>
            <FormField label={t('web.cards.lists.name')}>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={LIMITS.listName.max}
              />
            </FormField>
            <FormField label={t('web.cards.lists.type')}>
              <Select
                value={type}
                onValueChange={(v) => setType(v as ListType)}
                options={LIST_TYPES.map((v) => ({ value: v, label: t(LIST_TYPE_KEY[v]!) }))}
              />
            </FormField>
          </>
        ) : null}
        {error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={busy} disabled={chosen === NEW && !name.trim()}>
          {t('web.cards.move.submit')}
        </Button>
      </form>
    </Dialog>
  );
}

/** The selection bar's count and actions: move the selected cards, or clear the selection. */
export function SelectionActions({
  count,
  onMove,
  onFix,
  onClear,
}: {
  count: number;
  onMove: () => void;
  /** Shown when given: fix the selected rows (all unresolved or guessed) with one printing. */
  onFix?: (() => void) | undefined;
  onClear: () => void;
}) {
  const t = useT();
  if (!count) return null;
  return (
    <div className="web-selectionbar__actions">
      <span>{t('web.cards.entries.selected', { count })}</span>
      <Button size="sm" variant="primary" onClick={onMove}>
        {t('web.cards.move.open')}
      </Button>
      {onFix ? (
        <Button size="sm" variant="secondary" onClick={onFix}>
          {t('web.cards.fix.openSelected', { count })}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('web.cards.entries.clear')}
      </Button>
    </div>
  );
}
