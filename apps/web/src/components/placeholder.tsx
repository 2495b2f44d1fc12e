import { Badge, EmptyState } from '@companion/ui';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';
import { PageHeading } from './page-heading';

/** Page frame for screens whose content comes in a later issue: title, what it will hold, a way on. */
export function Placeholder({ page }: { page: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      <PageHeading
        title={t(`web.page.${page}.title`)}
        description={t(`web.page.${page}.description`)}
        actions={<Badge tone="info">{t('web.placeholder.badge')}</Badge>}
      />
      <EmptyState
        title={t('web.placeholder.title')}
        description={t('web.placeholder.description')}
        headingLevel={2}
        action={
          <Link className="web-link-button" to={lp('/dashboard')}>
            {t('web.placeholder.back')}
          </Link>
        }
      />
    </>
  );
}
