import { useFormats, useMe, useSettings, useUpdateSettings } from '@companion/hooks';
import {
  CURRENCIES,
  type CurrencyValue,
  isOneOf,
  PROFILE_VISIBILITIES,
  type ProfileVisibilityValue,
} from '@companion/sdk';
import type { Settings } from '@companion/sdk/contract';
import { FormField, Select } from '@companion/ui';
import { useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { AccountData } from '../components/account-data';
import { DeleteAccount } from '../components/delete-account';
import { OverlaySettings } from '../components/overlay-settings';
import { PageHeading } from '../components/page-heading';
import { SignInDetails } from '../components/sign-in-details';
import { SignOutEverywhere } from '../components/sign-out-everywhere';
import { loadMessages } from '../i18n/messages';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { isLocale, LANGUAGE_NAMES, LOCALES, localizePath } from '../lib/locale';

const NO_FORMAT = 'none';
const CURRENCY_KEY = {
  usd: 'web.settings.usd',
  eur: 'web.settings.eur',
} as const satisfies Record<CurrencyValue, string>;
const VISIBILITY_KEY = {
  public: 'web.settings.public',
  friends: 'web.settings.friends',
  private: 'web.settings.private',
} as const satisfies Record<ProfileVisibilityValue, string>;

export function Component() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  useMe();
  const settings = useSettings();
  const formats = useFormats();
  const update = useUpdateSettings();

  const save = (patch: Partial<Settings>) =>
    update.mutate(
      { body: patch },
      { onSuccess: () => toast({ title: t('web.settings.saved'), tone: 'success', id: 'settings-saved' }) },
    );

  // Saved on the account, and shown at once: the page in that language (the app's language store
  // follows the route and saves the choice on this device).
  const onLanguage = (value: string) => {
    if (!isLocale(value)) return;
    save({ language: value });
    const go = () => navigate(localizePath(`${window.location.pathname}${window.location.search}`, value));
    void loadMessages(value).then(go, go);
  };

  const formatOptions = [
    { value: NO_FORMAT, label: t('web.settings.noFormat') },
    ...(formats.data?.formats ?? []).map((f) => ({ value: f.id, label: f.name })),
  ];

  return (
    <>
      <PageHeading title={t('web.page.settings.title')} description={t('web.page.settings.description')} />
      <div className="web-stack">
        <div className="web-card web-form">
          <FormField label={t('web.settings.language')}>
            <Select
              name="language"
              value={settings?.language ?? 'en'}
              onValueChange={onLanguage}
              options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value].label }))}
            />
          </FormField>
          <FormField label={t('web.settings.currency')}>
            <Select
              name="currency"
              value={settings?.currency ?? 'usd'}
              onValueChange={(v) => (isOneOf(CURRENCIES, v) ? save({ currency: v }) : undefined)}
              options={CURRENCIES.map((value) => ({ value, label: t(CURRENCY_KEY[value]) }))}
            />
          </FormField>
          <FormField label={t('web.settings.visibility')} hint={t('web.settings.visibilityHint')}>
            <Select
              name="visibility"
              value={settings?.profileVisibility ?? 'friends'}
              onValueChange={(v) =>
                isOneOf(PROFILE_VISIBILITIES, v) ? save({ profileVisibility: v }) : undefined
              }
              options={PROFILE_VISIBILITIES.map((value) => ({ value, label: t(VISIBILITY_KEY[value]) }))}
            />
          </FormField>
          <FormField label={t('web.settings.format')}>
            <Select
              name="format"
              value={settings?.defaultFormatId ?? NO_FORMAT}
              disabled={formats.isPending}
              onValueChange={(v) => save({ defaultFormatId: v === NO_FORMAT ? null : v })}
              options={formatOptions}
            />
          </FormField>
          {update.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(update.error, t)}
            </p>
          ) : null}
        </div>
        <OverlaySettings />
        <SignInDetails />
        <SignOutEverywhere />
        <AccountData />
        <DeleteAccount />
      </div>
    </>
  );
}
