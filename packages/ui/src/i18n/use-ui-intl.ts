import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { type UiMessageId, uiMessages } from './messages';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * Typed access to the `ui.*` messages. Falls back to the English text when the app did not merge
 * the catalogues, so a component never shows a raw id.
 */
export function useUiIntl() {
  const intl = useIntl();
  const t = useCallback(
    (id: UiMessageId, values?: Values): string =>
      intl.formatMessage({ id, defaultMessage: uiMessages['en-US'][id] }, values),
    [intl],
  );
  return { t, intl };
}
