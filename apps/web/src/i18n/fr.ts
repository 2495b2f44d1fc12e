import hooksFr from '@companion/hooks/i18n/fr-FR.json';
import uiFr from '@companion/ui/i18n/fr-FR.json';
import webFr from './fr-FR.json';

/** The shell's French (feature catalogues load with their routes, see `messages.ts`). */
export const frMessages: Record<string, string> = { ...uiFr, ...hooksFr, ...webFr };
