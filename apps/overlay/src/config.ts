/**
 * The API address the production server wrote into the page (`pnpm serve`: a JSON data block,
 * `<script type="application/json" id="companion-config">{"apiUrl": …}</script>`), which wins over
 * the build's.
 */
export function runtimeApiUrl(doc: Pick<Document, 'getElementById'>): string | undefined {
  const text = doc.getElementById('companion-config')?.textContent;
  if (!text) return undefined;
  try {
    const value = (JSON.parse(text) as { apiUrl?: unknown } | null)?.apiUrl;
    return typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The overlay's configuration: the API address (the server's, else the build's), the streaming token and language from
 * the page's address (`/obs/?token=ct_…&lang=fr`). Nothing else reads the environment or the URL.
 */
export type OverlayLocale = 'en-US' | 'fr-FR';

export interface OverlayConfig {
  apiUrl: string;
  token: string | null;
  locale: OverlayLocale;
}

export function readConfig(
  search: string,
  languages: readonly string[],
  apiUrl: string | undefined,
): OverlayConfig {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim() || null;
  const lang = params.get('lang') ?? languages[0] ?? 'en';
  return {
    apiUrl: apiUrl || 'http://127.0.0.1:8787',
    token,
    locale: lang.toLowerCase().startsWith('fr') ? 'fr-FR' : 'en-US',
  };
}
