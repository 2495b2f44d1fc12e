import {
  useAddGameSetTags,
  useAddGameTags,
  useCreateGameNote,
  useCreateGameSetNote,
  useDeleteGameNote,
  useDeleteGameSetNote,
  useRemoveGameSetTag,
  useRemoveGameTag,
  useTags,
  useUpdateGameNote,
  useUpdateGameSetNote,
} from '@companion/hooks';
import { type AnnotationTargetValue, LIMITS } from '@companion/sdk';
import type { Note, Tag } from '@companion/sdk/contract';
import { Button, ConfirmDialog, FormField, Markdown, TagInput, TextArea } from '@companion/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../app/toasts';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';

const HOOKS = {
  game: {
    add: useAddGameTags,
    remove: useRemoveGameTag,
    create: useCreateGameNote,
    update: useUpdateGameNote,
    del: useDeleteGameNote,
  },
  set: {
    add: useAddGameSetTags,
    remove: useRemoveGameSetTag,
    create: useCreateGameSetNote,
    update: useUpdateGameSetNote,
    del: useDeleteGameSetNote,
  },
} as const;

/** The caller's tags on a game or set: add by typing, remove with the chip's button. */
export function TagsCard({
  kind,
  id,
  tags,
}: {
  kind: AnnotationTargetValue;
  id: string;
  tags: readonly Tag[];
}) {
  const t = useT();
  const toast = useToast();
  const all = useTags();
  const add = HOOKS[kind].add();
  const remove = HOOKS[kind].remove();
  const fail = (e: unknown) => toast({ tone: 'error', title: errorMessage(e, t) });
  return (
    <section className="web-card web-card--grid" aria-labelledby="tags-title">
      <h2 id="tags-title">{t('web.social.tags.title')}</h2>
      <p className="web-muted">{t('web.social.tags.private')}</p>
      <TagInput
        tags={tags}
        label={t('web.social.tags.add')}
        listLabel={t('web.social.tags.title')}
        addLabel={t('web.social.tags.addButton')}
        placeholder={t('web.social.tags.placeholder')}
        emptyLabel={t('web.social.tags.none')}
        removeLabel={(name) => t('web.social.tags.remove', { name })}
        maxLength={LIMITS.tagName.max}
        suggestions={(all.data?.tags ?? []).map((tag) => tag.name)}
        onAdd={(names) => add.mutate({ params: { id }, body: { tags: names } }, { onError: fail })}
        onRemove={(tag) => remove.mutate({ params: { id, tagId: tag.id } }, { onError: fail })}
      />
    </section>
  );
}

/** The caller's markdown note: write, preview, save, delete (confirmed). */
export function NoteCard({ kind, id, note }: { kind: AnnotationTargetValue; id: string; note: Note | null }) {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const create = HOOKS[kind].create();
  const update = HOOKS[kind].update();
  const del = HOOKS[kind].del();
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState(false);
  const [text, setText] = useState(note?.content ?? '');
  const [confirm, setConfirm] = useState(false);
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const save = () => {
    const done = {
      onSuccess: () => {
        setEditing(false);
        setPreview(false);
        toast({ tone: 'success', title: t('web.social.note.saved') });
      },
    };
    if (note) update.mutate({ params: { id }, body: { content: text } }, done);
    else create.mutate({ params: { id }, body: { content: text } }, done);
  };
  return (
    <section className="web-card web-card--grid" aria-labelledby="note-title">
      <div className="web-card__head">
        <h2 id="note-title">{t('web.social.note.title')}</h2>
        {!editing && note ? (
          <div className="web-actions-row">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setText(note.content);
                setEditing(true);
              }}
            >
              {t('web.social.note.edit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm(true)}>
              {t('web.social.note.delete')}
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <>
          <fieldset className="web-actions-row web-fieldset-inline">
            <legend className="cui-visually-hidden">{t('web.social.note.mode')}</legend>
            <Button
              size="sm"
              variant={preview ? 'ghost' : 'secondary'}
              aria-pressed={!preview}
              onClick={() => setPreview(false)}
            >
              {t('web.social.note.write')}
            </Button>
            <Button
              size="sm"
              variant={preview ? 'secondary' : 'ghost'}
              aria-pressed={preview}
              onClick={() => setPreview(true)}
            >
              {t('web.social.note.preview')}
            </Button>
          </fieldset>
          {preview ? (
            <div className="web-note-preview" data-testid="note-preview">
              {text.trim() ? (
                <Markdown source={text} />
              ) : (
                <p className="web-muted">{t('web.social.note.emptyPreview')}</p>
              )}
            </div>
          ) : (
            <FormField label={t('web.social.note.content')} hint={t('web.social.note.hint')}>
              <TextArea
                name="note"
                rows={8}
                maxLength={LIMITS.note.max}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </FormField>
          )}
          {error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(error, t)}
            </p>
          ) : null}
          <div className="web-actions-row">
            <Button variant="primary" onClick={save} loading={saving} disabled={!text.trim()}>
              {t('web.social.note.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('web.social.cancel')}
            </Button>
          </div>
        </>
      ) : note ? (
        <>
          <div data-testid="note-content">
            <Markdown source={note.content} />
          </div>
          <p className="web-muted">
            {t('web.social.note.updated', {
              date: intl.formatDate(note.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
        </>
      ) : (
        <>
          <p className="web-muted">{t('web.social.note.none')}</p>
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setText('');
                setEditing(true);
              }}
            >
              {t('web.social.note.write')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('web.social.note.deleteTitle')}
        description={t('web.social.note.deleteHint')}
        confirmLabel={t('web.social.note.delete')}
        onConfirm={async () => {
          try {
            await del.mutateAsync({ params: { id } });
            setText('');
          } catch (e) {
            toast({ tone: 'error', title: errorMessage(e, t) });
          }
        }}
      />
    </section>
  );
}
