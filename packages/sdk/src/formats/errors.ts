/**
 * Thrown when a whole input cannot be read: the format cannot be determined, or the text is not in the
 * format that was asked for (e.g. a required column is missing). Problems with single records are never
 * thrown; they are reported as `RowError`s.
 */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}
