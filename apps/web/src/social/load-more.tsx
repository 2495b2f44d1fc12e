import { Button } from '@companion/ui';
import { useT } from '../i18n/use-t';

/**
 * The foot of a paged game list: how many games show out of how many, and a button that loads the
 * next page while there is one.
 */
export function LoadMoreGames({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const t = useT();
  if (shown === 0) return null;
  return (
    <div className="web-load-more" data-testid="load-more">
      <p className="web-muted" aria-live="polite">
        {t('web.social.games.shown', { shown, total })}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
          {loading ? t('web.social.games.loadingMore') : t('web.social.games.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
