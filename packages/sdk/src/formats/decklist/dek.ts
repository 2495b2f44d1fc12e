import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { FormatError } from '../errors.js';
import type { DeckRow, RowError } from '../types.js';
import { fromMtgoName, toMtgoName } from './line.js';

interface DekCard {
  CatID?: string;
  Quantity?: string;
  Sideboard?: string;
  Name?: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (tagName) => tagName === 'Cards',
});

/** Start offsets of each `<Cards` element, in document order (to give rows their source line). */
function cardElementOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (let i = text.indexOf('<Cards'); i !== -1; i = text.indexOf('<Cards', i + 6)) {
    const next = text.charAt(i + 6);
    if (next === ' ' || next === '/' || next === '>' || next === '\t' || next === '\n' || next === '\r') {
      offsets.push(i);
    }
  }
  return offsets;
}

/** Reads an MTGO `.dek` XML deck (`<Cards CatID Quantity Sideboard Name/>`). */
export function parseDek(text: string): { rows: DeckRow[]; errors: RowError[] } {
  const source = text.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    throw new FormatError(
      `Expected MTGO .dek XML, but it is not well-formed (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  const doc = parser.parse(source) as { Deck?: { Cards?: DekCard[] } | string };
  if (doc.Deck === undefined) throw new FormatError('Expected MTGO .dek XML with a <Deck> root element');
  const cards = typeof doc.Deck === 'string' ? [] : (doc.Deck.Cards ?? []);

  const offsets = cardElementOffsets(source);
  const rows: DeckRow[] = [];
  const errors: RowError[] = [];
  let lineAt = 1;
  let scanned = 0;
  cards.forEach((card, i) => {
    const offset = offsets[i] ?? scanned;
    for (let j = source.indexOf('\n', scanned); j !== -1 && j < offset; j = source.indexOf('\n', j + 1))
      lineAt++;
    scanned = Math.max(scanned, offset);
    const end = source.indexOf('>', offset);
    const raw = source.slice(offset, end === -1 ? undefined : end + 1);
    const line = lineAt;

    const quantityText = (card.Quantity ?? '').trim();
    const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    const name = (card.Name ?? '').trim();
    if (!Number.isSafeInteger(quantity) || quantity <= 0) {
      errors.push({
        line,
        field: 'quantity',
        message: `Quantity must be a positive whole number, got ${JSON.stringify(card.Quantity ?? '')}`,
        raw,
      });
      return;
    }
    if (name === '') {
      errors.push({ line, field: 'name', message: 'Name is required', raw });
      return;
    }
    rows.push({
      name: fromMtgoName(name),
      quantity,
      setCode: null,
      collectorNumber: null,
      finish: 'nonfoil',
      board: (card.Sideboard ?? '').trim().toLowerCase() === 'true' ? 'side' : 'main',
      line,
    });
  });
  return { rows, errors };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

/**
 * Writes an MTGO `.dek`. Rows carry no MTGO catalogue id, so CatID is left out (MTGO matches by name).
 * Commander and companion go to the sideboard, as MTGO keeps them; maybeboard cards have no place in a
 * .dek and are not written.
 */
export function writeDek(rows: readonly Omit<DeckRow, 'line'>[]): string {
  const cards = rows
    .filter((row) => row.board !== 'maybe')
    .map((row) => ({
      '@_Quantity': String(row.quantity),
      '@_Sideboard': row.board === 'main' ? 'false' : 'true',
      '@_Name': toMtgoName(row.name),
    }));
  return `${builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    Deck: {
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      NetDeckID: 0,
      PreconstructedDeckID: 0,
      Cards: cards,
    },
  })}`;
}
