import '../social/social.css';
import { useCreatePlaygroup, useUploadPlaygroupPicture } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Button, FormField, Input, TextArea } from '@companion/ui';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { PICTURE_ACCEPT, PICTURE_MEGABYTES, pictureProblem, pictureUploadMessage } from '../lib/picture';
import { useLocalePath } from '../lib/use-locale';
import { GroupPicture } from '../social/group-picture';
import { playgroupPath } from '../social/names';

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreatePlaygroup();
  const upload = useUploadPlaygroupPicture();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: 'name' | 'picture'; text: string } | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    const wrong = chosen ? pictureProblem(chosen) : null;
    if (wrong === 'type') return setProblem({ field: 'picture', text: t('web.social.create.pictureType') });
    if (wrong === 'size')
      return setProblem({
        field: 'picture',
        text: t('web.social.create.pictureSize', { megabytes: PICTURE_MEGABYTES }),
      });
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem({ field: 'name', text: t('web.social.create.needName') });
    try {
      const { playgroup } = await create.mutateAsync({
        body: { name: name.trim(), description: description.trim() || null },
      });
      if (file) {
        try {
          await upload.mutateAsync({ params: { id: playgroup.id }, body: { file } });
        } catch (e) {
          toast({ tone: 'error', title: pictureUploadMessage(e, t) });
        }
      }
      toast({ tone: 'success', title: t('web.social.create.done', { name: playgroup.name }) });
      void navigate(lp(playgroupPath(playgroup)));
    } catch {
      // shown below
    }
  };
  return (
    <>
      <PageHeading
        title={t('web.page.playgroupCreate.title')}
        description={t('web.page.playgroupCreate.description')}
      />
      <form className="web-card web-form web-promo" onSubmit={submit} noValidate>
        <div className="web-group">
          <GroupPicture name={name || '?'} src={preview} large />
          <FormField
            label={t('web.social.create.picture')}
            hint={t('web.social.create.pictureHint', { megabytes: PICTURE_MEGABYTES })}
            error={problem?.field === 'picture' ? problem.text : undefined}
          >
            <Input type="file" name="picture" accept={PICTURE_ACCEPT} onChange={pick} />
          </FormField>
        </div>
        <FormField
          label={t('web.social.create.name')}
          required
          error={problem?.field === 'name' ? problem.text : undefined}
        >
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
        {create.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(create.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={create.isPending || upload.isPending}>
          {t('web.social.create.submit')}
        </Button>
      </form>
    </>
  );
}
