import { Link } from 'react-router';
import { CallToAction, Features, HeroCards, Previews } from '../components/landing';
import { useT } from '../i18n/use-t';
import { useSession } from '../lib/session';
import { useLocalePath } from '../lib/use-locale';

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const { authenticated } = useSession();
  return (
    <>
      <section className="web-hero" aria-labelledby="hero-title">
        <div className="web-hero__text">
          <p className="web-hero__eyebrow">{t('web.home.eyebrow')}</p>
          <h1 id="hero-title" className="web-hero__title">
            {t('web.home.title')}
          </h1>
          <p className="web-hero__lead">{t('web.home.lead')}</p>
          <div className="web-hero__actions">
            {authenticated ? (
              <Link className="web-button web-button--primary web-button--lg" to={lp('/dashboard')}>
                {t('web.home.openDashboard')}
              </Link>
            ) : (
              <Link className="web-button web-button--primary web-button--lg" to={lp('/login?tab=signup')}>
                {t('web.home.start')}
              </Link>
            )}
            <a className="web-button web-button--ghost web-button--lg" href="#features">
              {t('web.home.explore')}
            </a>
          </div>
          <p className="web-hero__note">{t('web.home.note')}</p>
        </div>
        <HeroCards />
      </section>
      <Features />
      <Previews />
      <CallToAction />
    </>
  );
}
