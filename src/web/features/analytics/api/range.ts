/** The days a view covers, as the API takes them (YYYY-MM-DD in the profile's time zone, both included). */
export interface DayRange {
  from: string;
  to: string;
}

export const rangeQuery = (range: DayRange, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

/** Every analytics query starts with this key, so a refresh can ask them all again. */
export const analyticsKey = ['analytics'] as const;
