import { useCompanionClient, useRestoreDeck, useRevertList } from '@companion/hooks';
import { isCompanionError } from '@companion/sdk';
import type { Revision } from '@companion/sdk/contract';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';

/** How long a toast with an Undo stays up: long enough to read it and reach the button. */
export const UNDO_TOAST_MS = 10_000;

/**
 * A toast for a change of a list, with an Undo that returns the list to the revision before the
 * change. The revert expects the change's own revision, so it undoes nothing else: when the list moved
 * on since (another tab, another edit), the server answers 409 and the toast says so.
 */
export function useUndoableListChange() {
  const client = useCompanionClient();
  const revert = useRevertList();
  const toast = useToast();
  const t = useT();
  const undo = async (listId: string, revision: Revision) => {
    try {
      const { revisions } = await client.lists.revisions({ params: { id: listId }, query: { limit: 2 } });
      const previous = revisions.find((r) => r.number === revision.number - 1);
      if (!previous) throw new Error('no previous revision');
      await revert.mutateAsync({
        params: { id: listId, revisionId: previous.id },
        query: { expected_revision: revision.number },
      });
      toast({ title: t('web.cards.undo.done'), tone: 'success' });
    } catch (error) {
      toast({
        title: t('web.cards.undo.failed'),
        description: !isCompanionError(error)
          ? undefined
          : error.status === 409
            ? t('web.cards.undo.moved')
            : errorMessage(error, t),
        tone: 'error',
      });
    }
  };
  return (listId: string, revision: Revision, title: string) =>
    toast({
      title,
      tone: 'success',
      duration: UNDO_TOAST_MS,
      action: {
        label: t('web.cards.undo.action'),
        altText: t('web.cards.undo.alt'),
        onClick: () => void undo(listId, revision),
      },
    });
}

/** A toast for an archived deck, with an Undo that restores it. */
export function useUndoableArchive() {
  const restore = useRestoreDeck();
  const toast = useToast();
  const t = useT();
  return (deck: { id: string; name: string }) =>
    toast({
      title: t('web.cards.deck.archivedToast', { name: deck.name }),
      tone: 'success',
      duration: UNDO_TOAST_MS,
      action: {
        label: t('web.cards.undo.action'),
        altText: t('web.cards.undo.altArchive', { name: deck.name }),
        onClick: () =>
          void restore.mutateAsync({ params: { id: deck.id } }).then(
            () => toast({ title: t('web.cards.deck.restoredToast', { name: deck.name }), tone: 'success' }),
            (error: unknown) =>
              toast({
                title: t('web.cards.undo.failed'),
                description: errorMessage(error, t),
                tone: 'error',
              }),
          ),
      },
    });
}
