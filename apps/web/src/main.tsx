// Tokens and base layer only: each ui component brings its own stylesheet, the symbol fonts come
// with ManaCost and SetSymbol.
import './lib/zod-jitless';
import '@companion/ui/base.css';
import './app.css';
import { hasStoredSession } from '@companion/hooks/session';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { detectLocale, localeOfPath } from './lib/locale';
import { prerenderedHere } from './lib/prerendered';
import { loadRouteRules, ruleFor } from './lib/route-rules';

/**
 * Start-up. A prerendered public page (home, FAQ, legal pages, login) is complete HTML: for a
 * signed-out visitor the React app (React, the router, messages: most of the JavaScript) loads on
 * the first sign of interaction — pointer, touch, key or focus — instead of with the page. A button
 * pressed (or a form sent) before the app is ready is pressed (sent) again once it is; links work as
 * plain links meanwhile, fields keep what was typed. Every other page, a query the prerender does not
 * show (`?tab=signup`), a signed-in visitor, another saved language or a route rule starts the app
 * at once.
 */

// A failed page chunk is handled by the route's error element (reload once per 10 s per path);
// outside a route (e.g. a lazy component), reload the current page under the same guard.
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadOnce();
});

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
let pressed: HTMLElement | null = null;
const onClick = (event: MouseEvent) => {
  const button = (event.target as Element | null)?.closest?.('#root button');
  if (button instanceof HTMLElement) pressed = button;
};
// A form sent before the app is ready (the login page) is sent again by the app, which reads the
// fields on submit: the browser must not send it itself.
let submitted: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
const onSubmit = (event: SubmitEvent) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.closest('#root')) return;
  // Not sent by the browser, nor by a React root that is starting: sent once, when the app is ready.
  event.preventDefault();
  event.stopPropagation();
  submitted = { form, submitter: event.submitter };
};

let booted: Promise<void> | null = null;
function boot(): Promise<void> {
  if (booted) return booted;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
  booted = import('./app')
    .then(({ start }) =>
      // Once React takes the page it handles (and replays) events itself; until then (messages and
      // the page chunk loading) clicks are still recorded here.
      start(() => window.removeEventListener('click', onClick, true)),
    )
    .then(() => {
      window.removeEventListener('submit', onSubmit, true);
      const button = pressed;
      const form = submitted;
      pressed = null;
      submitted = null;
      if (form?.form.isConnected) {
        const { submitter } = form;
        form.form.requestSubmit(
          submitter?.isConnected && submitter.closest('form') === form.form ? submitter : null,
        );
      } else if (button?.isConnected) {
        // Tabs (role="tab") switch on mousedown (or focus), not on click.
        if (button.getAttribute('role') === 'tab')
          button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
        button.click();
      }
    })
    .catch((error: unknown) => {
      console.error('Start-up failed:', error);
      if (isChunkLoadError(error)) reloadOnce();
    });
  return booted;
}
function onIntent() {
  void boot();
}

const { pathname } = window.location;
const container = document.getElementById('root');
const staticPage =
  prerenderedHere(container) && detectLocale(pathname) === localeOfPath(pathname) && !hasStoredSession();

if (!staticPage) void boot();
else {
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
  // A route rule for this page (redirect) is followed by the app.
  void loadRouteRules(__BUILD_ID__).then(() => {
    if (ruleFor(pathname)) void boot();
  });
}
