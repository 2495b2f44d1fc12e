import { describe, expect, it } from 'vitest';
import { isText } from './text-file';

describe('isText', () => {
  it('takes exports in UTF-8 or ASCII, accents and card names included', () => {
    expect(isText('Count,Name\n1,Æther Vial\n2,Lim-Dûl’s Vault\n')).toBe(true);
    expect(isText('4 Lightning Bolt\n')).toBe(true);
    expect(isText('')).toBe(true);
  });

  it('refuses a file with a NUL character (UTF-16, spreadsheets, archives)', () => {
    expect(isText('C\u0000o\u0000u\u0000n\u0000t\u0000')).toBe(false);
  });

  it('refuses a picture read as UTF-8 (mostly replaced characters)', () => {
    // A PNG signature, then compressed bytes (no zero byte, so only the decoder's replacements tell).
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => 0x80 + ((i * 73) % 0x7f));
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const decoded = new TextDecoder().decode(bytes);
    expect(isText(decoded)).toBe(false);
    // A few undecodable bytes in a long text export are a stray character, not a binary file.
    expect(isText(`${'1,Island\n'.repeat(1000)}\ufffd`)).toBe(true);
  });
});
