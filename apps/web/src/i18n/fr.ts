import hooksFr from '@companion/hooks/i18n/fr-FR.json';
import uiFr from '@companion/ui/i18n/fr-FR.json';
import webFr from './fr-FR.json';

export const frMessages: Record<string, string> = { ...uiFr, ...hooksFr, ...webFr };
