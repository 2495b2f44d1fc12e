import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspPlugin, inlineCode, securityHeaders } from '../../../scripts/csp.mjs';

const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe('overlay content security policy', () => {
  it('the page has no inline code (script-src allows the origin only)', () => {
    expect(inlineCode(html)).toEqual([]);
  });

  it('the built page carries the policy: the API and its socket, no Firebase, scripts from self', () => {
    const options = { apiUrl: 'https://api.example.org' };
    const plugin = cspPlugin(options) as unknown as {
      transformIndexHtml: { handler: (html: string, ctx: object) => string };
    };
    const out = plugin.transformIndexHtml.handler(html, {});
    const policy = contentSecurityPolicy(options);
    expect(out).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' https://api.example.org wss://api.example.org;");
    expect(policy).not.toContain('googleapis');
    const headers = securityHeaders(options, { referrer: 'no-referrer' });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
