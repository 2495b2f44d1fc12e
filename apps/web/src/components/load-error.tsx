import { isNotFoundError } from '@companion/sdk';
import { Button, EmptyState } from '@companion/ui';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** What a page was about: names the thing that is missing and where to go back to. */
export type LoadErrorThing = 'deck' | 'game' | 'list' | 'playgroup' | 'set';

const BACK: Record<LoadErrorThing, string> = {
  deck: '/decks',
  game: '/games',
  list: '/collection/lists',
  playgroup: '/playgroups',
  set: '/sets',
};

/** A magnifying glass over nothing: decorative. */
const missingIcon = (
  <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
    <circle cx="27" cy="27" r="15" fill="none" stroke="currentColor" strokeWidth="3" />
    <path d="M38 38l13 13" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    <path d="M21 27h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" opacity=".6" />
  </svg>
);

/**
 * A page whose deck, game, list, playgroup or set could not be loaded: "not found" says so in words
 * (it was deleted, or it is not shared with you) with the way back; any other failure gives its
 * message, Try again and the same way back.
 */
export function LoadError({
  error,
  thing,
  onRetry,
}: {
  error: unknown;
  thing: LoadErrorThing;
  onRetry?: () => void;
}) {
  const t = useT();
  const lp = useLocalePath();
  const back = (
    <Button asChild variant={isNotFoundError(error) ? 'primary' : 'secondary'}>
      <Link to={lp(BACK[thing])}>{t(`web.loadError.back.${thing}`)}</Link>
    </Button>
  );
  if (isNotFoundError(error)) {
    return (
      <EmptyState
        icon={missingIcon}
        title={t(`web.loadError.missing.${thing}`)}
        description={t('web.loadError.missingHint')}
        action={back}
        headingLevel={2}
      />
    );
  }
  return (
    <EmptyState
      title={errorMessage(error, t)}
      action={
        <div className="web-load-error__actions">
          {onRetry ? <Button onClick={onRetry}>{t('web.loadError.retry')}</Button> : null}
          {back}
        </div>
      }
      headingLevel={2}
    />
  );
}
