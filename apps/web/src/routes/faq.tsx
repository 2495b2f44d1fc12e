import { Link } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

export const FAQ_ITEMS = 8;

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div className="web-prose">
      <PageHeading title={t('web.page.faq.title')} description={t('web.page.faq.description')} />
      <div className="web-faq">
        {Array.from({ length: FAQ_ITEMS }, (_, i) => i + 1).map((n) => (
          <details key={n} className="web-faq__item" open={n === 1}>
            <summary>{t(`web.faq.q${n}.question`)}</summary>
            <p>{t(`web.faq.q${n}.answer`)}</p>
          </details>
        ))}
      </div>
      <p>
        {t('web.faq.more')} <Link to={lp('/privacy-policy')}>{t('web.footer.privacy')}</Link> ·{' '}
        <Link to={lp('/terms-of-service')}>{t('web.footer.terms')}</Link>
      </p>
    </div>
  );
}
