import { ErrorCode } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  Gone,
  IdentityRejected,
  Invalid,
  NotFound,
  TooLarge,
  UnsupportedMedia,
} from '../services/errors.js';
import { fromDomainError } from './errors.js';

describe('domain errors → the error catalogue', () => {
  it.each([
    [new Invalid('Bad', [{ path: 'body.x', message: 'No' }]), 400, ErrorCode.VALIDATION],
    [new IdentityRejected('The sign-in token has expired.'), 401, ErrorCode.BAD_IDENTITY_TOKEN],
    [new Forbidden(), 403, ErrorCode.FORBIDDEN],
    [new NotFound('That list'), 404, ErrorCode.NOT_FOUND],
    [new Conflict('Stale', { revision: 3 }), 409, ErrorCode.CONFLICT],
    [new Gone('Expired'), 410, ErrorCode.GONE],
    [new TooLarge('Too many pixels', { pixels: 25_000_000 }), 413, ErrorCode.TOO_LARGE],
    [new UnsupportedMedia('Use a PNG'), 415, ErrorCode.UNSUPPORTED_MEDIA],
  ])('%s', (error, status, code) => {
    const api = fromDomainError(error);
    expect([api.status, api.code, api.message, api.details]).toEqual([
      status,
      code,
      error.message,
      error.details,
    ]);
  });

  it('keeps the messages and details the services give', () => {
    expect(new NotFound('That list').message).toBe('That list was not found.');
    expect(new NotFound('That code', 'This code is not valid.').message).toBe('This code is not valid.');
    expect(new Forbidden().message).toBe('You do not have permission to perform this action.');
    expect(Invalid.field('query.timestamp', 'Not a date')).toMatchObject({
      message: 'Invalid query.timestamp: Not a date',
      details: { issues: [{ path: 'query.timestamp', message: 'Not a date' }] },
    });
    expect(new Invalid('Bad').details).toBeUndefined();
  });
});
