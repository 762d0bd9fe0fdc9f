import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { formatDateTime } from '../../../lib/format-date';
import { useTimeZone } from '../../../lib/time-zone';

/** When stored insights were made, on the profile's clock: the text may have changed since. */
export function InsightsTime({ insights }: { insights: Insights }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const time = formatDateTime(insights.generatedAt, { locale: i18n.language, timeZone: zone });
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={insights.generatedAt}>{t('ai.generatedAt', { time })}</time>
    </Text>
  );
}
