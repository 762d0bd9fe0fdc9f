import { describe, expect, it } from 'vitest';
import { fromPickerValue } from './schedule-picker';

describe('fromPickerValue', () => {
  it("reads the picker's day and typed time on the clocks of the user's zone", () => {
    expect(fromPickerValue('2026-11-25 14:30:00', 'Europe/Berlin')!.toISOString()).toBe(
      '2026-11-25T13:30:00.000Z',
    );
    expect(fromPickerValue('2026-06-12 08:30:00', 'Asia/Tokyo')!.toISOString()).toBe(
      '2026-06-11T23:30:00.000Z',
    );
    // Across the spring change: 02:30 does not exist in Berlin on 29 March 2026.
    expect(fromPickerValue('2026-03-29 03:30:00', 'Europe/Berlin')!.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('is null once the field is cleared', () => {
    expect(fromPickerValue(null, 'UTC')).toBeNull();
    expect(fromPickerValue('', 'UTC')).toBeNull();
  });
});
