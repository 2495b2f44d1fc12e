import { readFileSync } from 'node:fs';
import { STORED_SESSION_CHECK } from '@companion/hooks/session';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspPlugin, inlineCode } from '../../../scripts/csp.mjs';

const file = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const options = {
  apiUrl: 'https://api.example.org/v1',
  firebase: { emulatorHost: undefined, authDomain: 'demo.firebaseapp.com', social: false },
};
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ');

const run = (attrs: Record<string, string>, pathname: string, stored: Record<string, string>) => {
  const el = new Map(Object.entries(attrs));
  const root = {
    getAttribute: (n: string) => el.get(n) ?? null,
    hasAttribute: (n: string) => el.has(n),
    setAttribute: (n: string, v: string) => el.set(n, v),
  };
  new Function('document', 'localStorage', 'location', 'matchMedia', file('public/theme.js'))(
    { documentElement: root },
    { getItem: (k: string) => stored[k] ?? null },
    { pathname },
    () => ({ matches: true }),
  );
  return Object.fromEntries(el);
};
const session = JSON.stringify({ v: 2, token: 't', userId: 'u', user: { user: { id: 'u' } } });

describe('inline code finder', () => {
  it('finds inline scripts, event handlers and javascript: URLs', () => {
    expect(inlineCode('<head><script>document.title = 1</script></head>')).toHaveLength(1);
    expect(inlineCode('<script type="module">import "x"</script>')).toHaveLength(1);
    expect(inlineCode('<img src="a.png" onerror="alert(1)">')).toEqual(['event handler onerror']);
    expect(inlineCode('<body onload=go()>')).toEqual(['event handler onload']);
    expect(inlineCode('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
  });
  it('leaves script files, data blocks and plain text alone', () => {
    expect(
      inlineCode('<script src="/theme.js"></script><script type="module" src="/a.js"></script>'),
    ).toEqual([]);
    expect(inlineCode('<script type="application/ld+json">{"a":1}</script>')).toEqual([]);
    expect(inlineCode('<p>Click on=the button</p>')).toEqual([]);
  });
});

describe('the web page and its theme script', () => {
  it('index.html has no inline code and loads the theme script synchronously in <head>', () => {
    const html = file('index.html');
    expect(inlineCode(html)).toEqual([]);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="/theme.js"></script>');
  });

  it('sets the saved theme, else the system’s', () => {
    expect(run({}, '/', { 'companion-theme': 'light' })['data-theme']).toBe('light');
    expect(run({}, '/', {})['data-theme']).toBe('dark');
  });

  it('hides a prerendered page served for another path, or a guest page to a signed-in visitor', () => {
    expect(run({ 'data-prerendered': '/faq' }, '/faq', {})).not.toHaveProperty('data-spa');
    expect(run({ 'data-prerendered': '/faq' }, '/decks', {})).toHaveProperty('data-spa');
    expect(run({ 'data-prerendered': '/login', 'data-guest-only': '' }, '/login', {})).not.toHaveProperty(
      'data-spa',
    );
    expect(
      run({ 'data-prerendered': '/login', 'data-guest-only': '' }, '/login', { 'companion-user': session }),
    ).toHaveProperty('data-spa');
    expect(run({ 'data-prerendered': '/faq' }, '/faq', { 'companion-user': session })).not.toHaveProperty(
      'data-spa',
    );
  });
});

describe('the theme script’s session test', () => {
  it('agrees with the hooks’ STORED_SESSION_CHECK', () => {
    const check = (stored: string | null) =>
      new Function('localStorage', `return ${STORED_SESSION_CHECK};`)({ getItem: () => stored }) as boolean;
    const cases = [
      null,
      'not json',
      'null',
      JSON.stringify({ v: 1, token: 't', userId: 'u', user: { user: {} } }),
      JSON.stringify({ v: 2, token: '', userId: 'u', user: { user: {} } }),
      JSON.stringify({ v: 2, token: 't', userId: 'u', user: {} }),
      JSON.stringify({ v: 2, token: 't', userId: 'u', user: { user: { id: 'u' } } }),
    ];
    for (const stored of cases) {
      const attrs = run(
        { 'data-prerendered': '/login', 'data-guest-only': '' },
        '/login',
        stored === null ? {} : { 'companion-user': stored },
      );
      expect('data-spa' in attrs, String(stored)).toBe(check(stored));
    }
    expect(cases.filter(check)).toHaveLength(1);
  });
});

describe('content security policy', () => {
  it('allows scripts from the page’s origin only, and names the configured origins', () => {
    const policy = contentSecurityPolicy(options);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([
        'https://api.example.org',
        'wss://api.example.org',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ]),
    );
    expect(directive(policy, 'img-src')).toEqual(
      expect.arrayContaining(['https://api.example.org', 'https://cards.scryfall.io', 'data:', 'blob:']),
    );
    // Ignored in a <meta> (with a console error): header only.
    expect(directive(policy, 'frame-ancestors')).toBeUndefined();
    expect(directive(contentSecurityPolicy({ ...options, header: true }), 'frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('lets the emulator and, with Google/Apple sign-in, the auth domain in', () => {
    const emulator = { ...options, firebase: { ...options.firebase, emulatorHost: '127.0.0.1:9099' } };
    expect(directive(contentSecurityPolicy(emulator), 'connect-src')).toContain('http://127.0.0.1:9099');
    expect(directive(contentSecurityPolicy(emulator), 'frame-src')).toEqual(["'self'"]);
    const social = { ...options, firebase: { ...options.firebase, social: true } };
    expect(directive(contentSecurityPolicy(social), 'frame-src')).toContain('https://demo.firebaseapp.com');
  });

  it('goes into the built page right after the charset', () => {
    const plugin = cspPlugin(options) as unknown as {
      transformIndexHtml: { handler: (html: string, ctx: object) => string };
    };
    const out = plugin.transformIndexHtml.handler(file('index.html'), {});
    const meta = out.indexOf('http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(out.indexOf('<meta charset'));
    expect(meta).toBeLessThan(out.indexOf('<script'));
    expect(out).toContain(`content="${contentSecurityPolicy(options)}"`);
  });
});
