/**
 * True when `#root` holds the prerendered HTML of this very page: the path matches and no query
 * parameter asks for other content than the prerender shows (`/login?tab=signup` shows the
 * sign-up tab, the prerender the sign-in one). Such a page is rendered by the app, not hydrated.
 */
export function prerenderedHere(container: HTMLElement | null): boolean {
  const { pathname, search } = window.location;
  return container?.dataset.prerendered === pathname && !new URLSearchParams(search).has('tab');
}
