import { describe, expect, it } from 'vitest';
import { fromPickerValue } from './schedule-picker';

describe('fromPickerValue', () => {
  it("reads the picker's day and typed time on the browser's clock", () => {
    const when = fromPickerValue('2026-11-25 14:30:00')!;
    expect([when.getFullYear(), when.getMonth(), when.getDate()]).toEqual([2026, 10, 25]);
    expect([when.getHours(), when.getMinutes(), when.getSeconds()]).toEqual([14, 30, 0]);
    expect(when.getTime()).toBe(new Date(2026, 10, 25, 14, 30).getTime());
  });

  it('is null once the field is cleared', () => {
    expect(fromPickerValue(null)).toBeNull();
    expect(fromPickerValue('')).toBeNull();
  });
});
