import { useCompanionClient, useImportList, useRemoveListCards, useUpdateListCards } from '@companion/hooks';
import { endpoints, IMPORT_FORMATS } from '@companion/sdk';
import type { ImportReport } from '@companion/sdk/contract';
import { Badge, Button, FormField, Input, ProgressBar, Select, TextArea } from '@companion/ui';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { printingLabel } from './common';
import { useFormatName, useFormatOptions } from './formats';
import { SKIP_KEY } from './skipped';
import { isText } from './text-file';

/** The import formats the API reads (the contract's list, so both always agree). */
const FORMATS = IMPORT_FORMATS;
type Format = (typeof FORMATS)[number];

/** Rows per request when a large CSV is sent in parts (each part shows on the progress bar). */
const CHUNK_ROWS = 2000;

/** Splits a large CSV into parts that each repeat its header; null when it must go in one piece. */
export function splitCsv(text: string, rows = CHUNK_ROWS): string[] | null {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const headerLines = /^sep=/i.test(lines[0] ?? '') ? 2 : 1;
  const header = lines.slice(0, headerLines);
  const body = lines.slice(headerLines);
  if (body.length <= rows || !(header.at(-1) ?? '').includes(',')) return null;
  // A quoted field with a line break would be cut in two: send such files whole.
  if (body.some((l) => (l.match(/"/g)?.length ?? 0) % 2 === 1)) return null;
  const parts: string[] = [];
  for (let i = 0; i < body.length; i += rows) parts.push([...header, ...body.slice(i, i + rows)].join('\n'));
  return parts;
}

function merge(reports: ImportReport[], offsets: number[]): ImportReport {
  const [first] = reports;
  if (!first) throw new Error('no report');
  return {
    format: first.format,
    rows: reports.reduce((s, r) => s + r.rows, 0),
    resolved: {
      byId: reports.reduce((s, r) => s + r.resolved.byId, 0),
      bySetNumber: reports.reduce((s, r) => s + r.resolved.bySetNumber, 0),
      bySetName: reports.reduce((s, r) => s + r.resolved.bySetName, 0),
      byName: reports.reduce((s, r) => s + r.resolved.byName, 0),
    },
    added: reports.reduce((s, r) => s + r.added, 0),
    merged: reports.reduce((s, r) => s + r.merged, 0),
    unresolved: reports.flatMap((r, i) => r.unresolved.map((u) => ({ ...u, line: u.line + offsets[i]! }))),
    guessed: reports.flatMap((r, i) => r.guessed.map((g) => ({ ...g, line: g.line + offsets[i]! }))),
    skipped: reports.flatMap((r, i) => r.skipped.map((k) => ({ ...k, line: k.line + offsets[i]! }))),
    skippedLines: reports.reduce((s, r) => s + r.skippedLines, 0),
    errors: reports.flatMap((r, i) => r.errors.map((e) => ({ ...e, line: e.line + offsets[i]! }))),
    revision: reports.at(-1)?.revision ?? null,
  };
}

function UnresolvedRow({
  listId,
  row,
  onFixed,
}: {
  listId: string;
  row: ImportReport['unresolved'][number];
  onFixed: () => void;
}) {
  const t = useT();
  const client = useCompanionClient();
  const update = useUpdateListCards();
  const remove = useRemoveListCards();
  const [query, setQuery] = useState(row.name);
  const [results, setResults] = useState<Array<{ id: string; label: string }> | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const find = async (event: FormEvent) => {
    event.preventDefault();
    setSearching(true);
    setProblem(null);
    try {
      const found = await client.call(endpoints.cards.search, {
        query: { q: query, limit: 6, unique: 'prints', page: 1, order: 'name', dir: 'asc' },
      });
      setResults(
        found.cards.map((c) => ({
          id: c.id,
          label: `${c.name} · ${c.set.toUpperCase()} #${c.collector_number}`,
        })),
      );
    } catch (error) {
      setProblem(errorMessage(error, t));
      setResults([]);
    } finally {
      setSearching(false);
    }
  };
  return (
    <li className="web-unresolved">
      <div className="web-unresolved__head">
        <span>
          <strong>{row.name}</strong>{' '}
          <span className="web-muted">{t('web.cards.import.line', { line: row.line })}</span>
        </span>
        <span className="web-muted">{row.reason}</span>
      </div>
      <form className="web-inline-form" onSubmit={find}>
        <Input
          aria-label={t('web.cards.import.fixSearch', { name: row.name })}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" size="sm" variant="secondary" loading={searching}>
          {t('web.cards.import.find')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { params: { id: listId }, body: { cards: [{ entryId: row.entryId }] } },
              { onSuccess: onFixed },
            )
          }
        >
          {t('web.cards.import.drop')}
        </Button>
      </form>
      {problem ? <p className="web-form__error">{problem}</p> : null}
      {results && results.length === 0 && !problem ? (
        <p className="web-muted">{t('web.cards.import.noMatch')}</p>
      ) : null}
      {results?.length ? (
        <ul className="web-chips">
          {results.map((r) => (
            <li key={r.id}>
              <Button
                size="sm"
                variant="secondary"
                loading={update.isPending && update.variables?.body.cards[0]?.cardId === r.id}
                onClick={() =>
                  update.mutate(
                    { params: { id: listId }, body: { cards: [{ entryId: row.entryId, cardId: r.id }] } },
                    { onSuccess: onFixed },
                  )
                }
              >
                {t('web.cards.import.use', { card: r.label })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ImportReportView({ listId, report }: { listId: string; report: ImportReport }) {
  const t = useT();
  const formatName = useFormatName();
  const intl = useIntl();
  const [fixed, setFixed] = useState<Set<string>>(new Set());
  const open = report.unresolved.filter((u) => !fixed.has(u.entryId));
  const fixedRows = report.unresolved.length - open.length;
  const resolved = report.resolved.byId + report.resolved.bySetNumber + report.resolved.bySetName;
  return (
    <section
      className="web-card web-report"
      aria-labelledby="import-report-title"
      data-testid="import-report"
    >
      <h2 id="import-report-title">{t('web.cards.import.reportTitle')}</h2>
      <dl className="web-kv">
        <div>
          <dt>{t('web.cards.import.format')}</dt>
          <dd>
            <Badge tone="info">{formatName(report.format)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('web.cards.import.rows')}</dt>
          <dd>{intl.formatNumber(report.rows)}</dd>
        </div>
        <div>
          <dt>{t('web.cards.import.resolved')}</dt>
          <dd>
            {t('web.cards.import.resolvedDetail', {
              total: resolved,
              byId: report.resolved.byId,
              bySetNumber: report.resolved.bySetNumber,
              bySetName: report.resolved.bySetName,
            })}
          </dd>
        </div>
        {(
          [
            ['web.cards.import.guessedCount', report.resolved.byName],
            ['web.cards.import.merged', report.merged],
            ['web.cards.import.unresolvedCount', report.unresolved.length],
            ['web.cards.import.errorCount', report.errors.length],
            ['web.cards.import.skippedCount', report.skippedLines],
            ['web.cards.import.added', report.added],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              {intl.formatNumber(value)}
              {label === 'web.cards.import.unresolvedCount' && fixedRows > 0 ? (
                <span className="web-muted" data-testid="import-fixed">
                  {' · '}
                  {t('web.cards.import.fixedSince', { count: fixedRows, left: open.length })}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {report.guessed.length ? (
        <>
          <h3>{t('web.cards.import.guessedTitle')}</h3>
          <p className="web-muted">{t('web.cards.import.guessedHint')}</p>
          <ul className="web-errors" data-testid="import-guessed">
            {report.guessed.slice(0, 50).map((g) => (
              <li key={`${g.line}-${g.entryId}`}>
                {t('web.cards.import.line', { line: g.line })}: {g.name}
                {printingLabel(g) ? ` (${printingLabel(g)})` : ''}
              </li>
            ))}
          </ul>
          {report.guessed.length > 50 ? (
            <p className="web-muted">
              {t('web.cards.import.moreGuessed', { count: report.guessed.length - 50 })}
            </p>
          ) : null}
        </>
      ) : null}
      {report.skipped.length ? (
        <>
          <h3>{t('web.cards.import.skippedTitle')}</h3>
          <ul className="web-errors" data-testid="import-skipped">
            {report.skipped.slice(0, 50).map((k) => (
              <li key={k.line}>
                {t('web.cards.import.line', { line: k.line })}: {t(SKIP_KEY[k.reason], { count: k.count })}
                {k.raw.trim() ? <span className="web-muted"> · {k.raw.slice(0, 80)}</span> : null}
              </li>
            ))}
          </ul>
          {report.skippedLines > report.skipped.slice(0, 50).reduce((n, k) => n + k.count, 0) ? (
            <p className="web-muted">
              {t('web.cards.import.moreSkipped', {
                count: report.skippedLines - report.skipped.slice(0, 50).reduce((n, k) => n + k.count, 0),
              })}
            </p>
          ) : null}
        </>
      ) : null}
      {report.errors.length ? (
        <>
          <h3>{t('web.cards.import.errors')}</h3>
          <ul className="web-errors">
            {report.errors.slice(0, 50).map((e) => (
              <li key={`${e.line}-${e.field ?? ''}-${e.message}`}>
                {t('web.cards.import.line', { line: e.line })}: {e.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {open.length ? (
        <>
          <h3>{t('web.cards.import.fixTitle')}</h3>
          <p className="web-muted">{t('web.cards.import.fixHint')}</p>
          <ul className="web-unresolved-list">
            {open.slice(0, 100).map((u) => (
              <UnresolvedRow
                key={u.entryId}
                listId={listId}
                row={u}
                onFixed={() => setFixed((prev) => new Set(prev).add(u.entryId))}
              />
            ))}
          </ul>
          {open.length > 100 ? (
            <p className="web-muted">{t('web.cards.import.more', { count: open.length - 100 })}</p>
          ) : null}
        </>
      ) : report.unresolved.length ? (
        <p className="web-form__success">{t('web.cards.import.allFixed')}</p>
      ) : null}
    </section>
  );
}

/** Import by file or paste; large CSV files go in parts with a progress bar; then the report. */
export function ImportPanel({ listId, onDone }: { listId: string; onDone?: (report: ImportReport) => void }) {
  const t = useT();
  const formatOptions = useFormatOptions(FORMATS);
  const importList = useImportList();
  const [content, setContent] = useState('');
  const [filename, setFilename] = useState<string | undefined>();
  const [format, setFormat] = useState<Format>('auto');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<unknown>(null);

  const [notText, setNotText] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    // A picture, a spreadsheet or an archive: say so before anything is sent.
    if (!isText(text)) {
      setNotText(true);
      setFilename(undefined);
      setContent('');
      return;
    }
    setNotText(false);
    setFilename(file.name);
    setContent(text);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    setError(null);
    setReport(null);
    const parts =
      format === 'dek' || format === 'arena' || format === 'mtgo' || format === 'plain'
        ? null
        : splitCsv(content);
    const chunks = parts ?? [content];
    const reports: ImportReport[] = [];
    const offsets: number[] = [];
    setProgress({ done: 0, total: chunks.length });
    try {
      for (const [i, chunk] of chunks.entries()) {
        offsets.push(parts ? i * CHUNK_ROWS : 0);
        reports.push(
          await importList.mutateAsync({
            params: { id: listId },
            body: { content: chunk, format, ...(filename ? { filename } : {}) },
          }),
        );
        setProgress({ done: i + 1, total: chunks.length });
      }
      const merged = merge(reports, offsets);
      setReport(merged);
      onDone?.(merged);
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="web-stack">
      <form className="web-card web-form" onSubmit={submit} aria-labelledby="import-title">
        <h2 id="import-title">{t('web.cards.import.title')}</h2>
        <p className="web-muted">{t('web.cards.import.hint')}</p>
        <FormField
          label={t('web.cards.import.file')}
          error={notText ? t('web.cards.import.notText') : undefined}
        >
          <Input type="file" name="file" accept=".csv,.txt,.dek,text/csv,text/plain" onChange={pick} />
        </FormField>
        <FormField
          label={t('web.cards.import.paste')}
          hint={filename ? t('web.cards.import.loaded', { name: filename }) : undefined}
        >
          <TextArea
            name="content"
            rows={6}
            value={content.length > 200_000 ? `${content.slice(0, 2000)}\n…` : content}
            readOnly={content.length > 200_000}
            onChange={(e) => {
              setContent(e.target.value);
              setFilename(undefined);
            }}
          />
        </FormField>
        <FormField label={t('web.cards.import.formatLabel')}>
          <Select value={format} onValueChange={(v) => setFormat(v as Format)} options={formatOptions} />
        </FormField>
        {progress ? (
          <ProgressBar
            label={t('web.cards.import.progress')}
            {...(progress.total > 1 ? { value: progress.done, max: progress.total } : {})}
            detail={t('web.cards.import.progressDetail', { done: progress.done, total: progress.total })}
          />
        ) : null}
        {error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={!content.trim()} loading={progress !== null}>
          {t('web.cards.import.submit')}
        </Button>
      </form>
      {report ? <ImportReportView listId={listId} report={report} /> : null}
    </div>
  );
}
