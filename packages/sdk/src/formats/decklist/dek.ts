import { XMLBuilder } from 'fast-xml-parser';
import { LIMITS } from '../../contract/limits.js';
import { FormatError } from '../errors.js';
import { clip, count, show } from '../show.js';
import type { DeckRow, RowError, SkippedLine } from '../types.js';
import { fromMtgoName, toMtgoName } from './line.js';

interface DekCard {
  CatID?: string;
  /** Not what MTGO writes, but read the same. */
  CatId?: string;
  Quantity?: string;
  Sideboard?: string;
  Name?: string;
}

const fail = (line: number, message: string): never => {
  throw new FormatError(`Expected MTGO .dek XML, but it is not well-formed (line ${line}: ${message})`);
};

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute value with XML's five named entities and character references decoded. */
function decode(value: string, line: number): string {
  if (!value.includes('&')) return value;
  let out = '';
  let i = 0;
  for (let amp = value.indexOf('&'); amp !== -1; amp = value.indexOf('&', i)) {
    const semi = value.indexOf(';', amp);
    if (semi === -1 || semi - amp > 10) fail(line, 'an "&" that starts no entity');
    const name = value.slice(amp + 1, semi);
    let char: string | undefined = NAMED_ENTITIES[name];
    if (char === undefined && name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (Number.isInteger(code) && code > 0 && code <= 0x10ffff) char = String.fromCodePoint(code);
    }
    if (char === undefined) fail(line, `unknown entity "&${name};"`);
    out += value.slice(i, amp) + char;
    i = semi + 1;
  }
  return out + value.slice(i);
}

const isNameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 48 && c <= 57) ||
  c === 95 ||
  c === 45 ||
  c === 46 ||
  c === 58;
const isXmlSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

interface Element {
  name: string;
  attributes: Record<string, string>;
  start: number;
  end: number;
  line: number;
}

/**
 * Reads the elements of an MTGO `.dek`: a small, linear XML reader (tags, attributes, the five
 * entities and character references, comments, the XML declaration) that checks the tags nest and
 * refuses document type declarations, so an entity cannot expand. Calls `visit` for every start tag
 * under the root with its depth.
 */
function readElements(text: string, visit: (element: Element, depth: number) => void): string | null {
  const stack: string[] = [];
  let root: string | null = null;
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number): number => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    counted = Math.max(counted, offset);
    return line;
  };
  let i = 0;
  for (let lt = text.indexOf('<'); lt !== -1; lt = text.indexOf('<', i)) {
    const at = lineAt(lt);
    if (text.startsWith('<?', lt)) {
      const close = text.indexOf('?>', lt + 2);
      if (close === -1) fail(at, 'unclosed processing instruction');
      i = close + 2;
      continue;
    }
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close === -1) fail(at, 'unclosed comment');
      i = close + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      if (close === -1) fail(at, 'unclosed CDATA section');
      i = close + 3;
      continue;
    }
    if (text.startsWith('<!', lt)) fail(at, 'a document type declaration, which a .dek never has');
    let j = lt + 1;
    const closing = text.charCodeAt(j) === 47; // "/"
    if (closing) j++;
    const nameStart = j;
    while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
    const name = text.slice(nameStart, j);
    if (name === '') fail(at, 'a "<" that starts no tag');
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      while (j < text.length && isXmlSpace(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (j >= text.length) fail(at, `unclosed tag <${name}>`);
      if (c === 62) break; // ">"
      if (c === 47 && text.charCodeAt(j + 1) === 62 && !closing) {
        selfClosing = true;
        j++;
        break;
      }
      if (closing) fail(at, `unexpected text in </${name}>`);
      const keyStart = j;
      while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
      const key = text.slice(keyStart, j);
      while (j < text.length && isXmlSpace(text.charCodeAt(j))) j++;
      if (key === '' || text.charCodeAt(j) !== 61) fail(at, `an attribute without a value in <${name}>`);
      j++;
      while (j < text.length && isXmlSpace(text.charCodeAt(j))) j++;
      const quote = text[j];
      if (quote !== '"' && quote !== "'") fail(at, `an unquoted attribute value in <${name}>`);
      const close = text.indexOf(quote as string, j + 1);
      if (close === -1) fail(at, `an unclosed attribute value in <${name}>`);
      const raw = text.slice(j + 1, close);
      if (raw.includes('<')) fail(at, `a "<" inside an attribute value of <${name}>`);
      if (Object.hasOwn(attributes, key)) fail(at, `attribute ${key} given twice in <${name}>`);
      attributes[key] = decode(raw, at);
      j = close + 1;
    }
    i = j + 1;
    if (closing) {
      const open = stack.pop();
      if (open !== name)
        fail(at, open === undefined ? `</${name}> closes nothing` : `</${name}> closes <${open}>`);
      continue;
    }
    if (stack.length === 0) {
      if (root !== null) fail(at, 'a second root element');
      root = name;
    } else {
      visit({ name, attributes, start: lt, end: i, line: at }, stack.length);
    }
    if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0) fail(lineAt(text.length), `<${stack[stack.length - 1]}> is never closed`);
  return root;
}

