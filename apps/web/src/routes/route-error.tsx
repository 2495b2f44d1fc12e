import { ErrorPage } from '@companion/ui';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { DefaultLayout } from '../layouts/layouts';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { useLocalePath } from '../lib/use-locale';

/**
 * What a route shows when its page throws: a reload for a page chunk that failed to load (at most
 * once per 10 s per path), the 500 page for everything else. (The root's `onCaughtError` logs it.)
 */
export function RouteError({ error }: { error: unknown }) {
  const location = useLocation();
  const lp = useLocalePath();
  const chunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunk);

  useEffect(() => {
    if (!chunk) return;
    if (!reloadOnce(location.pathname)) setReloading(false);
  }, [chunk, location.pathname]);

  if (reloading) return null;
  const message = error instanceof Error ? error.message : undefined;
  return (
    <DefaultLayout>
      <ErrorPage
        status={500}
        error={message ? { message } : null}
        homeHref={lp('/')}
        onRetry={() => window.location.reload()}
      />
    </DefaultLayout>
  );
}

interface BoundaryProps {
  /** The current path: the error is forgotten when it changes (the visitor went elsewhere). */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  failed: boolean;
  error: unknown;
}

/** The routes' error boundary: `RouteError` in place of the page that threw, until the path changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname
      ? null
      : { pathname: props.pathname, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
