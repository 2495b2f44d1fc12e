import type { UiMessageId } from '../../i18n/messages';

/** One symbol of a Scryfall cost or oracle text, e.g. "{2}", "{W/U}", "{U/P}", "{T}". */
export interface ManaSymbol {
  /** The raw symbol including braces. */
  raw: string;
  /** mana-font class names (without "ms"), e.g. ["ms-up"]; empty when mana-font has no glyph. */
  classes: string[];
  /** How to describe it for screen readers: a message, or words built from `parts`. */
  label:
    | { kind: 'message'; id: UiMessageId; values?: Record<string, string | number> }
    | { kind: 'color' | 'halfColor' | 'hybrid' | 'phyrexian' };
  /** Colour letters and/or pieces used to build hybrid labels. */
  parts: string[];
}

const colorIds: Record<string, UiMessageId> = {
  W: 'ui.mana.white',
  U: 'ui.mana.blue',
  B: 'ui.mana.black',
  R: 'ui.mana.red',
  G: 'ui.mana.green',
  C: 'ui.mana.colorless',
};

const specials: Record<string, { cls: string; id: UiMessageId }> = {
  T: { cls: 'ms-tap', id: 'ui.mana.tap' },
  Q: { cls: 'ms-untap', id: 'ui.mana.untap' },
  E: { cls: 'ms-e', id: 'ui.mana.energy' },
  S: { cls: 'ms-s', id: 'ui.mana.snow' },
  X: { cls: 'ms-x', id: 'ui.mana.x' },
  Y: { cls: 'ms-y', id: 'ui.mana.y' },
  Z: { cls: 'ms-z', id: 'ui.mana.z' },
  P: { cls: 'ms-p', id: 'ui.mana.phyrexianGeneric' },
  PW: { cls: 'ms-planeswalker', id: 'ui.mana.planeswalker' },
  CHAOS: { cls: 'ms-chaos', id: 'ui.mana.chaos' },
  A: { cls: 'ms-acorn', id: 'ui.mana.acorn' },
  TK: { cls: 'ms-tk', id: 'ui.mana.ticket' },
  L: { cls: 'ms-l', id: 'ui.mana.legendary' },
  D: { cls: 'ms-d', id: 'ui.mana.landDrop' },
  '∞': { cls: 'ms-infinity', id: 'ui.mana.infinity' },
  '½': { cls: 'ms-1-2', id: 'ui.mana.half' },
};

const symbolPattern = /\{([^{}]+)\}/g;

/** Parses one symbol body such as "W/U/P" (without braces). */
export function parseSymbol(body: string): ManaSymbol {
  const raw = `{${body}}`;
  const upper = body.toUpperCase();
  if (/^\d+$/.test(upper)) {
    const n = Number(upper);
    return {
      raw,
      classes: [n <= 20 || n === 100 || n === 1000000 ? `ms-${n}` : 'ms-x'],
      label: { kind: 'message', id: 'ui.mana.generic', values: { count: n } },
      parts: [upper],
    };
  }
  const special = specials[upper];
  if (special)
    return { raw, classes: [special.cls], label: { kind: 'message', id: special.id }, parts: [upper] };
  // Half mana: {HW}
  if (/^H[WUBRG]$/.test(upper)) {
    const color = upper.slice(1);
    return {
      raw,
      classes: [`ms-${color.toLowerCase()}`, 'ms-half'],
      label: { kind: 'halfColor' },
      parts: [color],
    };
  }
  if (colorIds[upper])
    return { raw, classes: [`ms-${upper.toLowerCase()}`], label: { kind: 'color' }, parts: [upper] };
  const pieces = upper.split('/');
  const phyrexian = pieces[pieces.length - 1] === 'P';
  const colors = phyrexian ? pieces.slice(0, -1) : pieces;
  const valid = colors.length > 0 && colors.every((c) => /^(?:[WUBRGC]|2)$/.test(c));
  if (!valid)
    return {
      raw,
      classes: [],
      label: { kind: 'message', id: 'ui.mana.unknown', values: { symbol: body } },
      parts: [],
    };
  const cls = `ms-${colors.join('').toLowerCase()}${phyrexian ? 'p' : ''}`;
  return {
    raw,
    classes: [cls],
    label: { kind: phyrexian ? 'phyrexian' : 'hybrid' },
    parts: colors,
  };
}

/** Splits a Scryfall mana cost or oracle text into text and symbols. */
export function tokenizeSymbols(text: string): Array<string | ManaSymbol> {
  const out: Array<string | ManaSymbol> = [];
  let last = 0;
  for (const match of text.matchAll(symbolPattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    out.push(parseSymbol(match[1] ?? ''));
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export { colorIds };
