import type { ImportFormat } from '../../shared/api/imports.schemas';

/**
 * The file the import page offers to download: the columns, and one example row per network (dates a
 * week ahead, in the template's own zone), so a spreadsheet user sees every column used once.
 */
export function importTemplate(
  format: ImportFormat,
  now: Date,
): { body: string; type: string; name: string } {
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const rows: Record<string, string>[] = [
    {
      text: 'Our spring collection is here 🌷',
      networks: 'x',
      date: day(7),
      time: '09:00',
      timezone: 'Europe/Berlin',
      status: 'scheduled',
      text_x: 'Spring is here 🌷 #flowers',
    },
    {
      text: 'New in the shop: tulips by the armful.',
      networks: 'bluesky',
      date: day(7),
      time: '12:30',
      timezone: 'Europe/Berlin',
      status: 'scheduled',
    },
    {
      text: 'Weekend opening hours: Saturday 9–18, Sunday 10–16.',
      networks: 'facebook',
      date: day(8),
      time: '08:00',
      timezone: 'Europe/Berlin',
      status: 'draft',
    },
    {
      text: 'Behind the scenes at the flower market.',
      networks: 'instagram',
      media: 'market.jpg',
      status: 'queue',
    },
    {
      text: 'We are hiring a florist. Apply by the end of the month.',
      networks: 'linkedin',
      status: 'queue',
    },
    {
      text: 'How we tie a bouquet in 30 seconds.',
      networks: 'tiktok',
      media: 'bouquet.mp4',
      status: 'draft',
    },
  ];
  if (format === 'json')
    return {
      body: `${JSON.stringify(rows, null, 2)}\n`,
      type: 'application/json; charset=utf-8',
      name: 'postwell-import.json',
    };
  const columns = ['text', 'networks', 'accounts', 'date', 'time', 'timezone', 'status', 'media', 'text_x'];
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c] ?? '')).join(','))];
  // With a byte order mark: spreadsheets then open the file as UTF-8 (the emoji and dashes intact).
  return {
    body: `\uFEFF${lines.join('\r\n')}\r\n`,
    type: 'text/csv; charset=utf-8',
    name: 'postwell-import.csv',
  };
}
