import { useLogout } from '@companion/hooks';
import { Spinner } from '@companion/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

/** Signs out of Firebase, clears the store and the cache, then goes home. */
export function Component() {
  const t = useT();
  const logout = useLogout();
  const navigate = useNavigate();
  const lp = useLocalePath();
  useEffect(() => {
    let cancelled = false;
    void logout().finally(() => {
      if (!cancelled) void navigate(lp('/'), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [logout, navigate, lp]);
  return (
    <div className="web-pending">
      <h1 className="cui-visually-hidden">{t('web.page.logout.title')}</h1>
      <Spinner label={t('web.logout.progress')} />
      <p>{t('web.logout.progress')}</p>
    </div>
  );
}
