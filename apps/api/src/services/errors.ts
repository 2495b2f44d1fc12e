/**
 * The ways a rule refuses a request, as the services say it: no status codes, no HTTP. Services
 * throw these; the HTTP layer (`http/errors.ts`) maps each kind to the error catalogue's status and
 * code and keeps the message and details as they are.
 */

/** A field that broke a rule, in the request's terms (`body.cards.3`, `query.q`). */
export interface Issue {
  path: string;
  message: string;
}

export type DomainErrorKind =
  | 'invalid'
  | 'identity-rejected'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported-media'
  | 'too-complex';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Extra facts the caller can act on (`issues`, the current `revision`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

/** The input breaks a rule of the data (an unknown card, a list that is its own target). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, issues?: readonly Issue[]) {
    super(message, issues ? { issues } : undefined);
  }

  /** `Invalid path: message`, naming one field. */
  static field(path: string, message: string): Invalid {
    return new Invalid(`Invalid ${path}: ${message}`, [{ path, message }]);
  }
}

/** The identity provider's token could not be verified. */
export class IdentityRejected extends DomainError {
  readonly kind = 'identity-rejected';
}

/** The caller may see the thing but not do this to it. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
  }
}

/** Nothing of that name exists for the caller (also what hides what they may not see). */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
  /** `what` names it (`That list` → "That list was not found."), unless a whole message is given. */
  constructor(what = 'The requested resource', message = `${what} was not found.`) {
    super(message);
  }
}

/** The request clashes with the current state (a taken name, a stale revision, a duplicate). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** It existed but no longer can be used (an expired or used-up code). */
export class Gone extends DomainError {
  readonly kind = 'gone';
}

/** The content is bigger than the service handles (a picture over the pixel limit). */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}

/** The content is not of a kind the service handles (a picture that is not PNG, JPEG or WebP). */
export class UnsupportedMedia extends DomainError {
  readonly kind = 'unsupported-media';
}

/**
 * True for a unique_violation (SQLSTATE 23505), whether thrown by pg, PGlite or wrapped by Drizzle:
 * services turn the database's refusal of a duplicate into their own Conflict.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A text (an import, a decklist) the server gave up reading within its time budget. */
export class TooComplex extends DomainError {
  readonly kind = 'too-complex';
}
