import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/** `t('web.…', values)`: formats a message of the merged catalogue. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}
