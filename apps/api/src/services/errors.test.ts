import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.js';

describe('isUniqueViolation', () => {
  it('recognises SQLSTATE 23505 as pg, PGlite or Drizzle report it', () => {
    const pgError = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(isUniqueViolation(pgError)).toBe(true);
    // Drizzle wraps the driver's error in `cause`, sometimes twice.
    expect(isUniqueViolation(new Error('Failed query', { cause: pgError }))).toBe(true);
    expect(isUniqueViolation(new Error('outer', { cause: new Error('inner', { cause: pgError }) }))).toBe(
      true,
    );
  });

  it('leaves other failures alone', () => {
    expect(isUniqueViolation(Object.assign(new Error('check'), { code: '23514' }))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
