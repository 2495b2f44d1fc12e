import { RequestError } from '@companion/sdk';
import { describe, expect, it } from 'vitest';
import { PICTURE_ACCEPT, PICTURE_MEGAPIXELS, pictureProblem, pictureUploadMessage } from './picture';

describe('pictures', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    expect(PICTURE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });
});

describe('picture upload refusals', () => {
  const t = (id: string, values?: Record<string, string | number>) => `${id} ${JSON.stringify(values ?? {})}`;
  const refused = (status: number, code: number) =>
    new RequestError({ status, code, serverMessage: 'server said so' });

  it('says in the reader’s language that a picture has too many pixels or bytes, or is unreadable', () => {
    expect(PICTURE_MEGAPIXELS).toBe(24);
    expect(pictureUploadMessage(refused(413, 82), t)).toBe(
      'web.picture.tooLarge {"megapixels":24,"megabytes":5}',
    );
    expect(pictureUploadMessage(refused(415, 83), t)).toBe('web.picture.unreadable {}');
    expect(pictureUploadMessage(refused(409, 80), t)).toBe('server said so');
  });
});
