import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

export function Footer() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div className="web-footer">
      <nav aria-label={t('web.footer.label')} className="web-footer__nav">
        <Link to={lp('/faq')}>{t('web.nav.faq')}</Link>
        <Link to={lp('/privacy-policy')}>{t('web.footer.privacy')}</Link>
        <Link to={lp('/terms-of-service')}>{t('web.footer.terms')}</Link>
        <a href="https://github.com/companion-mtg/companion" rel="noopener">
          {t('web.footer.source')}
        </a>
      </nav>
      <p className="web-footer__legal">{t('web.footer.legal')}</p>
    </div>
  );
}
