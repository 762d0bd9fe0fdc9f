import { type DayRange, rangeQuery } from './range';

/**
 * The CSV export of the range (GET /api/analytics/export.csv). The browser downloads it itself (a link
 * with the session cookie), so a large file never passes through the page's memory.
 */
export const exportCsvUrl = (range: DayRange) => `/api/analytics/export.csv?${rangeQuery(range)}`;
