import { accountExportQueryOptions, useCompanionClient } from '@companion/hooks';
import type { AccountExport } from '@companion/sdk/contract';
import { Button } from '@companion/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { download } from '../lib/download';
import { errorMessage } from '../lib/errors';

/** The export's file name: `companion-data-2026-11-27.json`. */
export const exportFileName = (exportedAt: string) => `companion-data-${exportedAt.slice(0, 10)}.json`;

/**
 * "Download my data" (settings): saves everything the account holds as one JSON file, which is
 * complete and which programs read. The collection, each list and each deck are in it as CSV (and
 * Arena decklist) text too, offered here as one download each: what a player opens in a
 * spreadsheet or imports elsewhere. One click per file, because browsers block a page that starts
 * many downloads at once, and a zip would need a library for little gain.
 */
export function AccountData() {
  const t = useT();
  const client = useCompanionClient();
  const qc = useQueryClient();
  const [data, setData] = useState<AccountExport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const fetchAndSave = async () => {
    setBusy(true);
    setError(null);
    try {
      const exported = await qc.fetchQuery(accountExportQueryOptions(client));
      download(exportFileName(exported.exportedAt), JSON.stringify(exported, null, 2), 'application/json');
      setData(exported);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="web-card web-form" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{t('web.settings.data.title')}</h2>
      <p className="web-muted">{t('web.settings.data.intro')}</p>
      <div>
        <Button
          type="button"
          variant="secondary"
          data-testid="download-my-data"
          loading={busy}
          onClick={() => void fetchAndSave()}
        >
          {t('web.settings.data.button')}
        </Button>
      </div>
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
      {data ? (
        <>
          <p role="status">{t('web.settings.data.saved', { files: data.files.length })}</p>
          {data.files.length ? (
            <ul className="web-stack" aria-label={t('web.settings.data.files')}>
              {data.files.map((file) => (
                <li key={file.name}>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => download(file.name, file.content, file.mediaType)}
                  >
                    {file.name}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
