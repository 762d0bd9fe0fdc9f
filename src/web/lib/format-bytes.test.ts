import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('writes a size in binary units, as the reader’s language writes numbers and units', () => {
    expect(formatBytes(0, 'en')).toBe('0 kB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(34 * 1024 * 1024, 'en')).toBe('34 MB');
    expect(formatBytes(2048 * 1024 * 1024, 'en')).toBe('2 GB');
    expect(formatBytes(1.5 * 1024 ** 3, 'de').replace(/\s/g, ' ')).toBe('1,5 GB');
    expect(formatBytes(1.5 * 1024 ** 3, 'ar')).toMatch(/1[.٫]5|١٫٥/);
  });
});
