import { describe, expect, it } from 'vitest';
import { PICTURE_ACCEPT, pictureProblem } from './picture';

describe('pictures', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    expect(PICTURE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });
});
