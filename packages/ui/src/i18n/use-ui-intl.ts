import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import enUS from './en-US.json';
import type { UiMessageId } from './messages';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * Typed access to the `ui.*` messages. Falls back to the English text when the app did not merge
 * the catalogues, so a component never shows a raw id. (The English catalogue only: the French one
 * stays out of the components, an app loads it with its own French messages.)
 */
export function useUiIntl() {
  const intl = useIntl();
  const t = useCallback(
    (id: UiMessageId, values?: Values): string =>
      intl.formatMessage({ id, defaultMessage: enUS[id] }, values),
    [intl],
  );
  return { t, intl };
}
