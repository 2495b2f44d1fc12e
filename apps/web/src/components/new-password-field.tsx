import { LIMITS } from '@companion/sdk';
import { FormField, Input } from '@companion/ui';
import type { ComponentProps } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A new password's field (sign-up, reset, settings): the identity service's minimum length as the
 * hint and the check, and the browser's password manager told it is a new one.
 */
export function NewPasswordField({
  label,
  ...input
}: { label: string } & Pick<ComponentProps<typeof Input>, 'value' | 'onChange'>) {
  const t = useT();
  return (
    <FormField label={label} hint={t('web.login.passwordHint', { min: LIMITS.password.min })} required>
      <Input
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={LIMITS.password.min}
        {...input}
      />
    </FormField>
  );
}
