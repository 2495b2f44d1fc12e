/**
 * Streams the card objects out of a Scryfall bulk file without holding the file in memory: a plain
 * JSON array (`[{…}, …]`) or a wrapper object holding the array under `cards` or `data`
 * (`{meta, cards: […]}`, `{object: 'list', data: […]}`). Each element is cut out by scanning
 * brackets and strings, then parsed with JSON.parse: far faster than a token-level parser.
 */

const ARRAY_KEYS = new Set(['cards', 'data']);
/** What is kept of a depth-1 string that spans chunks: more than any of ARRAY_KEYS. */
const KEY_CHARS = 16;

export class JsonShapeError extends Error {}

/**
 * The longest element read, in characters: Scryfall's biggest card objects are about 20 KB. An
 * element still open beyond it (a file that is not a bulk file, or one made to exhaust memory) is
 * refused rather than buffered to the end of the file.
 */
export const MAX_ELEMENT_CHARS = 1 << 20;

const tooLong = () =>
  new JsonShapeError(
    `An element of the card array is over ${MAX_ELEMENT_CHARS >> 20} MB (a Scryfall card is a few KB): not a Scryfall bulk file`,
  );

/**
 * Yields each element of the card array, as parsed JSON. `chunks` is text (decode bytes first).
 */
export async function* jsonArrayElements(chunks: AsyncIterable<string>): AsyncGenerator<unknown> {
  // Scanner state, kept across chunks.
  let depth = 0; // nesting depth of the character being read
  let inString = false;
  let escaped = false;
  /** Depth of the array whose elements we emit (1 for a bare array, 2 inside a wrapper). */
  let arrayDepth = -1;
  let rootKind: 'array' | 'object' | null = null;
  let keyStart = -1; // start of the current depth-1 string (a key candidate), in `buffer`
  let keyPartial = '';
  let lastKey = '';
  let elementStart = -1; // where the current element starts in `buffer`
  let buffer = '';
  let offset = 0; // scan position in buffer

  for await (const chunk of chunks) {
    buffer = elementStart >= 0 ? buffer.slice(elementStart) + chunk : chunk;
    offset = elementStart >= 0 ? buffer.length - chunk.length : 0;
    if (elementStart >= 0) elementStart = 0;
    const out: unknown[] = [];
    const n = buffer.length;
    // The next backslash and the next quote at or after the scan position (n: none left in this
    // buffer), each found once: strings are most of a bulk file and are skipped to their closing
    // quote by `indexOf`, not character by character, and no stretch is searched twice (linear
    // time whatever the escapes).
    let backslash = -1;
    let quote = -1;
    for (let i = offset; i < n; i++) {
      if (inString) {
        if (escaped) {
          escaped = false; // the character at i is escaped
          continue;
        }
        if (backslash < i) {
          backslash = buffer.indexOf('\\', i);
          if (backslash < 0) backslash = n;
        }
        if (quote < i) {
          quote = buffer.indexOf('"', i);
          if (quote < 0) quote = n;
        }
        if (backslash < quote) {
          escaped = true; // the next character is escaped
          i = backslash;
          continue;
        }
        if (quote === n) break; // the string goes on in the next chunk
        i = quote;
        inString = false;
        if (depth === 1 && rootKind === 'object' && keyStart >= 0) {
          lastKey = keyPartial + buffer.slice(keyStart, i);
          keyPartial = '';
          keyStart = -1;
        }
        continue;
      }
      const code = buffer.charCodeAt(i);
      switch (code) {
        case 34: // "
          inString = true;
          if (depth === 1 && rootKind === 'object') keyStart = i + 1;
          break;
        case 123: // {
        case 91: // [
          if (depth === 0) {
            rootKind = code === 91 ? 'array' : 'object';
            if (rootKind === 'array') arrayDepth = 1;
          } else if (depth === 1 && rootKind === 'object' && code === 91 && ARRAY_KEYS.has(lastKey)) {
            arrayDepth = 2;
          } else if (depth === arrayDepth && elementStart < 0) {
            elementStart = i;
          }
          depth++;
          break;
        case 125: // }
        case 93: // ]
          depth--;
          if (depth === arrayDepth && elementStart >= 0) {
            if (i + 1 - elementStart > MAX_ELEMENT_CHARS) throw tooLong();
            out.push(JSON.parse(buffer.slice(elementStart, i + 1)));
            elementStart = -1;
          } else if (depth === arrayDepth - 1 && code === 93 && arrayDepth > 0) {
            arrayDepth = -2; // the array is over; ignore the rest
          }
          break;
        default:
          if (depth === 0 && code > 32 && rootKind === null) {
            throw new JsonShapeError('Expected a JSON array of cards or an object holding one');
          }
      }
    }
    if (keyStart >= 0) {
      // A depth-1 string (a key, or a wrapper's string value) continues in the next chunk. Only
      // "cards" and "data" matter: its first characters are enough, whatever its length.
      keyPartial = (keyPartial + buffer.slice(keyStart, keyStart + KEY_CHARS)).slice(0, KEY_CHARS);
      keyStart = 0;
    }
    if (elementStart < 0) buffer = '';
    else if (buffer.length - elementStart > MAX_ELEMENT_CHARS) throw tooLong();
    for (const item of out) yield item;
  }
  if (rootKind === null) throw new JsonShapeError('The file is empty');
  if (arrayDepth === -1)
    throw new JsonShapeError('No card array found (expected a top-level array, or "cards" or "data")');
  // A download cut short ends inside its array: the cards read so far are not the whole file.
  if (depth !== 0 || inString)
    throw new JsonShapeError(
      'The file ends before its JSON does: it was cut short (an interrupted download?)',
    );
}
