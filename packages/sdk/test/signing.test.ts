import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../src/contract/index.js';
import { canonicalString, EMPTY_BODY_SHA256, sha256Hex, sign } from '../src/index.js';

// The worked example documented in the SDK README: other clients can check their implementation with it.
describe('request signing', () => {
  const body = '{"name":"Friday night"}';
  const parts = {
    secret: 'example-secret',
    timestamp: '1790000000000',
    method: 'post',
    pathWithQuery: '/playgroup',
    bodyHash: sha256Hex(body),
  };

  it('builds the canonical string', () => {
    expect(canonicalString(parts)).toBe(
      `example-secret\n1790000000000\nPOST\n/playgroup\n${sha256Hex(body)}`,
    );
  });

  it('matches the README example', () => {
    // Values computed independently with `sha256sum`.
    expect(sha256Hex(body)).toBe('7490e706197ead09d43d125a21303ed457a0e06333393fa455829d9e723581d4');
    expect(sign(parts)).toBe('dc2db84c5a84303afeae53df1f50b0a95a106ce9a53f7efc5d4e883806752938');
  });

  it('hashes the empty body to the well-known value', () => {
    expect(sha256Hex('')).toBe(EMPTY_BODY_SHA256);
  });

  it('serialises queries with sorted keys and skips empty values', () => {
    expect(
      buildQueryString({
        page: 2,
        name: 'Jace, the Mind Sculptor',
        skip: undefined,
        none: null,
        tags: ['a b', 'c'],
      }),
    ).toBe('name=Jace%2C%20the%20Mind%20Sculptor&page=2&tags=a%20b&tags=c');
  });

  // The server checks the signature over the query it receives: what the URL parser of the browser
  // or Node sends must be exactly what was signed. It encodes `'` in a query itself ("Urza's Saga").
  it('signs a query the URL parser sends unchanged, whatever the characters', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    for (const q of [printable, `!"Urza's Saga"`, "Abu Ja'far (*)", 'Æther Vial — 日本語 🃏', '%27 %zz']) {
      const query = buildQueryString({ q, "k'(ey)": q });
      expect(new URL(`http://127.0.0.1/cards/search?${query}`).search).toBe(`?${query}`);
      expect(new URLSearchParams(query).get('q')).toBe(q);
    }
    expect(buildQueryString({ q: `!"Urza's Saga"` })).toBe('q=%21%22Urza%27s%20Saga%22');
  });
});
