import i18n from 'i18next';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * A size as the reader's language writes it ("1.5 GB", "1,5 Go", "١٫٥ غيغابايت"), in the binary units the
 * server's limits use (a "MB" is 1,024 KB there too).
 */
export function formatBytes(bytes: number, locale?: string): string {
  const [value, unit] =
    bytes >= GB
      ? [bytes / GB, 'gigabyte']
      : bytes >= MB
        ? [bytes / MB, 'megabyte']
        : [bytes / KB, 'kilobyte'];
  return new Intl.NumberFormat(locale ?? i18n.language ?? 'en', {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
