import { Link } from 'react-router';
import { CallToAction, HeroCards } from '../components/landing';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

/** Second landing page: the playgroup night pitch. */
export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const steps = ['one', 'two', 'three'] as const;
  return (
    <>
      <section className="web-hero web-hero--alt" aria-labelledby="kikoo-title">
        <div className="web-hero__text">
          <p className="web-hero__eyebrow">{t('web.kikoo.eyebrow')}</p>
          <h1 id="kikoo-title" className="web-hero__title">
            {t('web.kikoo.title')}
          </h1>
          <p className="web-hero__lead">{t('web.kikoo.lead')}</p>
          <div className="web-hero__actions">
            <Link className="web-button web-button--primary web-button--lg" to={lp('/login?tab=signup')}>
              {t('web.kikoo.start')}
            </Link>
            <Link className="web-button web-button--ghost web-button--lg" to={lp('/faq')}>
              {t('web.nav.faq')}
            </Link>
          </div>
        </div>
        <HeroCards />
      </section>
      <section className="web-section" aria-labelledby="kikoo-steps">
        <h2 id="kikoo-steps" className="web-section__title">
          {t('web.kikoo.stepsTitle')}
        </h2>
        <ol className="web-steps">
          {steps.map((step, i) => (
            <li key={step} className="web-step">
              <span className="web-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`web.kikoo.step.${step}.title`)}</h3>
              <p>{t(`web.kikoo.step.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <CallToAction />
    </>
  );
}
