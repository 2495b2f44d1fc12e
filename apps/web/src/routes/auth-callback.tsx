import { Spinner } from '@companion/ui';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

/**
 * `/auth/{provider}/callback` and `/verify`: Google and Apple sign-in run in a popup from /login,
 * so a redirect landing here goes back to /login, which finishes the flow.
 */
export function Component() {
  const t = useT();
  const { provider } = useParams();
  const navigate = useNavigate();
  const lp = useLocalePath();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(lp('/login'), { replace: true }), 600);
    return () => clearTimeout(timer);
  }, [navigate, lp]);
  return (
    <div className="web-pending">
      <h1>{t('web.page.authCallback.title')}</h1>
      <Spinner label={t('web.callback.progress', { provider: provider ?? '' })} />
      <p>{t('web.callback.progress', { provider: provider === 'apple' ? 'Apple' : 'Google' })}</p>
    </div>
  );
}
