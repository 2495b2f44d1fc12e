/**
 * The overlay's configuration: the API address at build time, the streaming token and language from
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
