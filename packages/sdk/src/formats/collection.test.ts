import { describe, expect, it } from 'vitest';
import {
  type CollectionRowInput,
  detectCollectionFormat,
  FormatError,
  parseCollection,
  writeCollection,
} from './index.js';

const row = (over: Partial<CollectionRowInput> = {}): CollectionRowInput => ({
  name: 'Lightning Bolt',
  setCode: 'm11',
  setName: 'Magic 2011',
  collectorNumber: '149',
  language: 'en',
  finish: 'nonfoil',
  quantity: 1,
  condition: 'NM',
  scryfallId: null,
  purchasePrice: null,
  purchaseCurrency: null,
  tags: [],
  ...over,
});

describe('detectCollectionFormat', () => {
  it('reads the header after a BOM, CRLF and quoted headers', () => {
    expect(
      detectCollectionFormat('\uFEFF"Count","Tradelist Count","Name","Edition"\r\n"1","1","X","m11"\r\n'),
    ).toBe('moxfield');
  });

  it('skips the DragonShield "sep=," line', () => {
    const text =
      '"sep=,"\r\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language\r\n';
    expect(detectCollectionFormat(text)).toBe('dragonshield');
    expect(detectCollectionFormat(`\uFEFFsep=,\n${text.split('\r\n')[1]}`)).toBe('dragonshield');
  });

  it('tells Deckbox (Edition Code) from Moxfield (Edition only)', () => {
    expect(detectCollectionFormat('Count,Tradelist Count,Name,Edition,Edition Code,Card Number\n')).toBe(
      'deckbox',
    );
    expect(
      detectCollectionFormat('Count,Name,Edition,Collector Number,Foil,Condition,Language,Purchase Price\n'),
    ).toBe('moxfield');
  });

  it('recognises every written header', () => {
    for (const format of [
      'companion',
      'moxfield',
      'manabox',
      'deckbox',
      'archidekt',
      'dragonshield',
      'tcgplayer',
      'mtggoldfish',
      'topdecked',
      'cardkingdom',
      'mtgo-csv',
    ] as const) {
      expect(detectCollectionFormat(writeCollection(format, [row()]))).toBe(format);
    }
  });

  it('returns null for unknown headers and empty text', () => {
    expect(detectCollectionFormat('wrong,headers,here\n1,2,3\n')).toBeNull();
    expect(detectCollectionFormat('')).toBeNull();
    expect(detectCollectionFormat('\n\n')).toBeNull();
  });
});

