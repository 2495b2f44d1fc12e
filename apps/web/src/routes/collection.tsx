import {
  collectionExportQueryOptions,
  useCollectionSummary,
  useCompanionClient,
  useLists,
} from '@companion/hooks';
import { EXPORT_FORMATS } from '@companion/sdk';
import { BreakdownBars, EmptyState, Skeleton } from '@companion/ui';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import '../components/cards/cards.css';
import {
  COLOR_HEX,
  COLOR_KEY,
  RARITY_HEX,
  RARITY_KEY,
  slug,
  useCurrency,
  useMoney,
} from '../components/cards/common';
import {
  ExportButton,
  ExportError,
  ExportFormatSelect,
  saveExport,
  useExport,
} from '../components/cards/formats';
import { QuickAdd } from '../components/cards/quick-add';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Unresolved rows sit under the key '?': the notice above counts them instead. */
const resolved = (b: { key: string }) => b.key !== '?';
const CollectionChart = lazy(() => import('../components/cards/value-chart'));
/** The whole collection as a file, in the chosen format. */
function ExportCollection() {
  const t = useT();
  const client = useCompanionClient();
  const qc = useQueryClient();
  const exporter = useExport(async (format) => {
    const text = await qc.fetchQuery(collectionExportQueryOptions(client, { query: { format } }));
    saveExport('collection', format, text);
  });
  return (
    <div className="web-inline-form">
      <ExportFormatSelect
        label={t('web.cards.export.format')}
        value={exporter.format}
        onChange={exporter.choose}
      />
      <ExportButton
        format={exporter.format}
        size="sm"
        variant="secondary"
        busy={exporter.busy}
        onClick={() => void exporter.run()}
      />
      <ExportError error={exporter.error} />
    </div>
  );
}

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const currency = useCurrency();
  const money = useMoney();
  const summary = useCollectionSummary({ query: { currency } });
  const lists = useLists({ query: { currency } });
  const binders = (lists.data?.lists ?? []).filter((l) => l.type === 'collection');
  const data = summary.data?.collection;
  const cur = data?.currency ?? currency;
  const fmt = (v: number) => money(v, cur);
  const valueSummaryId = useId();
  return (
    <>
      <PageHeading
        title={t('web.page.collection.title')}
        description={t('web.page.collection.description', { count: EXPORT_FORMATS.length })}
        actions={
          <>
            <Link className="web-link-button" to={lp('/collection/search')}>
              {t('web.cards.collection.search')}
            </Link>
            <Link className="web-link-button" to={lp('/collection/lists')}>
              {t('web.cards.collection.lists')}
            </Link>
          </>
        }
      />
      <div className="web-stack">
        {summary.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(summary.error, t)}
          </p>
        ) : null}
        <section className="web-kpis web-cards-kpis" aria-label={t('web.cards.collection.totals')}>
          {[
            ['web.cards.collection.value', data ? fmt(data.value) : null],
            ['web.cards.collection.cards', data ? String(data.cards) : null],
            ['web.cards.collection.unique', data ? String(data.unique) : null],
            ['web.cards.collection.binders', data ? String(data.binders) : null],
          ].map(([key, value]) => (
            <div className="web-kpi" key={key}>
              <span className="web-kpi__label">{t(key!)}</span>
              <span className="web-kpi__value" data-testid={key}>
                {value ?? <Skeleton shape="text" width={80} />}
              </span>
            </div>
          ))}
        </section>
        {data && data.unresolved > 0 ? (
          <p className="web-notice">{t('web.cards.collection.unresolved', { count: data.unresolved })}</p>
        ) : null}

        <section className="web-card" aria-labelledby="value-title">
          <h2 id="value-title">{t('web.cards.collection.valueOverTime')}</h2>
          {data && data.history.length > 1 ? (
            <Suspense fallback={<Skeleton shape="rect" width="100%" height={220} />}>
              <CollectionChart
                rows={data.history}
                format={fmt}
                label={t('web.cards.collection.chartLabel')}
                describedBy={valueSummaryId}
              />
              <p id={valueSummaryId} className="cui-visually-hidden">
                {t('web.cards.collection.valueSummary', {
                  from: fmt(data.history[0]!.value),
                  to: fmt(data.history.at(-1)!.value),
                  days: data.history.length,
                })}
              </p>
            </Suspense>
          ) : (
            <p className="web-muted">{t('web.cards.collection.noHistory')}</p>
          )}
        </section>

        <div className="web-grid-3">
          <div className="web-card">
            <BreakdownBars
              title={t('web.cards.collection.bySet')}
              limit={8}
              empty={t('web.cards.collection.none')}
              items={(data?.bySet ?? []).filter(resolved).map((b) => ({
                key: b.key,
                label: b.label,
                value: b.value || b.cards / 1000,
                detail: t('web.cards.collection.breakdownDetail', { cards: b.cards, value: fmt(b.value) }),
              }))}
            />
          </div>
          <div className="web-card">
            <BreakdownBars
              title={t('web.cards.collection.byColor')}
              empty={t('web.cards.collection.none')}
              items={(data?.byColor ?? []).filter(resolved).map((b) => ({
                key: b.key,
                label: COLOR_KEY[b.key] ? t(COLOR_KEY[b.key]!) : b.label,
                value: b.cards,
                color: COLOR_HEX[b.key] ?? 'var(--cui-color-accent)',
                detail: t('web.cards.collection.breakdownDetail', { cards: b.cards, value: fmt(b.value) }),
              }))}
            />
          </div>
          <div className="web-card">
            <BreakdownBars
              title={t('web.cards.collection.byRarity')}
              empty={t('web.cards.collection.none')}
              items={(data?.byRarity ?? []).filter(resolved).map((b) => ({
                key: b.key,
                label: RARITY_KEY[b.key] ? t(RARITY_KEY[b.key]!) : b.label,
                value: b.cards,
                color: RARITY_HEX[b.key] ?? 'var(--cui-color-accent)',
                detail: t('web.cards.collection.breakdownDetail', { cards: b.cards, value: fmt(b.value) }),
              }))}
            />
          </div>
        </div>

        <section className="web-card" aria-labelledby="binders-title">
          <div className="web-card__head">
            <h2 id="binders-title">{t('web.cards.collection.bindersTitle')}</h2>
            <ExportCollection />
          </div>
          {lists.isPending ? (
            <Skeleton shape="rect" width="100%" height={80} />
          ) : binders.length === 0 ? (
            <EmptyState title={t('web.cards.collection.noBinder')} headingLevel={3} />
          ) : (
            <ul className="web-listcards">
              {binders.map((b) => (
                <li key={b.id}>
                  <Link to={lp(`/collection/list/${b.id}/${slug(b.name)}`)} className="web-listcard">
                    <span className="web-listcard__name">{b.name}</span>
                    <span className="web-muted">
                      {t('web.cards.lists.summary', {
                        cards: b.cards,
                        unique: b.unique,
                        value: money(b.value, b.currency),
                      })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <QuickAdd lists={binders} />
      </div>
    </>
  );
}
