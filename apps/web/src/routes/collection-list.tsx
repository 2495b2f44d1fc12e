import {
  listExportQueryOptions,
  listQueryOptions,
  useCompanionClient,
  useList,
  useListRevisions,
  useRemoveListCards,
  useRevertList,
  useUpdateListCards,
} from '@companion/hooks';
import type { CardList, CardSummary, ListEntry, Revision } from '@companion/sdk/contract';
import {
  Avatar,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  FormField,
  Input,
  Pagination,
  Skeleton,
  Tabs,
} from '@companion/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import '../components/cards/cards.css';
import { CardDetailDialog } from '../components/cards/card-detail';
import { FINISH_KEY, LIST_TYPE_KEY, useCurrency, useDebounced, useMoney } from '../components/cards/common';
import {
  EntriesGrid,
  EntriesTable,
  type EntryEdits,
  type PageOptions,
  useSelection,
} from '../components/cards/entries-view';
import { FixDialog, needsFixing } from '../components/cards/fix-dialog';
import { fileStem } from '../components/cards/format-name';
import {
  ExportButton,
  ExportError,
  ExportFormatSelect,
  saveExport,
  useExport,
} from '../components/cards/formats';
import { ImportPanel } from '../components/cards/import-panel';
import { MoveDialog, SelectionActions } from '../components/cards/move-dialog';
import { QuickAdd } from '../components/cards/quick-add';
import { useUndoableListChange } from '../components/cards/undo';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { DeleteListDialog, RenameDialog } from './collection-lists';

const ACTION_KEY: Record<string, string> = {
  create: 'web.cards.history.action.create',
  add: 'web.cards.history.action.add',
  remove: 'web.cards.history.action.remove',
  'move-in': 'web.cards.history.action.move-in',
  'move-out': 'web.cards.history.action.move-out',
  replace: 'web.cards.history.action.replace',
  update: 'web.cards.history.action.update',
  import: 'web.cards.history.action.import',
  revert: 'web.cards.history.action.revert',
  rename: 'web.cards.history.action.rename',
};

function History({ list }: { list: CardList }) {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const revisions = useListRevisions({ params: { id: list.id }, query: { page, limit: 20 } });
  const revert = useRevertList();
  const [target, setTarget] = useState<Revision | null>(null);
  if (revisions.isPending) return <Skeleton shape="rect" width="100%" height={200} />;
  if (revisions.error)
    return (
      <p className="web-form__error" role="alert">
        {errorMessage(revisions.error, t)}
      </p>
    );
  const { revisions: rows, total } = revisions.data;
  return (
    <section className="web-card" aria-labelledby="history-title">
      <h2 id="history-title">{t('web.cards.history.title')}</h2>
      <ol className="web-history">
        {rows.map((r) => {
          const who = r.author.username || r.author.firstname || '?';
          return (
            <li key={r.id} className="web-history__item" data-testid="revision">
              <Avatar name={who} src={r.author.picture} size="sm" />
              <div className="web-history__body">
                <div className="web-history__head">
                  <strong>{t('web.cards.history.number', { number: r.number })}</strong>
                  <Badge tone={r.action === 'revert' ? 'warning' : 'neutral'}>
                    {t(ACTION_KEY[r.action]!)}
                  </Badge>
                  <span className="web-muted">
                    {t('web.cards.history.by', {
                      who,
                      when: intl.formatDate(r.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                    })}
                  </span>
                </div>
                <p className="web-history__summary">{r.summary}</p>
                {r.changes.length ? (
                  <ul className="web-history__changes">
                    {r.changes.slice(0, 6).map((c, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: changes of one revision never reorder
                      <li key={i} data-op={c.op}>
                        {c.quantity > 0 ? `+${c.quantity}` : c.quantity} {c.name}{' '}
                        <span className="web-muted">({t(FINISH_KEY[c.finish]!)})</span>
                      </li>
                    ))}
                    {r.changes.length > 6 ? (
                      <li className="web-muted">
                        {t('web.cards.history.more', { count: r.changes.length - 6 })}
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </div>
              {r.number !== list.revision ? (
                <Button size="sm" variant="secondary" onClick={() => setTarget(r)}>
                  {t('web.cards.history.revert')}
                </Button>
              ) : (
                <Badge tone="success">{t('web.cards.history.current')}</Badge>
              )}
            </li>
          );
        })}
      </ol>
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / 20))} onPageChange={setPage} />
      {target ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setTarget(null)}
          title={t('web.cards.history.confirmTitle', { number: target.number })}
          description={t('web.cards.history.confirmDescription', { number: target.number })}
          confirmLabel={t('web.cards.history.revert')}
          loading={revert.isPending}
          onConfirm={() =>
            revert.mutateAsync({ params: { id: list.id, revisionId: target.id } }).then(() => {
              toast({ title: t('web.cards.history.reverted', { number: target.number }), tone: 'success' });
              setTarget(null);
            })
          }
        />
      ) : null}
    </section>
  );
}

