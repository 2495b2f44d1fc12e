import { Button } from '@companion/ui';
import { useT } from '../i18n/use-t';

/** A form's submit button, and Cancel when the form can be left. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <div className="web-actions-row">
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('web.social.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
