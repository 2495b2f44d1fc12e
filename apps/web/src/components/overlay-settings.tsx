import { useStreamingToken } from '@companion/hooks';
import { Button, FormField, Input } from '@companion/ui';
import { useEffect, useState } from 'react';
import { useToast } from '../app/toasts';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { OVERLAY_TOKEN_KEY, overlayUrl } from '../lib/live';

/**
 * The overlay address on the settings page. The server keeps only a hash of the streaming token, so
 * this browser remembers the last one it issued; "regenerate" issues a new one, which disconnects the
 * overlays using the old address.
 */
export function OverlaySettings() {
  const t = useT();
  const toast = useToast();
  const issue = useStreamingToken();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(localStorage.getItem(OVERLAY_TOKEN_KEY)), []);
  const url = token ? overlayUrl(token) : null;

  const regenerate = () =>
    issue.mutate(undefined, {
      onSuccess: ({ token: next }) => {
        localStorage.setItem(OVERLAY_TOKEN_KEY, next);
        setToken(next);
        toast({ title: t('web.live.settings.issued'), tone: 'success', id: 'overlay-issued' });
      },
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('web.live.settings.copied'), tone: 'success', id: 'overlay-copied' });
    } catch {
      toast({ title: t('web.live.settings.copyFailed'), tone: 'error', id: 'overlay-copied' });
    }
  };

  return (
    <section className="web-card web-form" aria-labelledby="overlay-title">
      <h2 id="overlay-title">{t('web.live.settings.title')}</h2>
      <p className="web-muted">{t('web.live.settings.intro')}</p>
      {url ? (
        <FormField label={t('web.live.settings.url')} hint={t('web.live.settings.urlHint')}>
          <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </FormField>
      ) : null}
      <div className="web-live__row">
        {url ? (
          <Button type="button" variant="primary" onClick={copy}>
            {t('web.live.settings.copy')}
          </Button>
        ) : null}
        <Button
          type="button"
          variant={url ? 'secondary' : 'primary'}
          loading={issue.isPending}
          onClick={regenerate}
        >
          {url ? t('web.live.settings.regenerate') : t('web.live.settings.create')}
        </Button>
      </div>
      {issue.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(issue.error, t)}
        </p>
      ) : null}
    </section>
  );
}
