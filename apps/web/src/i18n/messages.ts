import hooksEn from '@companion/hooks/i18n/en-US.json';
import uiEn from '@companion/ui/i18n/en-US.json';
import type { Locale } from '../lib/locale';
import webEn from './en-US.json';

export type Messages = Record<string, string>;

/**
 * Feature screens keep their strings in `features/<feature>.<en-US|fr-FR>.json`. Each catalogue is a
 * chunk of its own, loaded with the routes that use it (`PageDef.messages`), so the shell (header,
 * dashboard, public pages) does not carry every screen's strings.
 */
export const FEATURES = ['public', 'account', 'cards', 'social', 'live'] as const;
export type Feature = (typeof FEATURES)[number];

const CATALOGUE_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

const featureFiles = import.meta.glob<Messages>('./features/*.json', { import: 'default' });

/** The shell's English (ui kit, hooks, web): ships with the app. French loads on demand. */
export const enMessages: Messages = { ...uiEn, ...hooksEn, ...webEn };

interface Parts {
  base?: Messages;
  features: Partial<Record<Feature, Messages>>;
  /** The merged catalogue, rebuilt when a part arrives (a stable object between changes). */
  merged?: Messages;
}

const parts: Record<Locale, Parts> = { en: { base: enMessages, features: {} }, fr: { features: {} } };
/** Features some route has needed: a language loaded later loads them too. */
const needed = new Set<Feature>();
const listeners = new Set<() => void>();

function changed(locale: Locale): void {
  parts[locale].merged = undefined;
  for (const listener of listeners) listener();
}

/** Called when a catalogue part arrives (for `useSyncExternalStore`). */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded catalogue of `locale` (shell plus the features loaded so far), if its shell is loaded. */
export function cachedMessages(locale: Locale): Messages | undefined {
  const part = parts[locale];
  if (!part.base) return undefined;
  part.merged ??= Object.assign({}, part.base, ...Object.values(part.features)) as Messages;
  return part.merged;
}

async function loadBase(locale: Locale): Promise<void> {
  if (parts[locale].base) return;
  const module = await import('./fr');
  parts[locale].base = module.frMessages;
  changed(locale);
}

async function loadFeature(locale: Locale, feature: Feature): Promise<void> {
  if (parts[locale].features[feature]) return;
  const file = featureFiles[`./features/${feature}.${CATALOGUE_LOCALE[locale]}.json`];
  if (!file) throw new Error(`No ${locale} catalogue for ${feature}`);
  parts[locale].features[feature] = await file();
  changed(locale);
}

/**
 * Loads the catalogue of `locale` with `features` and every feature loaded before (rejects when a
 * feature catalogue fails to load, like a page chunk). French falls back to English if its shell
 * catalogue cannot load.
 */
export async function loadMessages(locale: Locale, features: readonly Feature[] = []): Promise<Messages> {
  for (const feature of features) needed.add(feature);
  try {
    await loadBase(locale);
  } catch (error) {
    console.error(`Error loading the ${locale} messages:`, error);
    if (locale !== 'en') return loadMessages('en', features);
    throw error;
  }
  await Promise.all([...needed].map((feature) => loadFeature(locale, feature)));
  return cachedMessages(locale)!;
}