/** The list as a file, in the chosen format. */
function Export({ list }: { list: CardList }) {
  const t = useT();
  const client = useCompanionClient();
  const qc = useQueryClient();
  const exporter = useExport(async (format) => {
    const text = await qc.fetchQuery(
      listExportQueryOptions(client, { params: { id: list.id }, query: { format } }),
    );
    // Letters of any alphabet stay (a French list keeps its accents); other characters become _.
    saveExport(fileStem(list.name, 'list'), format, text);
  });
  return (
    <section className="web-card web-form" aria-labelledby="export-title">
      <h2 id="export-title">{t('web.cards.export.title')}</h2>
      <p className="web-muted">{t('web.cards.export.hint')}</p>
      <FormField label={t('web.cards.export.format')}>
        <ExportFormatSelect value={exporter.format} onChange={exporter.choose} />
      </FormField>
      <ExportError error={exporter.error} />
      <ExportButton busy={exporter.busy} format={exporter.format} onClick={() => void exporter.run()} />
    </section>
  );
}

function Cards({ list }: { list: CardList }) {
  const t = useT();
  const client = useCompanionClient();
  const currency = useCurrency();
  const [view, setView] = useState<'grid' | 'table'>('table');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim(), 200);
  const [open, setOpen] = useState<CardSummary | null>(null);
  const [moving, setMoving] = useState(false);
  const [fixing, setFixing] = useState<ListEntry[] | null>(null);
  const { selection, toggle, toggleAll, clear } = useSelection();
  const selected = [...selection.values()];
  const fixable = selected.length > 0 && selected.every(needsFixing);
  const update = useUpdateListCards();
  const remove = useRemoveListCards();
  const undoable = useUndoableListChange();
  const options: PageOptions = useMemo(
    () => (p: number, limit: number) =>
      listQueryOptions(client, {
        params: { id: list.id },
        query: { page: p, limit, currency, order_by: 'name', order_direction: 'asc', ...(q ? { q } : {}) },
      }) as unknown as ReturnType<PageOptions>,
    [client, list.id, currency, q],
  );
  const edits: EntryEdits = {
    onFix: (e) => setFixing([e]),
    onQuantity: (e: ListEntry, quantity) =>
      update.mutate({ params: { id: list.id }, body: { cards: [{ entryId: e.id, quantity }] } }),
    onFinish: (e, finish) =>
      update.mutate({
        params: { id: list.id },
        body: { cards: [{ entryId: e.id, finish: finish as 'foil' }] },
      }),
    onCondition: (e, condition) =>
      update.mutate({
        params: { id: list.id },
        body: { cards: [{ entryId: e.id, condition: condition as 'NM' | null }] },
      }),
    onRemove: (e) =>
      remove.mutate(
        { params: { id: list.id }, body: { cards: [{ entryId: e.id }] } },
        {
          onSuccess: ({ revision }) =>
            undoable(
              list.id,
              revision,
              t('web.cards.entries.removed', {
                count: e.quantity,
                name: e.card?.name ?? e.unresolved?.name ?? '',
              }),
            ),
        },
      ),
  };
  const problem = update.error ?? remove.error;
  // A filter that matches nothing is not an empty list: say which one it is.
  const empty = q ? undefined : (
    <EmptyState
      title={t('web.cards.list.emptyTitle')}
      description={t('web.cards.list.emptyDescription')}
      headingLevel={2}
    />
  );
  return (
    <div className="web-stack">
      {list.unresolved > 0 ? (
        <p className="web-notice" data-testid="list-unresolved">
          {t('web.cards.list.unresolved', { count: list.unresolved })}{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setFilter('is:unresolved');
              setPage(1);
            }}
          >
            {t('web.cards.list.showUnresolved')}
          </Button>
        </p>
      ) : null}
      <div className="web-toolbar">
        <Input
          type="search"
          aria-label={t('web.cards.list.filter')}
          placeholder={t('web.cards.list.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
        />
        <fieldset className="web-segmented">
          <legend className="cui-visually-hidden">{t('web.cards.search.view')}</legend>
          <Button
            size="sm"
            variant={view === 'grid' ? 'primary' : 'ghost'}
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            {t('web.cards.view.grid')}
          </Button>
          <Button
            size="sm"
            variant={view === 'table' ? 'primary' : 'ghost'}
            aria-pressed={view === 'table'}
            onClick={() => setView('table')}
          >
            {t('web.cards.view.table')}
          </Button>
        </fieldset>
        <SelectionActions
          count={selection.size}
          onMove={() => setMoving(true)}
          onFix={fixable ? () => setFixing(selected) : undefined}
          onClear={clear}
        />
      </div>
      {problem ? (
        <p className="web-form__error" role="alert">
          {errorMessage(problem, t)}
        </p>
      ) : null}
      {view === 'grid' ? (
        <EntriesGrid
          key={q}
          options={options}
          currency={currency}
          selection={selection}
          onToggle={toggle}
          onOpen={setOpen}
          label={t('web.cards.list.cards', { name: list.name })}
          empty={empty}
        />
      ) : (
        <EntriesTable
          options={options}
          currency={currency}
          selection={selection}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onOpen={setOpen}
          edits={edits}
          page={page}
          onPageChange={setPage}
          caption={t('web.cards.list.cards', { name: list.name })}
          empty={empty}
        />
      )}
      <QuickAdd listId={list.id} />
      <CardDetailDialog card={open} onOpenChange={(o) => !o && setOpen(null)} />
      {fixing ? (
        <FixDialog
          listId={list.id}
          entries={fixing}
          onOpenChange={(o) => !o && setFixing(null)}
          onFixed={() => {
            if (fixing.length > 1) clear();
          }}
        />
      ) : null}
      {moving ? (
        <MoveDialog selection={selection} open={moving} onOpenChange={setMoving} onMoved={clear} />
      ) : null}
    </div>
  );
}

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const currency = useCurrency();
  const money = useMoney();
  const head = useList({
    params: { id },
    query: { page: 1, limit: 1, currency, order_by: 'name', order_direction: 'asc' },
  });
  const [tab, setTab] = useState('cards');
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const list = head.data?.list;
  if (head.error)
    return (
      <>
        <PageHeading
          title={t('web.page.collectionList.title')}
          description={t('web.page.collectionList.description')}
        />
        <LoadError error={head.error} thing="list" onRetry={() => void head.refetch()} />
      </>
    );
  if (!list)
    return (
      <>
        <PageHeading title={<Skeleton shape="text" width={200} />} />
        <Skeleton shape="rect" width="100%" height={320} />
      </>
    );
  return (
    <>
      <PageHeading
        eyebrow={t(LIST_TYPE_KEY[list.type]!)}
        title={list.name}
        description={t('web.cards.lists.summary', {
          cards: list.cards,
          unique: list.unique,
          value: money(list.value, list.currency),
        })}
        actions={
          <>
            <Button size="sm" variant="secondary" onClick={() => setDialog('rename')}>
              {t('web.cards.lists.rename')}
            </Button>
            {list.isDefault ? null : (
              <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
                {t('web.cards.lists.delete')}
              </Button>
            )}
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={setTab}
        aria-label={t('web.cards.list.sections')}
        items={[
          {
            value: 'cards',
            label: t('web.cards.list.tabCards'),
            count: list.unique,
            content: <Cards list={list} />,
          },
          {
            value: 'import',
            label: t('web.cards.list.tabImport'),
            content: <ImportPanel listId={list.id} />,
          },
          {
            value: 'history',
            label: t('web.cards.list.tabHistory'),
            count: list.revision,
            content: <History list={list} />,
          },
          { value: 'export', label: t('web.cards.list.tabExport'), content: <Export list={list} /> },
        ]}
      />
      {dialog === 'rename' ? <RenameDialog list={list} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <DeleteListDialog
          list={list}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(lp('/collection/lists'))}
        />
      ) : null}
    </>
  );
}
