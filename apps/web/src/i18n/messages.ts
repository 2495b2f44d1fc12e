import hooksEn from '@companion/hooks/i18n/en-US.json';
import uiEn from '@companion/ui/i18n/en-US.json';
import type { Locale } from '../lib/locale';
import webEn from './en-US.json';

/** Feature screens keep their strings in `features/<feature>.en-US.json` (and `.fr-FR.json`). */
const featureEn = import.meta.glob<Record<string, string>>('./features/*.en-US.json', {
  eager: true,
  import: 'default',
});

export type Messages = Record<string, string>;

/** English ships with the app; French loads on demand (its own chunk). */
export const enMessages: Messages = Object.assign(
  { ...uiEn, ...hooksEn, ...webEn },
  ...Object.values(featureEn),
);

const cache: Partial<Record<Locale, Messages>> = { en: enMessages };

export function cachedMessages(locale: Locale): Messages | undefined {
  return cache[locale];
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const hit = cache[locale];
  if (hit) return hit;
  try {
    const module = await import('./fr');
    cache.fr = module.frMessages;
    return module.frMessages;
  } catch (error) {
    console.error(`Error loading the ${locale} messages:`, error);
    return enMessages;
  }
}
