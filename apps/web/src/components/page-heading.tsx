import type { ReactNode } from 'react';

/** The page's h1 with its description and actions (same look as PageLayout's heading). */
export function PageHeading({
  title,
  description,
  actions,
  eyebrow,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <div className="cui-page__heading">
      <div className="cui-page__titles">
        {eyebrow ? <div className="cui-page__eyebrow">{eyebrow}</div> : null}
        <h1 className="cui-page__title">{title}</h1>
        {!description ? null : typeof description === 'string' ? (
          <p className="cui-page__description">{description}</p>
        ) : (
          // Rich descriptions (rendered Markdown) hold their own paragraphs.
          <div className="cui-page__description">{description}</div>
        )}
      </div>
      {actions ? <div className="cui-page__actions">{actions}</div> : null}
    </div>
  );
}
