import { useUpdatePlaygroup } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import type { Playgroup } from '@companion/sdk/contract';
import { Button, Dialog, FormField, Input, TextArea } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';

/** Renames the group and edits its description, in a dialog. */
export function EditGroup({ group }: { group: Playgroup }) {
  const t = useT();
  const toast = useToast();
  const update = useUpdatePlaygroup();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    update.mutate(
      { params: { id: group.id }, body: { name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ tone: 'success', title: t('web.social.group.saved') });
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(group.name);
          setDescription(group.description ?? '');
        }
      }}
      title={t('web.social.group.edit')}
      trigger={<Button variant="secondary">{t('web.social.group.edit')}</Button>}
    >
      <form className="web-form" onSubmit={submit} noValidate>
        <FormField label={t('web.social.create.name')} required>
          <Input
            name="name"
            value={name}
            maxLength={LIMITS.playgroupName.max}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField label={t('web.social.create.description')} hint={t('web.social.create.descriptionHint')}>
          <TextArea
            name="description"
            rows={3}
            maxLength={LIMITS.playgroupDescription.max}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        {update.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(update.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!name.trim()}>
          {t('web.social.tags.save')}
        </Button>
      </form>
    </Dialog>
  );
}
