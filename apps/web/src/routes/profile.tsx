import {
  useCurrentUser,
  useFriendQr,
  useMe,
  useSetFirstname,
  useSetUsername,
  useUploadPicture,
} from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Avatar, Button, FormField, Input, Skeleton } from '@companion/ui';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { PICTURE_ACCEPT, PICTURE_MEGABYTES, pictureProblem, pictureUploadMessage } from '../lib/picture';

function NamesForm() {
  const t = useT();
  const toast = useToast();
  const userData = useCurrentUser()?.user;
  const setUsername = useSetUsername();
  const setFirstname = useSetFirstname();
  const [username, setUsernameValue] = useState(userData?.username ?? '');
  const [firstname, setFirstnameValue] = useState(userData?.firstname ?? '');
  useEffect(() => {
    setUsernameValue(userData?.username ?? '');
    setFirstnameValue(userData?.firstname ?? '');
  }, [userData?.username, userData?.firstname]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (username.trim() && username.trim() !== userData?.username)
        await setUsername.mutateAsync({ body: { username: username.trim() } });
      if (firstname.trim() && firstname.trim() !== userData?.firstname)
        await setFirstname.mutateAsync({ body: { firstname: firstname.trim() } });
      toast({ title: t('web.profile.saved'), tone: 'success' });
    } catch {
      // shown below
    }
  };
  const error = setUsername.error ?? setFirstname.error;
  return (
    <form className="web-card web-form" onSubmit={submit} aria-labelledby="names-title">
      <h2 id="names-title">{t('web.profile.identity')}</h2>
      <FormField label={t('web.profile.username')} hint={t('web.profile.usernameHint')}>
        <Input
          name="username"
          autoComplete="username"
          minLength={LIMITS.username.min}
          maxLength={LIMITS.username.max}
          value={username}
          onChange={(e) => setUsernameValue(e.target.value)}
        />
      </FormField>
      <FormField label={t('web.login.firstname')}>
        <Input
          name="firstname"
          autoComplete="given-name"
          maxLength={LIMITS.firstname.max}
          value={firstname}
          onChange={(e) => setFirstnameValue(e.target.value)}
        />
      </FormField>
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={setUsername.isPending || setFirstname.isPending}>
        {t('web.common.save')}
      </Button>
    </form>
  );
}

function PictureForm() {
  const t = useT();
  const toast = useToast();
  const userData = useCurrentUser()?.user;
  const upload = useUploadPicture();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    const wrong = chosen ? pictureProblem(chosen) : null;
    if (wrong) {
      setProblem(
        wrong === 'type'
          ? t('web.profile.pictureType')
          : t('web.profile.pictureSize', { megabytes: PICTURE_MEGABYTES }),
      );
      return;
    }
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { body: { file } },
      {
        onSuccess: () => {
          setFile(null);
          setPreview(null);
          toast({ title: t('web.profile.pictureSaved'), tone: 'success' });
        },
      },
    );
  };
  const name = userData?.username || userData?.firstname || '?';
  return (
    <form className="web-card web-form" onSubmit={submit} aria-labelledby="picture-title">
      <h2 id="picture-title">{t('web.profile.picture')}</h2>
      <div className="web-picture">
        <Avatar name={name} src={preview ?? userData?.picture ?? null} size="xl" />
        <div className="web-picture__controls">
          <FormField
            label={t('web.profile.pictureChoose')}
            hint={t('web.profile.pictureHint', { megabytes: PICTURE_MEGABYTES })}
            error={problem ?? undefined}
          >
            <Input type="file" name="picture" accept={PICTURE_ACCEPT} onChange={pick} />
          </FormField>
          {preview ? <p className="web-muted">{t('web.profile.picturePreview')}</p> : null}
        </div>
      </div>
      {upload.error ? (
        <p className="web-form__error" role="alert">
          {pictureUploadMessage(upload.error, t)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={!file} loading={upload.isPending}>
        {t('web.profile.pictureUpload')}
      </Button>
    </form>
  );
}

function FriendCode() {
  const t = useT();
  const qr = useFriendQr();
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const copy = async (what: 'code' | 'link', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied(null), 2000);
    } catch {
      setCopied(null);
    }
  };
  return (
    <section className="web-card" aria-labelledby="code-title">
      <h2 id="code-title">{t('web.profile.code')}</h2>
      <p className="web-muted">{t('web.profile.codeHint')}</p>
      {qr.isPending ? (
        <Skeleton shape="rect" width={180} height={180} />
      ) : qr.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(qr.error, t)}
        </p>
      ) : (
        <div className="web-code">
          <img
            className="web-code__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
            alt={t('web.profile.qrAlt', { code: qr.data.code })}
            width={180}
            height={180}
          />
          <div className="web-code__text">
            <p className="web-code__value" data-testid="friend-code">
              {qr.data.code}
            </p>
            <div className="web-code__actions">
              <Button variant="secondary" size="sm" onClick={() => void copy('code', qr.data.code)}>
                {copied === 'code' ? t('web.profile.copied') : t('web.profile.copyCode')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void copy('link', qr.data.url)}>
                {copied === 'link' ? t('web.profile.copied') : t('web.profile.copyLink')}
              </Button>
            </div>
            <span className="cui-visually-hidden" role="status">
              {copied ? t('web.profile.copied') : ''}
            </span>
          </div>
        </div>
      )}
    </section>
  );
}

export function Component() {
  const t = useT();
  useMe();
  return (
    <>
      <PageHeading title={t('web.page.profile.title')} description={t('web.page.profile.description')} />
      <div className="web-stack">
        <PictureForm />
        <NamesForm />
        <FriendCode />
      </div>
    </>
  );
}
