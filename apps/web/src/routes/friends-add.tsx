import '../social/social.css';
import { useFriendLookup, useFriendQr, useRequestFriend } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import { Avatar, Button, FormField, Input, Skeleton } from '@companion/ui';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { displayName, RELATIONSHIP_KEY, userPath } from '../social/names';
import { codeFromScan, decodeQr } from '../social/qr-scan';

const CODE = /^[2-9A-HJKMNP-Z]{4,12}$/;

function Lookup({ code }: { code: string }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const lookup = useFriendLookup({ params: { code } });
  const request = useRequestFriend();
  if (lookup.isPending) return <Skeleton lines={2} />;
  if (lookup.error)
    return (
      <p className="web-form__error" role="alert">
        {lookup.error.status === 404 ? t('web.social.add.unknown') : errorMessage(lookup.error, t)}
      </p>
    );
  const { user, relationship } = lookup.data;
  const name = displayName(user);
  const send = () =>
    request.mutate(
      { params: { code } },
      {
        onSuccess: (data) =>
          toast({
            tone: 'success',
            title:
              data.friend.status === 'accepted'
                ? t('web.social.friends.accepted', { name })
                : t('web.social.add.sent', { name }),
          }),
      },
    );
  return (
    <div className="web-person web-person--found" data-testid="lookup-result">
      <Avatar name={name} src={user.picture} size="lg" />
      <div className="web-person__text">
        <Link to={lp(userPath(user))} className="web-person__name">
          {name}
        </Link>
        <span className="web-muted">{t(RELATIONSHIP_KEY[relationship])}</span>
      </div>
      <div className="web-person__actions">
        {relationship === 'none' || relationship === 'incoming' ? (
          <Button variant="primary" onClick={send} loading={request.isPending}>
            {relationship === 'incoming' ? t('web.social.friends.accept') : t('web.social.add.send')}
          </Button>
        ) : null}
      </div>
      {request.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(request.error, t)}
        </p>
      ) : null}
    </div>
  );
}

function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const canCamera = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (!stream || !video.current) return;
    const el = video.current;
    el.srcObject = stream;
    void el.play().catch(() => undefined);
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      const value = el.readyState >= 2 ? await decodeQr(el).catch(() => null) : null;
      const code = value ? codeFromScan(value) : null;
      if (code) {
        onCodeRef.current(code);
        setStream(null);
        return;
      }
      setTimeout(() => void tick(), 300);
    };
    void tick();
    return () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
    };
  }, [stream]);

  const start = async () => {
    setProblem(null);
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }));
    } catch {
      setProblem(t('web.social.add.cameraDenied'));
    }
  };
  const fromFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    try {
      const bitmap = await createImageBitmap(file);
      const value = await decodeQr(bitmap);
      const code = value ? codeFromScan(value) : null;
      if (code) onCode(code);
      else setProblem(t('web.social.add.noQr'));
    } catch {
      setProblem(t('web.social.add.noQr'));
    }
  };
  return (
    <section className="web-card web-form" aria-labelledby="scan-title">
      <h2 id="scan-title">{t('web.social.add.scan')}</h2>
      <p className="web-muted">{t('web.social.add.scanHint')}</p>
      {stream ? (
        <div className="web-scan">
          <video
            ref={video}
            className="web-scan__video"
            muted
            playsInline
            aria-label={t('web.social.add.camera')}
          />
          <Button variant="ghost" onClick={() => setStream(null)}>
            {t('web.social.add.stopCamera')}
          </Button>
        </div>
      ) : canCamera ? (
        <Button variant="secondary" onClick={() => void start()}>
          {t('web.social.add.startCamera')}
        </Button>
      ) : null}
      <FormField label={t('web.social.add.fromPhoto')}>
        <Input type="file" accept="image/*" name="qr-photo" onChange={(e) => void fromFile(e)} />
      </FormField>
      {problem ? (
        <p className="web-form__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function MyCode() {
  const t = useT();
  const qr = useFriendQr();
  return (
    <section className="web-card" aria-labelledby="mycode-title">
      <h2 id="mycode-title">{t('web.social.add.mine')}</h2>
      <p className="web-muted">{t('web.social.add.mineHint')}</p>
      {qr.isPending ? (
        <Skeleton shape="rect" width={200} height={200} />
      ) : qr.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(qr.error, t)}
        </p>
      ) : (
        <div className="web-code">
          <img
            className="web-code__qr"
            data-testid="my-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
            alt={t('web.social.add.qrAlt', { code: qr.data.code })}
            width={200}
            height={200}
          />
          <p className="web-code__value" data-testid="my-friend-code">
            {qr.data.code}
          </p>
        </div>
      )}
    </section>
  );
}

export function Component() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const fromUrl = (params.get('code') ?? '').toUpperCase();
  const [text, setText] = useState(fromUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const code = CODE.test(fromUrl) ? fromUrl : null;
  useEffect(() => setText(fromUrl), [fromUrl]);

  const show = (value: string) => {
    setParams({ code: value }, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim().toUpperCase();
    if (!CODE.test(value)) {
      setProblem(t('web.social.add.invalid'));
      return;
    }
    setProblem(null);
    show(value);
  };
  return (
    <>
      <PageHeading
        title={t('web.page.friendsAdd.title')}
        description={t('web.page.friendsAdd.description')}
      />
      <div className="web-columns">
        <div className="web-stack">
          <form className="web-card web-form" onSubmit={submit} aria-labelledby="code-form-title" noValidate>
            <h2 id="code-form-title">{t('web.social.add.byCode')}</h2>
            <FormField
              label={t('web.social.add.code')}
              hint={t('web.social.add.codeHint', { min: LIMITS.friendCode.min, max: LIMITS.friendCode.max })}
              error={problem ?? undefined}
            >
              <Input
                name="code"
                value={text}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={LIMITS.friendCode.max}
                onChange={(e) => setText(e.target.value.toUpperCase())}
              />
            </FormField>
            <Button type="submit" variant="primary">
              {t('web.social.add.find')}
            </Button>
            {code ? <Lookup code={code} /> : null}
          </form>
          <Scanner onCode={show} />
        </div>
        <MyCode />
      </div>
    </>
  );
}
