import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { type UiLocale, uiMessages } from '../i18n/messages';

/** Renders inside an IntlProvider with the package's catalogue (kept on rerender). */
export function renderWithIntl(ui: ReactElement, locale: UiLocale = 'en-US'): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={locale} messages={uiMessages[locale]}>
      {children}
    </IntlProvider>
  );
  return render(ui, { wrapper });
}
