import { useUploadPlaygroupPicture } from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import type { ChangeEvent } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { PICTURE_ACCEPT, PICTURE_MEGABYTES, pictureProblem, pictureUploadMessage } from '../../lib/picture';

/** Changes the group's picture (checked for format and size before it is sent). */
export function PictureButton({ group }: { group: Playgroup }) {
  const t = useT();
  const toast = useToast();
  const upload = useUploadPlaygroupPicture();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (pictureProblem(file))
      return toast({
        tone: 'error',
        title: t('web.social.create.pictureHint', { megabytes: PICTURE_MEGABYTES }),
      });
    upload.mutate(
      { params: { id: group.id }, body: { file } },
      {
        onSuccess: () => toast({ tone: 'success', title: t('web.social.group.pictureSaved') }),
        onError: (e) => toast({ tone: 'error', title: pictureUploadMessage(e, t) }),
      },
    );
  };
  return (
    <label className="web-file-button">
      <input type="file" accept={PICTURE_ACCEPT} className="cui-visually-hidden" onChange={pick} />
      <span>{upload.isPending ? t('web.social.group.uploading') : t('web.social.group.changePicture')}</span>
    </label>
  );
}
