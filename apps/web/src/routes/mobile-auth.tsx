import { Button } from '@companion/ui';
import { useLocation, useParams } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { env } from '../env';
import { useT } from '../i18n/use-t';

/** `/mobile/auth/{provider}/callback|verify`: hands the sign-in back to the mobile app. */
export function Component() {
  const t = useT();
  const { provider } = useParams();
  const location = useLocation();
  const appLink = env.VITE_MOBILE_APP_LINK
    ? `${env.VITE_MOBILE_APP_LINK}${location.pathname.replace(/^\/fr/, '')}${location.search}`
    : null;
  return (
    <div className="web-auth">
      <PageHeading
        title={t('web.page.mobileAuthCallback.title')}
        description={t('web.mobile.lead', { provider: provider === 'apple' ? 'Apple' : 'Google' })}
      />
      <div className="web-auth__panel">
        {appLink ? (
          <Button asChild variant="primary" block>
            <a href={appLink}>{t('web.mobile.open')}</a>
          </Button>
        ) : (
          <p>{t('web.mobile.noApp')}</p>
        )}
      </div>
    </div>
  );
}