/** A .dek item's CatID as a number, or null when it has none or it is not a whole number. */
function catalogueId(card: DekCard): number | null {
  const text = (card.CatID ?? card.CatId ?? '').trim();
  if (text === '' || text.length > 15) return null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return Number(text);
}

/**
 * Reads an MTGO `.dek` XML deck (`<Cards CatID Quantity Sideboard Name/>`). Every `<Cards>` item becomes
 * a row (with its CatID as `mtgoId`) or an error; nothing is skipped. An item with a CatID and no Name
 * is a row with an empty name (its card is found by the MTGO catalogue id); an item with neither is an
 * error.
 */
export function parseDek(text: string): { rows: DeckRow[]; errors: RowError[]; skipped: SkippedLine[] } {
  const source = text.replace(/^\uFEFF/, '');
  const cards: Element[] = [];
  const root = readElements(source, (element, depth) => {
    if (depth === 1 && element.name === 'Cards') cards.push(element);
  });
  if (root !== 'Deck') throw new FormatError('Expected MTGO .dek XML with a <Deck> root element');

  const rows: DeckRow[] = [];
  const errors: RowError[] = [];
  cards.forEach((element, index) => {
    const card = element.attributes as DekCard;
    const item = `Item ${index + 1} (line ${element.line})`;
    const line = element.line;
    const raw = clip(source.slice(element.start, element.end));
    const quantityText = (card.Quantity ?? '').trim();
    const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    const name = (card.Name ?? '').trim();
    const mtgoId = catalogueId(card);
    const { min, max } = LIMITS.deckQuantity;
    if (!Number.isSafeInteger(quantity) || quantity < min || quantity > max) {
      errors.push({
        line,
        field: 'quantity',
        message: `${item}: the quantity must be a whole number from ${min} to ${count(max)} (copies of a card on one decklist line), got ${show(card.Quantity ?? '')}`,
        raw,
      });
      return;
    }
    if (name === '' && mtgoId === null) {
      errors.push({
        line,
        field: 'name',
        message: `${item} has no Name and no CatID, so it names no card`,
        raw,
      });
      return;
    }
    if (name.length > LIMITS.cardName.max) {
      errors.push({
        line,
        field: 'name',
        message: `${item}: the name is ${count(name.length)} characters long; a card name has at most ${LIMITS.cardName.max}`,
        raw,
      });
      return;
    }
    rows.push({
      name: fromMtgoName(name),
      quantity,
      ...(mtgoId === null ? {} : { mtgoId }),
      setCode: null,
      collectorNumber: null,
      finish: 'nonfoil',
      board: (card.Sideboard ?? '').trim().toLowerCase() === 'true' ? 'side' : 'main',
      line,
    });
  });
  return { rows, errors, skipped: [] };
}

/** A .dek up to its first item: the XML declaration, the <Deck> root and MTGO's two deck ids. */
export const DEK_START =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
  '  <NetDeckID>0</NetDeckID>\n' +
  '  <PreconstructedDeckID>0</PreconstructedDeckID>\n';
/** A .dek after its last item. */
export const DEK_END = '</Deck>\n';

/** Writes one `<Cards/>` element, its attribute values escaped. */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

/**
 * The `<Cards>` items of a .dek, one line each, for rows written between DEK_START and DEK_END.
 * CatID is written for rows that carry an `mtgoId` (read from a .dek) and left out for the others
 * (MTGO matches by name); Name is left out for a row that has none (a CatID-only item read from a
 * .dek). Commander and companion go to the sideboard, as MTGO keeps them; maybeboard cards have no
 * place in a .dek and are not written.
 */
export function writeDekItems(rows: readonly Omit<DeckRow, 'line'>[]): string {
  let out = '';
  for (const row of rows) {
    if (row.board === 'maybe') continue;
    const card = {
      ...(row.mtgoId === undefined ? {} : { '@_CatID': String(row.mtgoId) }),
      '@_Quantity': String(row.quantity),
      '@_Sideboard': row.board === 'main' ? 'false' : 'true',
      ...(row.name === '' ? {} : { '@_Name': toMtgoName(row.name) }),
    };
    out += `  ${builder.build({ Cards: card })}\n`;
  }
  return out;
}

/** Writes an MTGO `.dek` (see writeDekItems for what each row becomes). */
export function writeDek(rows: readonly Omit<DeckRow, 'line'>[]): string {
  return DEK_START + writeDekItems(rows) + DEK_END;
}
