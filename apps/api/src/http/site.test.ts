import { describe, expect, it } from 'vitest';
import { siteRewrite, withRuntimeConfig } from './site.js';

describe('siteRewrite', () => {
  it('sends /api/… to the API routes and every other path to the pages', () => {
    expect(siteRewrite('/api/user/decks?page=2')).toBe('/user/decks?page=2');
    expect(siteRewrite('/api')).toBe('/');
    expect(siteRewrite('/api?x=1')).toBe('/?x=1');
    expect(siteRewrite('/api/live')).toBe('/live');
    // A page of the same name as an API route stays a page.
    expect(siteRewrite('/deck/shared/AAAAAAAAAAAAAAAAAAAAAA')).toBe(
      '/_site/deck/shared/AAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(siteRewrite('/apiary')).toBe('/_site/apiary');
    expect(siteRewrite('/')).toBe('/_site/');
    // Asked from outside, the internal prefix is only a page path like any other.
    expect(siteRewrite('/_site/x')).toBe('/_site/_site/x');
  });
});

describe('withRuntimeConfig', () => {
  const built =
    '<!doctype html><html><head>\n<meta charset="UTF-8" />\n' +
    '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; connect-src http://127.0.0.1:8890" />\n' +
    '<title>x</title></head><body></body></html>';

  it("replaces the build's policy and adds the settings as a data block", () => {
    const html = withRuntimeConfig(built, { VITE_API_URL: 'https://c.example/api' }, "default-src 'self'");
    expect(html).not.toContain('8890');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'" />`);
    expect(html).toContain(
      '<script type="application/json" id="companion-config">{"VITE_API_URL":"https://c.example/api"}</script>\n  </head>',
    );
  });

  it('cannot be broken out of by a value', () => {
    const html = withRuntimeConfig(
      built,
      { VITE_MOBILE_APP_LINK: '</script><script>alert(1)</script>' },
      'x',
    );
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>\\u003cscript>');
    const json = /id="companion-config">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ VITE_MOBILE_APP_LINK: '</script><script>alert(1)</script>' });
  });

  it('adds the policy after the charset when the page has none', () => {
    const html = withRuntimeConfig('<html><head><meta charset="UTF-8">\n</head></html>', {}, 'p "q"');
    expect(html).toContain(
      '<meta charset="UTF-8">\n    <meta http-equiv="Content-Security-Policy" content="p &quot;q&quot;" />',
    );
  });
});
