import {
  useCreateList,
  useDeleteList,
  useHiddenLists,
  useHideList,
  useLists,
  useRenameList,
  useRestoreList,
} from '@companion/hooks';
import { LIMITS, LIST_SHARING, type ListSharingValue } from '@companion/sdk';
import type { CardList } from '@companion/sdk/contract';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  FormField,
  Input,
  Select,
  Skeleton,
} from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import '../components/cards/cards.css';
import {
  LIST_TYPE_KEY,
  LIST_TYPES,
  type ListType,
  slug,
  useCurrency,
  useMoney,
} from '../components/cards/common';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

function CreateList() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const create = useCreateList();
  const [name, setName] = useState('');
  const [type, setType] = useState<ListType>('wishlist');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { body: { name: name.trim(), type } },
      { onSuccess: (data) => navigate(lp(`/collection/list/${data.list.id}/${slug(data.list.name)}`)) },
    );
  };
  return (
    <form className="web-card web-form" onSubmit={submit} aria-labelledby="create-list-title">
      <h2 id="create-list-title">{t('web.cards.lists.create')}</h2>
      <div className="web-row">
        <FormField label={t('web.cards.lists.name')}>
          <Input
            name="name"
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
      </div>
      {create.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(create.error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={create.isPending} disabled={!name.trim()}>
        {t('web.cards.lists.createSubmit')}
      </Button>
    </form>
  );
}

/** Whom a list is shared with, in the player's language (the contract's LIST_SHARING). */
const SHARING_KEY: Record<ListSharingValue, string> = {
  private: 'web.cards.lists.sharing.private',
  friends: 'web.cards.lists.sharing.friends',
};

export function RenameDialog({ list, onClose }: { list: CardList; onClose: () => void }) {
  const t = useT();
  const rename = useRenameList();
  const [name, setName] = useState(list.name);
  const [type, setType] = useState<ListType>(list.type);
  const [sharing, setSharing] = useState<ListSharingValue>(list.sharing);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { params: { id: list.id }, body: { name: name.trim(), type, sharing } },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('web.cards.lists.renameTitle', { name: list.name })}
    >
      <form className="web-form" onSubmit={submit}>
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
        <FormField label={t('web.cards.lists.sharing')} hint={t('web.cards.lists.sharingHint')}>
          <Select
            value={sharing}
            onValueChange={(v) => setSharing(LIST_SHARING.find((s) => s === v) ?? 'private')}
            options={LIST_SHARING.map((v) => ({ value: v, label: t(SHARING_KEY[v]) }))}
          />
        </FormField>
        {rename.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(rename.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={rename.isPending} disabled={!name.trim()}>
          {t('web.common.save')}
        </Button>
      </form>
    </Dialog>
  );
}

export function DeleteListDialog({
  list,
  onClose,
  onDeleted,
}: {
  list: CardList;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const remove = useDeleteList();
  const [keep, setKeep] = useState(true);
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('web.cards.lists.deleteTitle', { name: list.name })}
      description={t('web.cards.lists.deleteDescription')}
      confirmLabel={t('web.cards.lists.deleteConfirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync({ params: { id: list.id }, query: { keep_cards: keep } }).then(() => {
          toast({ title: t('web.cards.lists.deleted', { name: list.name }), tone: 'success' });
          onClose();
          onDeleted?.();
        })
      }
    >
      {list.isDefault ? null : (
        <label className="web-check">
          <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
          {t('web.cards.lists.keepCards')}
        </label>
      )}
    </ConfirmDialog>
  );
}

function ListRow({ list, hidden }: { list: CardList; hidden?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const money = useMoney();
  const hide = useHideList();
  const restore = useRestoreList();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  return (
    <li className="web-listrow">
      <div className="web-listrow__main">
        <Link to={lp(`/collection/list/${list.id}/${slug(list.name)}`)} className="web-listrow__name">
          {list.name}
        </Link>
        <Badge tone={list.type === 'wishlist' ? 'info' : list.type === 'trade' ? 'warning' : 'neutral'}>
          {t(LIST_TYPE_KEY[list.type]!)}
        </Badge>
        {list.isDefault ? <Badge tone="accent">{t('web.cards.lists.default')}</Badge> : null}
      </div>
      <span className="web-muted">
        {t('web.cards.lists.summary', {
          cards: list.cards,
          unique: list.unique,
          value: money(list.value, list.currency),
        })}
      </span>
      <div className="web-listrow__actions">
        {hidden ? (
          <Button
            size="sm"
            variant="secondary"
            loading={restore.isPending}
            onClick={() => restore.mutate({ params: { id: list.id } })}
          >
            {t('web.cards.lists.restore')}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="ghost" onClick={() => setDialog('rename')}>
              {t('web.cards.lists.rename')}
            </Button>
            {list.isDefault ? null : (
              <Button
                size="sm"
                variant="ghost"
                loading={hide.isPending}
                onClick={() => hide.mutate({ params: { id: list.id } })}
              >
                {t('web.cards.lists.hide')}
              </Button>
            )}
          </>
        )}
        {list.isDefault ? null : (
          <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
            {t('web.cards.lists.delete')}
          </Button>
        )}
      </div>
      {dialog === 'rename' ? <RenameDialog list={list} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? <DeleteListDialog list={list} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}

export function Component() {
  const t = useT();
  const currency = useCurrency();
  const lists = useLists({ query: { currency } });
  const hidden = useHiddenLists();
  const groups = LIST_TYPES.map((type) => ({
    type,
    lists: (lists.data?.lists ?? []).filter((l) => l.type === type),
  }));
  return (
    <>
      <PageHeading
        title={t('web.page.collectionLists.title')}
        description={t('web.page.collectionLists.description')}
      />
      <div className="web-stack">
        <CreateList />
        {lists.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(lists.error, t)}
          </p>
        ) : null}
        {lists.isPending ? (
          <Skeleton shape="rect" width="100%" height={160} />
        ) : lists.data?.lists.length === 0 ? (
          <EmptyState title={t('web.cards.lists.empty')} headingLevel={2} />
        ) : (
          groups
            .filter((g) => g.lists.length)
            .map((g) => (
              <section key={g.type} className="web-card" aria-labelledby={`lists-${g.type}`}>
                <h2 id={`lists-${g.type}`}>{t(LIST_TYPE_KEY[g.type]!)}</h2>
                <ul className="web-listrows">
                  {g.lists.map((l) => (
                    <ListRow key={l.id} list={l} />
                  ))}
                </ul>
              </section>
            ))
        )}
        {hidden.data?.lists.length ? (
          <section className="web-card" aria-labelledby="lists-hidden">
            <h2 id="lists-hidden">{t('web.cards.lists.hidden')}</h2>
            <ul className="web-listrows">
              {hidden.data.lists.map((l) => (
                <ListRow key={l.id} list={l} hidden />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
