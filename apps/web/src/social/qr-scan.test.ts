import { describe, expect, it } from 'vitest';
import { codeFromScan } from './qr-scan';

describe('codeFromScan', () => {
  it('reads the code of an add-friend link', () => {
    expect(codeFromScan('http://127.0.0.1:5173/friends/add?code=abcd23')).toBe('ABCD23');
  });
  it('accepts a bare code and refuses anything else', () => {
    expect(codeFromScan(' K7PX2M ')).toBe('K7PX2M');
    expect(codeFromScan('https://example.com/?code=O0O0')).toBeNull();
    expect(codeFromScan('hello world')).toBeNull();
  });
});
