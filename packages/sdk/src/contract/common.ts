import { z } from 'zod';
import { LIMITS } from './limits.js';
import {
  COLORS,
  CONDITIONS,
  CURRENCIES,
  FINISHES,
  LANGUAGES,
  SKIP_REASONS,
  SORT_DIRECTIONS,
} from './values.js';

/** Opaque identifier (UUID for stored records). */
export const Id = z.string().min(LIMITS.id.min).max(LIMITS.id.max).meta({ description: 'Opaque identifier' });
/** ISO-8601 date-time in UTC, e.g. `2026-11-23T08:56:40.000Z`. */
export const DateTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO-8601 date-time' });
export const Language = z.enum(LANGUAGES).meta({ id: 'Language', description: 'Interface language' });
export const Currency = z.enum(CURRENCIES).meta({ id: 'Currency' });
export const Color = z.enum(COLORS).meta({ id: 'Color', description: 'A colour of Magic' });
export const ColorIdentity = z.array(Color).max(COLORS.length);
export const Finish = z.enum(FINISHES).meta({ id: 'Finish' });
export const Condition = z
  .enum(CONDITIONS)
  .meta({ id: 'Condition', description: 'Mint, near mint, lightly/moderately/heavily played, damaged' });
export const Bracket = z.number().int().min(LIMITS.bracket.min).max(LIMITS.bracket.max).meta({
  id: 'Bracket',
  description: 'Commander bracket: 1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized, 5 cEDH',
});

/** Sort direction of a paged call. */
export const SortDirection = z.enum(SORT_DIRECTIONS);

/** An empty success body for calls that only acknowledge. */
export const Ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** The one error shape every failure answers with. */
export const ErrorBody = z
  .object({
    code: z.number().int().meta({ description: 'Numeric error code (see ErrorCode)' }),
    message: z.string(),
    details: z
      .object({
        issues: z
          .array(z.object({ path: z.string(), message: z.string() }))
          .optional()
          .meta({ description: 'Offending fields, for validation errors' }),
        retryAfter: z.number().optional(),
      })
      .catchall(z.unknown())
      .optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

// Error codes live in a module without zod so the client's error classes do not pull in the schemas.
export { ErrorCode } from './codes.js';

// ---- query-string helpers: query values arrive as strings, clients send typed values ----

/** An integer query parameter (sent as a number, received as a string). */
export const queryInt = () => z.coerce.number<number>().int();
/** A boolean query parameter: `true`/`false`/`1`/`0`. */
export const queryBool = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1');
/** A date-time query parameter: ISO-8601 or milliseconds since the epoch. */
export const queryTimestamp = () =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date(), z.coerce.number<number>().int().nonnegative()])
    .meta({ description: 'ISO-8601 date or date-time, or milliseconds since the epoch' });

/** Filters shared by every game list (spec: timestamp, formatid, subformatid, tagid). */
export const GameFilters = z
  .object({
    timestamp: queryTimestamp().optional().meta({ description: 'Only games played since this moment' }),
    formatid: Id.optional(),
    subformatid: Id.optional(),
    tagid: Id.optional(),
  })
  .meta({ id: 'GameFilters' });
export type GameFilters = z.input<typeof GameFilters>;

export const Paging = z.object({
  page: queryInt().min(1).default(1),
  limit: queryInt().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).default(50),
});

/** The character set of a paging cursor (base64url). */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Keyset paging of a newest-first list: `cursor` is the previous page's `nextCursor`, opaque to
 * clients (the server checks it and answers 400 naming `query.cursor` when it is not one it issued).
 * Unlike `page`, a cursor neither repeats nor skips items when games are recorded between two pages.
 */
export const CursorPaging = z.object({
  cursor: z
    .string()
    .min(1)
    .max(LIMITS.cursor.max)
    .regex(CURSOR_PATTERN, 'Not a paging cursor')
    .optional()
    .meta({ description: 'The previous page’s `nextCursor`; omit for the first page' }),
  limit: queryInt()
    .min(LIMITS.pageSize.min)
    .max(LIMITS.pageSize.max)
    .default(LIMITS.pageSize.default)
    .meta({ description: 'Items per page' }),
});
export type CursorPaging = z.input<typeof CursorPaging>;

/** The paging fields of a cursor-paged response. */
export const CursorPage = {
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  total: z.number().int().min(0).meta({ description: 'Items under the filters, on every page' }),
};

export const IdParams = z.object({ id: Id });

/** Public face of a user, safe to show to anyone allowed to see them. */
export const UserSummary = z
  .object({
    id: Id,
    username: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    picture: z.string().nullable().meta({ description: 'Absolute or API-relative URL of the avatar' }),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

/** A decklist line left out on purpose (not a card): blank, comment, header, title, separator, prose. */
export const SkippedLine = z
  .object({
    line: z.number().int(),
    reason: z.enum(SKIP_REASONS),
    raw: z.string(),
    count: z.number().int().meta({ description: 'Lines this entry stands for (a run of blank lines)' }),
  })
  .meta({ id: 'SkippedLine' });
export type SkippedLine = z.infer<typeof SkippedLine>;
