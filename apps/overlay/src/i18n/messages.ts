import uiEn from '@companion/ui/i18n/en-US.json';
import uiFr from '@companion/ui/i18n/fr-FR.json';
import type { OverlayLocale } from '../config';
import en from './en-US.json';
import fr from './fr-FR.json';

export type OverlayMessageId = keyof typeof en;

/** The overlay's strings plus the ui components' (card fallback, mana symbols). */
export const messages: Record<OverlayLocale, Record<string, string>> = {
  'en-US': { ...uiEn, ...en },
  'fr-FR': { ...uiFr, ...fr },
};
