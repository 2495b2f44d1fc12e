import { useT } from '../i18n/use-t';
import { PageHeading } from './page-heading';

/** A long-form page (privacy policy, terms) from numbered message sections. */
export function LegalPage({ prefix, sections }: { prefix: 'privacy' | 'terms'; sections: number }) {
  const t = useT();
  return (
    <article className="web-prose">
      <PageHeading title={t(`web.page.${prefix}.title`)} description={t(`web.${prefix}.updated`)} />
      <p className="web-prose__intro">{t(`web.${prefix}.intro`)}</p>
      {Array.from({ length: sections }, (_, i) => i + 1).map((n) => (
        <section key={n} aria-labelledby={`${prefix}-${n}`}>
          <h2 id={`${prefix}-${n}`}>{t(`web.${prefix}.s${n}.title`)}</h2>
          {t(`web.${prefix}.s${n}.body`)
            .split('\n')
            .map((para) => (
              <p key={para}>{para}</p>
            ))}
        </section>
      ))}
    </article>
  );
}
