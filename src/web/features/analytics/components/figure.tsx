import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Counts in the reader's language: "1,234", "1.234", "١٬٢٣٤"… */
export function useCount() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (value: number) => format.format(value);
}

/**
 * One figure. A figure the network does not give is "—" with the reason on hover and for screen
 * readers, never 0: a zero is a count, "—" says unknown.
 */
export function Figure({
  value,
  platformName,
  size,
}: {
  value: number | null;
  platformName: string;
  size?: string;
}) {
  const { t } = useTranslation();
  const count = useCount();
  if (value !== null)
    return (
      <Text component="span" size={size} fw={size ? 700 : undefined}>
        {count(value)}
      </Text>
    );
  const why = t('analytics.unknownHint', { platform: platformName });
  return (
    <Tooltip label={why} withArrow>
      <Text component="span" size={size} c="dimmed" aria-label={why} tabIndex={0}>
        —
      </Text>
    </Tooltip>
  );
}
