import { useEffect } from 'react';
import { env } from '../env';
import { useT } from '../i18n/use-t';

/**
 * `/obs`: the overlay is its own app (`apps/overlay`, served under `/obs/`), so that an OBS browser
 * source loads a small transparent page rather than the whole web app. This route hands over to it
 * with the same query (`?token=ct_…`), for addresses written as `<web app>/obs?token=…`.
 */
export function Component() {
  const t = useT();
  const base = env.VITE_OVERLAY_URL ?? 'http://127.0.0.1:5174/obs/';
  const target = typeof window === 'undefined' ? base : `${base}${window.location.search}`;
  useEffect(() => {
    if (new URL(target, window.location.href).href !== window.location.href) window.location.replace(target);
  }, [target]);
  return (
    <p className="web-obs__handover">
      <a href={target}>{t('web.page.obs.description')}</a>
    </p>
  );
}
