import enUS from './en-US.json';
import frFR from './fr-FR.json';

export type UiLocale = 'en-US' | 'fr-FR';
export type UiMessageId = keyof typeof enUS;
export type UiMessages = Record<UiMessageId, string>;

/** Message catalogues of @companion/ui, to merge into the app's IntlProvider messages. */
export const uiMessages: Record<UiLocale, UiMessages> = {
  'en-US': enUS,
  'fr-FR': frFR satisfies UiMessages,
};

export const uiLocales: readonly UiLocale[] = ['en-US', 'fr-FR'];
