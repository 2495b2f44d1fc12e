import { useFormats, useMe, useUpdateSettings, useUserStore } from '@companion/hooks';
import type { Settings } from '@companion/sdk/contract';
import { FormField, Select } from '@companion/ui';
import { useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { OverlaySettings } from '../components/overlay-settings';
import { PageHeading } from '../components/page-heading';
import { loadMessages } from '../i18n/messages';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { isLocale, localizePath, saveLocale } from '../lib/locale';

const NO_FORMAT = 'none';

export function Component() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  useMe();
  const settings = useUserStore((s) => s.settings);
  const formats = useFormats();
  const update = useUpdateSettings();

  const save = (patch: Partial<Settings>) =>
    update.mutate(
      { body: patch },
      { onSuccess: () => toast({ title: t('web.settings.saved'), tone: 'success', id: 'settings-saved' }) },
    );

  const onLanguage = (value: string) => {
    if (!isLocale(value)) return;
    save({ language: value });
    saveLocale(value);
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
      <div className="web-card web-form">
        <FormField label={t('web.settings.language')}>
          <Select
            name="language"
            value={settings?.language ?? 'en'}
            onValueChange={onLanguage}
            options={[
              { value: 'en', label: 'English' },
              { value: 'fr', label: 'Français' },
            ]}
          />
        </FormField>
        <FormField label={t('web.settings.currency')}>
          <Select
            name="currency"
            value={settings?.currency ?? 'usd'}
            onValueChange={(v) => (v === 'usd' || v === 'eur' ? save({ currency: v }) : undefined)}
            options={[
              { value: 'usd', label: t('web.settings.usd') },
              { value: 'eur', label: t('web.settings.eur') },
            ]}
          />
        </FormField>
        <FormField label={t('web.settings.visibility')} hint={t('web.settings.visibilityHint')}>
          <Select
            name="visibility"
            value={settings?.profileVisibility ?? 'friends'}
            onValueChange={(v) =>
              v === 'public' || v === 'friends' || v === 'private'
                ? save({ profileVisibility: v })
                : undefined
            }
            options={[
              { value: 'public', label: t('web.settings.public') },
              { value: 'friends', label: t('web.settings.friends') },
              { value: 'private', label: t('web.settings.private') },
            ]}
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
    </>
  );
}
