import hooksFr from '@companion/hooks/i18n/fr-FR.json';
import uiFr from '@companion/ui/i18n/fr-FR.json';
import webFr from './fr-FR.json';

const featureFr = import.meta.glob<Record<string, string>>('./features/*.fr-FR.json', {
  eager: true,
  import: 'default',
});

export const frMessages: Record<string, string> = Object.assign(
  { ...uiFr, ...hooksFr, ...webFr },
  ...Object.values(featureFr),
);
