import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import '../src/styles.css';
import { type UiLocale, uiMessages } from '../src/i18n/messages';

type Theme = 'light' | 'dark';

function isLocale(value: unknown): value is UiLocale {
  return value === 'en-US' || value === 'fr-FR';
}

/** IntlProvider with the toolbar locale; a story may force one with `parameters.locale`. */
const withIntl: Decorator = (Story, context) => {
  const forced = context.parameters.locale as unknown;
  const locale: UiLocale = isLocale(forced)
    ? forced
    : isLocale(context.globals.locale)
      ? context.globals.locale
      : 'en-US';
  return (
    <IntlProvider locale={locale} messages={uiMessages[locale]} defaultLocale="en-US">
      <Story />
    </IntlProvider>
  );
};

function ThemeRoot({ theme, locale, children }: { theme: Theme; locale: string; children: React.ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale.slice(0, 2);
    document.body.classList.add('cui-root');
  }, [theme, locale]);
  return (
    <div className="cui-root" data-theme={theme} style={{ padding: '1rem', minHeight: '100%' }}>
      {children}
    </div>
  );
}

const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const forced = context.parameters.locale as unknown;
  const locale = isLocale(forced)
    ? forced
    : isLocale(context.globals.locale)
      ? context.globals.locale
      : 'en-US';
  return (
    <ThemeRoot theme={theme} locale={locale}>
      <Story />
    </ThemeRoot>
  );
};

const preview: Preview = {
  decorators: [withTheme, withIntl],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en-US', title: 'English (en-US)' },
          { value: 'fr-FR', title: 'Français (fr-FR)' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en-US', theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
  },
};

export default preview;
