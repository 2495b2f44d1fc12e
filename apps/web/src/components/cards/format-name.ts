import {
  DESCRIBED_FORMATS,
  type DescribedFormatValue,
  type ExportFormatValue,
  exportFile,
  FORMAT_NAMES,
  type ImportFormatValue,
  isOneOf,
} from '@companion/sdk';

/** The catalogue entry of each format whose name is a description (brands keep their name). */
export const DESCRIBED_KEY: Readonly<Record<DescribedFormatValue, string>> = {
  auto: 'web.cards.format.auto',
  plain: 'web.cards.format.plain',
};

/** A format's name as players know it: the brand (`ManaBox`, from the SDK), or the description in the reader's language. */
export const formatName = (t: (key: string) => string, format: ImportFormatValue): string =>
  isOneOf(DESCRIBED_FORMATS, format) ? t(DESCRIBED_KEY[format]) : FORMAT_NAMES[format];

/** The name an export is saved under: `<name>-<format>.<extension>` (`.csv`, `.txt` or `.dek`). */
export const exportFileName = (name: string, format: ExportFormatValue): string =>
  `${name}-${format}.${exportFile(format).extension}`;

/**
 * A list's or deck's name as the start of a file name: letters of any script (accents kept), digits,
 * `_` and `-`; every other run of characters becomes one `_`, none at either end; `fallback` when
 * nothing is left.
 */
export const fileStem = (name: string, fallback = 'export'): string =>
  name.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || fallback;
