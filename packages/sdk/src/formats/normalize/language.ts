import { makeReader, type Reader, table } from './vocab.js';

/** Scryfall language codes with their English names (the names most sites write). */
export const LANGUAGES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ru', 'Russian'],
  ['zhs', 'Simplified Chinese'],
  ['zht', 'Traditional Chinese'],
  ['he', 'Hebrew'],
  ['la', 'Latin'],
  ['grc', 'Ancient Greek'],
  ['ar', 'Arabic'],
  ['sa', 'Sanskrit'],
  ['ph', 'Phyrexian'],
  ['qya', 'Quenya'],
];

const NAME_BY_CODE = new Map(LANGUAGES);

/** Other spellings seen in exports (Archidekt JP/KR/CS/CT, ManaBox zh_CN/zh_TW, ISO 639-2, locales). */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['Chinese', 'zhs'],
  ['Chinese Simplified', 'zhs'],
  ['zh', 'zhs'],
  ['zh_CN', 'zhs'],
  ['zh-Hans', 'zhs'],
  ['CS', 'zhs'],
  ['CHS', 'zhs'],
  ['Chinese Traditional', 'zht'],
  ['zh_TW', 'zht'],
  ['zh-Hant', 'zht'],
  ['zh_HK', 'zht'],
  ['CT', 'zht'],
  ['CHT', 'zht'],
  ['JP', 'ja'],
  ['JPN', 'ja'],
  ['KR', 'ko'],
  ['KOR', 'ko'],
  ['ENG', 'en'],
  ['en_US', 'en'],
  ['en_GB', 'en'],
  ['GER', 'de'],
  ['DEU', 'de'],
  ['FRA', 'fr'],
  ['FRE', 'fr'],
  ['SPA', 'es'],
  ['SP', 'es'],
  ['ITA', 'it'],
  ['POR', 'pt'],
  ['pt_BR', 'pt'],
  ['Brazilian Portuguese', 'pt'],
  ['Portuguese (Brazil)', 'pt'],
  ['RUS', 'ru'],
];

const GENERIC = table<string>([
  ...LANGUAGES.map(([code]) => [code, code] as const),
  ...LANGUAGES.map(([code, name]) => [name, code] as const),
  ...ALIASES,
]);

const genericReader = makeReader(GENERIC);

/** Reads any common spelling of a language ("English", "EN", "zh_TW", "CT", …) as a Scryfall code. */
export function normalizeLanguage(value: string): string | undefined {
  return genericReader(value.trim());
}

/** The English name of a Scryfall language code ("zht" → "Traditional Chinese"). */
export function languageName(code: string): string {
  return NAME_BY_CODE.get(code) ?? code;
}

/** How one site writes languages, and which spellings it reads back. */
export interface LanguageVocab {
  write(code: string): string;
  read: Reader<string>;
  /** Spellings the site itself uses, for error messages. */
  examples: string;
}

type Style = 'code' | 'name';

/**
 * @param style  `code` writes Scryfall codes, `name` writes English names.
 * @param overrides  per-code spellings that differ from the style (e.g. Moxfield writes zhs as "Chinese").
 * @param opts.upper  write codes upper-case (Archidekt).
 * @param opts.strict  read back only the site's own spellings (mirrors sites that reject anything else).
 */
export function languageVocab(
  style: Style,
  overrides: Readonly<Record<string, string>> = {},
  opts: { upper?: boolean; strict?: boolean } = {},
): LanguageVocab {
  const spell = (code: string): string => {
    const override = overrides[code];
    if (override !== undefined) return override;
    if (style === 'name') return languageName(code);
    return opts.upper ? code.toUpperCase() : code;
  };
  const own = table<string>(LANGUAGES.map(([code]) => [spell(code), code] as const));
  const read = opts.strict ? makeReader(own) : makeReader(own, GENERIC);
  return {
    write: spell,
    read: (value) => read(value.trim()),
    examples: LANGUAGES.slice(0, 11)
      .map(([code]) => spell(code))
      .join(', '),
  };
}
