import '../social/social.css';
import {
  useDeleteTag,
  useMyDecks,
  useMyPlaygroups,
  useNoteSearch,
  useRenameTag,
  useTags,
} from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import type { Tag } from '@companion/sdk/contract';
import { Badge, Button, ConfirmDialog, EmptyState, FormField, Input, Select, Skeleton } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

const ANY = '__any';

function Results({ q, playgroupid, deckid }: { q: string; playgroupid?: string; deckid?: string }) {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const search = useNoteSearch({
    query: { q, ...(playgroupid ? { playgroupid } : {}), ...(deckid ? { deckid } : {}) },
  });
  if (search.isPending) return <Skeleton lines={3} />;
  if (search.error)
    return (
      <p className="web-form__error" role="alert">
        {errorMessage(search.error, t)}
      </p>
    );
  if (search.data.results.length === 0)
    return <EmptyState headingLevel={3} title={t('web.social.notes.noResult', { q })} />;
  return (
    <ul className="web-people" aria-label={t('web.social.notes.results')} data-testid="note-results">
      {search.data.results.map((r) => (
        <li key={r.note.id} className="web-person">
          <div className="web-person__text">
            <Link className="web-person__name" to={lp(`/${r.target.type}/${r.target.id}`)}>
              {r.target.name ??
                t(r.target.type === 'game' ? 'web.social.notes.gameOf' : 'web.social.notes.setOf', {
                  date: intl.formatDate(r.target.playedAt, { dateStyle: 'medium' }),
                })}
            </Link>
            <p className="web-snippet">
              {r.snippet.split(/«|»/).map((part, i) =>
                i % 2 === 1 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
                  <mark key={i}>{part}</mark>
                ) : (
                  part
                ),
              )}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function NoteSearch() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const playgroups = useMyPlaygroups();
  const decks = useMyDecks();
  const q = params.get('q') ?? '';
  const playgroupid = params.get('playgroup') ?? undefined;
  const deckid = params.get('deck') ?? undefined;
  const [text, setText] = useState(q);
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set('q', text.trim() || null);
  };
  return (
    <section className="web-card web-form" aria-labelledby="search-title">
      <h2 id="search-title">{t('web.social.notes.search')}</h2>
      <form onSubmit={submit} className="web-filters">
        <FormField label={t('web.social.notes.query')}>
          <Input
            type="search"
            name="q"
            value={text}
            maxLength={LIMITS.noteSearch.max}
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
        <FormField label={t('web.social.notes.playgroup')}>
          <Select
            name="playgroup"
            value={playgroupid ?? ANY}
            onValueChange={(v) => set('playgroup', v === ANY ? null : v)}
            options={[
              { value: ANY, label: t('web.social.filters.any') },
              ...(playgroups.data?.playgroups ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </FormField>
        <FormField label={t('web.social.notes.deck')}>
          <Select
            name="deck"
            value={deckid ?? ANY}
            onValueChange={(v) => set('deck', v === ANY ? null : v)}
            options={[
              { value: ANY, label: t('web.social.filters.any') },
              ...(decks.data?.decks ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </FormField>
        <Button type="submit" variant="primary">
          {t('web.social.notes.submit')}
        </Button>
      </form>
      {q ? <Results q={q} {...(playgroupid ? { playgroupid } : {})} {...(deckid ? { deckid } : {})} /> : null}
    </section>
  );
}

function TagRow({ tag }: { tag: Tag }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const rename = useRenameTag();
  const del = useDeleteTag();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  const [confirm, setConfirm] = useState(false);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || name.trim() === tag.name) return setEditing(false);
    rename.mutate(
      { params: { id: tag.id }, body: { name: name.trim() } },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }),
      },
    );
  };
  return (
    <li className="web-person" data-testid="tag-row">
      {editing ? (
        <form className="web-actions-row web-invite__row" onSubmit={save}>
          <FormField label={t('web.social.tags.newName', { name: tag.name })}>
            <Input
              name="tag-name"
              value={name}
              maxLength={LIMITS.tagName.max}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <Button type="submit" size="sm" variant="primary" loading={rename.isPending}>
            {t('web.social.tags.save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {t('web.social.cancel')}
          </Button>
        </form>
      ) : (
        <>
          <div className="web-person__text">
            <Link className="web-person__name" to={lp(`/games?tag=${tag.id}`)}>
              #{tag.name}
            </Link>
            <span className="web-muted">{t('web.social.tags.uses', { count: tag.uses ?? 0 })}</span>
          </div>
          <div className="web-person__actions">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={t('web.social.tags.renameNamed', { name: tag.name })}
            >
              {t('web.social.tags.rename')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setConfirm(true)}
              aria-label={t('web.social.tags.deleteNamed', { name: tag.name })}
            >
              {t('web.social.tags.delete')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('web.social.tags.deleteTitle', { name: tag.name })}
        description={t('web.social.tags.deleteHint', { count: tag.uses ?? 0 })}
        confirmLabel={t('web.social.tags.delete')}
        onConfirm={async () => {
          try {
            await del.mutateAsync({ params: { id: tag.id } });
          } catch (e) {
            toast({ tone: 'error', title: errorMessage(e, t) });
          }
        }}
      />
    </li>
  );
}

function TagManager() {
  const t = useT();
  const tags = useTags();
  const list = [...(tags.data?.tags ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section className="web-card" aria-labelledby="manage-title">
      <h2 id="manage-title">
        {t('web.social.tags.manage')} <Badge>{list.length}</Badge>
      </h2>
      {tags.isPending ? (
        <Skeleton lines={3} />
      ) : list.length === 0 ? (
        <p className="web-muted">{t('web.social.tags.noneYet')}</p>
      ) : (
        <ul className="web-people">
          {list.map((tag) => (
            <TagRow key={tag.id} tag={tag} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function Component() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('web.page.notes.title')} description={t('web.page.notes.description')} />
      <div className="web-columns">
        <NoteSearch />
        <TagManager />
      </div>
    </>
  );
}
