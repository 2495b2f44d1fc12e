import { describe, expect, it } from 'vitest';
import { FormatError } from './errors.js';
import { parseImport } from './import.js';

describe('parseImport', () => {
  it('reads a known CSV export by its header', () => {
    const r = parseImport('Name,Set code,Collector number,Quantity\nLightning Bolt,m11,149,4\n');
    expect(r.format).toBe('manabox');
    expect(r.rows).toMatchObject([
      { name: 'Lightning Bolt', setCode: 'm11', collectorNumber: '149', quantity: 4 },
    ]);
  });

  it('reads a decklist as collection rows', () => {
    const r = parseImport('\uFEFF\n4 Lightning Bolt (M11) 149\n2 Island\n');
    expect(r.format).not.toBe('manabox');
    expect(r.rows).toMatchObject([
      { name: 'Lightning Bolt', quantity: 4, language: 'en', condition: null, tags: [], line: 2 },
      { name: 'Island', quantity: 2, line: 3 },
    ]);
  });

  it('reads a .dek file name as an MTGO deck', () => {
    const dek =
      '<?xml version="1.0" encoding="utf-8"?>\n<Deck><Cards CatID="1" Quantity="3" Sideboard="false" Name="Island" /></Deck>';
    const r = parseImport(dek, { filename: 'Trade.DEK' });
    expect(r.format).toBe('dek');
    expect(r.rows).toMatchObject([{ name: 'Island', quantity: 3, mtgoId: 1 }]);
  });

  it('keeps the CatID of a .dek item that has no Name', () => {
    const dek = '<?xml version="1.0" encoding="utf-8"?>\n<Deck><Cards CatID="25527" Quantity="2" /></Deck>';
    const r = parseImport(dek, { filename: 'collection.dek' });
    expect(r.errors).toEqual([]);
    expect(r.rows).toMatchObject([{ name: '', mtgoId: 25527, quantity: 2, finish: 'nonfoil' }]);
  });

  it('names the problem of a CSV whose header matches no known export', () => {
    expect(() => parseImport('\n\nfoo,bar,baz\n1,2,3\n')).toThrow(FormatError);
  });

  it('reads the format it is told', () => {
    expect(parseImport('4 Lightning Bolt\n', { format: 'plain' }).format).toBe('plain');
  });
});