describe('parseCollection', () => {
  it('throws a FormatError naming the expected formats when the header is unknown', () => {
    expect(() => parseCollection('wrong,headers,here\n1,2,3\n')).toThrow(FormatError);
    expect(() => parseCollection('wrong,headers,here\n1,2,3\n')).toThrow(
      /expected the CSV header of one of Companion, Deckbox, Moxfield.*got "wrong, headers, here"/,
    );
    expect(() => parseCollection('')).toThrow(/header line/);
  });

  it('throws when a forced format lacks its name column', () => {
    expect(() => parseCollection('Count,Edition\n1,m11\n', { format: 'moxfield' })).toThrow(
      /Moxfield CSV needs a "Name" column/,
    );
  });

  it('reports bad rows with line, field, message and raw text, and keeps the good ones', () => {
    const text = [
      'Count,Name,Edition,Collector Number,Foil,Condition,Language,Purchase Price',
      '2,Lightning Bolt,M11,149,,Near Mint,English,$1.50',
      '',
      'abc,Counterspell,MMQ,69,,Near Mint,English,',
      ',,,,,,,',
      '1,,MMQ,69,,Near Mint,English,',
      '1,Brainstorm,MMQ,61,,Pristine,English,',
      '1,Ponder,M12,73,,Near Mint,English,cheap',
    ].join('\n');
    const result = parseCollection(text);
    expect(result.format).toBe('moxfield');
    expect(result.rows).toEqual([
      {
        name: 'Lightning Bolt',
        setCode: 'm11',
        setName: null,
        collectorNumber: '149',
        language: 'en',
        finish: 'nonfoil',
        quantity: 2,
        condition: 'NM',
        scryfallId: null,
        purchasePrice: 1.5,
        purchaseCurrency: 'USD',
        tags: [],
        line: 2,
      },
    ]);
    expect(result.errors).toEqual([
      {
        line: 4,
        field: 'quantity',
        message: 'Quantity must be a whole number from 1 to 10,000, got "abc"',
        raw: 'abc,Counterspell,MMQ,69,,Near Mint,English,',
      },
      { line: 6, field: 'name', message: 'Name is required', raw: '1,,MMQ,69,,Near Mint,English,' },
      {
        line: 7,
        field: 'condition',
        message: expect.stringMatching(
          /^Condition "Pristine" is not a Moxfield condition \(expected one of: Mint,/,
        ),
        raw: '1,Brainstorm,MMQ,61,,Pristine,English,',
      },
      {
        line: 8,
        field: 'purchasePrice',
        message: 'Purchase price must be a non-negative amount, got "cheap"',
        raw: '1,Ponder,M12,73,,Near Mint,English,cheap',
      },
    ]);
  });

  it('counts lines through quoted line breaks, CRLF and the sep= line', () => {
    const text =
      '"sep=,"\r\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language\r\n' +
      '"Deck\r\nA",1,0,Opt,XLN,Ixalan,65,NearMint,Normal,English\r\n\r\n' +
      'B,x,0,Opt,XLN,Ixalan,65,NearMint,Normal,English\r\n';
    const result = parseCollection(text);
    expect(result.rows.map((r) => r.line)).toEqual([3]);
    expect(result.errors.map((e) => e.line)).toEqual([6]);
  });

  it('reports unquoted commas (too many cells) and unterminated quotes as row errors', () => {
    const text = 'Name,Quantity,Set code,Collector number\nValki, God of Lies,1,KHM,114\n"Opt,1,XLN,65\n';
    const result = parseCollection(text);
    expect(result.format).toBe('manabox');
    expect(result.rows).toEqual([]);
    expect(result.errors[0]?.message).toMatch(/Row has 5 cells but the header has 4/);
    expect(result.errors[1]?.message).toMatch(/Malformed CSV/);
    expect(result.errors).toHaveLength(2);
  });

  it('reads rows with fewer cells than the header (TopDecked stops after ACQUIRED DATE)', () => {
    const text =
      'QUANTITY,"NAME",SETCODE,"SETNAME","COLLECTOR NUMBER",FINISH,PRICE,RARITY,ID,ACQUIRED DATE,ACQUIRED PRICE,LANG,CONDITION\n' +
      '2,"Opt",xln,"Ixalan",65,foil,€0.04,common,f50b0449-8ff7-4549-893b-aeca93720c64,2023-04-11T13:49:14.808Z\n';
    expect(parseCollection(text).rows[0]).toMatchObject({
      name: 'Opt',
      quantity: 2,
      finish: 'foil',
      language: 'en',
      condition: null,
      purchasePrice: null,
      scryfallId: 'f50b0449-8ff7-4549-893b-aeca93720c64',
    });
  });

  it('normalises per-site vocabularies', () => {
    const ds = parseCollection(
      'Folder Name,Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language,Price Bought\n' +
        'x,1,Opt,GK2_AZORIU,Guild Kit: Azorius,1,Played,Surge Foil,Simplified Chinese,"0,20 €"\n' +
        'x,1,Clue Token,TMH2,Modern Horizons 2 Tokens,14,LightPlayed,Etched,Traditional Chinese,0.00\n',
    );
    expect(
      ds.rows.map((r) => [r.name, r.setCode, r.condition, r.finish, r.language, r.purchasePrice]),
    ).toEqual([
      ['Opt', 'gk2', 'HP', 'foil', 'zhs', 0.2],
      ['Clue', 'tmh2', 'MP', 'etched', 'zht', null],
    ]);
    expect(ds.rows[0]?.purchaseCurrency).toBe('EUR');

    const archidekt = parseCollection(
      'Quantity,Name,Finish,Condition,Language,Edition Code\n1,Opt,Etched,D,CT,XLN\n1,Opt,Normal,NM,JP,XLN\n',
    );
    expect(archidekt.rows.map((r) => [r.finish, r.condition, r.language, r.setCode])).toEqual([
      ['etched', 'DMG', 'zht', 'xln'],
      ['nonfoil', 'NM', 'ja', 'xln'],
    ]);

    const mtgo = parseCollection(
      'Card Name,Quantity,ID #,Set,Collector #,Premium\n"Claim/Fame",2,1,MI,1/350,Yes\n',
    );
    expect(mtgo.rows[0]).toMatchObject({
      name: 'Claim/Fame',
      finish: 'foil',
      setCode: 'mi',
      collectorNumber: '1/350',
    });

    const ck = parseCollection('title,edition,foil,quantity\nOpt,Ixalan,TRUE,3\n');
    expect(ck.rows[0]).toMatchObject({
      name: 'Opt',
      setName: 'Ixalan',
      finish: 'foil',
      quantity: 3,
      setCode: null,
    });
  });

  it('is strict where Moxfield is: Foil and Language take only Moxfield spellings', () => {
    const head = 'Count,Name,Edition,Foil,Language\n';
    expect(parseCollection(`${head}1,Opt,xln,yes,English\n`).errors[0]?.field).toBe('finish');
    expect(parseCollection(`${head}1,Opt,xln,,EN\n`).errors[0]?.field).toBe('language');
    // other sites take the generic spellings
    expect(
      parseCollection('Quantity,Name,Finish,Language,Edition Code\n1,Opt,yes,English,xln\n').rows[0],
    ).toMatchObject({
      finish: 'foil',
      language: 'en',
    });
  });

  it('forces a format when asked', () => {
    const text = 'Count,Name,Edition\n1,Opt,xln\n';
    expect(parseCollection(text, { format: 'moxfield' }).format).toBe('moxfield');
  });
});

describe('writeCollection', () => {
  it('writes the companion header and joins tags with ";"', () => {
    const text = writeCollection('companion', [
      row({ tags: ['trade', 'binder 2'], purchasePrice: 0.2, purchaseCurrency: 'EUR', finish: 'foil' }),
    ]);
    expect(text).toBe(
      'name,set_code,set_name,collector_number,language,finish,quantity,condition,scryfall_id,purchase_price,purchase_currency,tags\n' +
        'Lightning Bolt,m11,Magic 2011,149,en,foil,1,NM,,0.20,EUR,trade;binder 2\n',
    );
  });

  it('quotes with the CSV library (commas, quotes, line breaks) and round-trips them', () => {
    const tricky = row({ name: 'Isperia, Supreme Judge', setName: 'Say "hi"\nthere', tags: ['a,b'] });
    const text = writeCollection('companion', [tricky]);
    expect(text).toContain('"Isperia, Supreme Judge"');
    expect(text).toContain('"Say ""hi""\nthere"');
    const back = parseCollection(text);
    expect(back.errors).toEqual([]);
    expect(back.rows[0]).toMatchObject({ name: tricky.name, setName: tricky.setName, tags: ['a,b'] });
  });

  it('writes DragonShield with its sep= line, CRLF and token names', () => {
    const text = writeCollection('dragonshield', [
      row({ name: 'Clue', setName: 'Modern Horizons 2 Tokens' }),
    ]);
    expect(text.startsWith('"sep=,"\r\nFolder Name,Quantity,')).toBe(true);
    expect(text).toContain(',Clue Token,M11,');
    expect(parseCollection(text).rows[0]?.name).toBe('Clue');
  });

  it('writes Moxfield fully quoted, TopDecked with its quoted text columns, Deckbox prices with symbols', () => {
    expect(writeCollection('moxfield', [row()]).split('\n')[0]).toBe(
      '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
    );
    expect(writeCollection('topdecked', [row()]).split('\n')[0]).toBe(
      'QUANTITY,"NAME",SETCODE,"SETNAME","COLLECTOR NUMBER",FINISH,PRICE,RARITY,ID,ACQUIRED DATE,ACQUIRED PRICE,LANG,PRICE SALE,SIGNING,ALTERATION,CONDITION,"NOTES","TAGS"',
    );
    const deckbox = writeCollection('deckbox', [
      row({ purchasePrice: 0.2, purchaseCurrency: 'USD', finish: 'etched' }),
    ]);
    expect(deckbox).toContain(',foil,');
    expect(deckbox).toContain(',$0.20,');
  });

  it('writes TCGplayer "Simple Name" as the front face and reads the full name back', () => {
    const text = writeCollection('tcgplayer', [row({ name: 'Brazen Borrower // Petty Theft' })]);
    expect(text).toContain('Brazen Borrower // Petty Theft,Brazen Borrower,');
    expect(parseCollection(text).rows[0]?.name).toBe('Brazen Borrower // Petty Theft');
  });
  it('reads and writes an MTGO CSV "ID #" as the MTGO catalogue id, and names it when it is not one', () => {
    const text = [
      'Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation',
      '"Dark Ritual",1,6893,Common,MI,116/350,No,No,0',
      '"Fury Sliver",2,25528,Uncommon,TSP,157,Yes,No,0',
      '"Opt",1,,Common,XLN,65,No,,',
      '"Shock",1,0,Common,M19,156,No,,',
      '"Bad",1,12a,Common,M19,1,No,,',
      `"Long",1,${'9'.repeat(40)},Common,M19,1,No,,`,
    ].join('\n');
    const { format, rows, errors } = parseCollection(text);
    expect(format).toBe('mtgo-csv');
    expect(rows.map((r) => [r.name, r.mtgoId, r.finish])).toEqual([
      ['Dark Ritual', 6893, 'nonfoil'],
      ['Fury Sliver', 25528, 'foil'],
      ['Opt', undefined, 'nonfoil'],
      ['Shock', undefined, 'nonfoil'],
    ]);
    expect(errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [6, 'mtgoId', 'MTGO ID must be a whole number, got "12a"'],
      [7, 'mtgoId', expect.stringMatching(/^MTGO ID must be a whole number, got "9{10}/)],
    ]);
    const again = parseCollection(writeCollection('mtgo-csv', rows));
    expect(again.rows.map((r) => r.mtgoId)).toEqual([6893, 25528, undefined, undefined]);
  });
});
