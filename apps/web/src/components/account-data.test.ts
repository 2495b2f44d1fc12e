import { describe, expect, it } from 'vitest';
import { exportFileName } from './account-data';

describe('exportFileName', () => {
  it('names the export after its day', () => {
    expect(exportFileName('2026-11-27T04:12:34.000Z')).toBe('companion-data-2026-11-27.json');
  });
});
