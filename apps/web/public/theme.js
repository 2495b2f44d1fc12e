// Runs in <head> before the page paints (a file, not an inline script: the Content Security Policy
// allows scripts from this origin only). Sets the theme (saved choice, else the system's) so there is
// no flash of the other one.
//
// On a prerendered page (scripts/prerender.mjs puts its path in <html data-prerendered>): served
// for another path, or (a guest-only page such as the login) to a visitor with a stored session,
// the page is not this visit's, so it stays hidden until the app renders ('data-spa', see app.tsx).
// The session test is @companion/hooks' STORED_SESSION_CHECK (src/csp.test.ts keeps them in agreement).
(() => {
  const root = document.documentElement;
  let theme = null;
  try {
    theme = localStorage.getItem('companion-theme');
  } catch (e) {}
  if (theme !== 'light' && theme !== 'dark')
    theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-theme', theme);
  const page = root.getAttribute('data-prerendered');
  if (page === null) return;
  let signedIn = false;
  if (root.hasAttribute('data-guest-only')) {
    try {
      const s = JSON.parse(localStorage.getItem('companion-user') || 'null');
      signedIn = !!(s && s.v === 2 && s.token && s.userId && s.user && s.user.user);
    } catch (e) {}
  }
  if (location.pathname !== page || signedIn) root.setAttribute('data-spa', '');
})();
