import { Alert, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextOccurrences, type RecurrenceRule } from '../../../../shared/recurrence';
import { zonedParts } from '../../../../shared/time/zoned-day';
import { formatLongDateTime } from '../../../lib/format-date';

const SHOWN = 5;
/** From the 29th on, some months lack the day: rrule skips those months rather than moving the post. */
const FIRST_MISSING_DAY = 29;

/**
 * The next five occurrences of the rule being written, on the clock of the user's zone, so the user sees
 * what the rule means (09:00 stays 09:00 across daylight saving). Monthly on the 29th to 31st says that
 * months without that day are skipped.
 */
export function NextOccurrences({ rule, zone }: { rule: RecurrenceRule | null; zone: string }) {
  const { t, i18n } = useTranslation();
  // "Next" from when the dialog opened: the list does not shift under the user while they type.
  const [now] = useState(() => new Date());
  const dates = useMemo(() => (rule ? nextOccurrences(rule, now, SHOWN) : []), [rule, now]);
  const day = rule ? zonedParts(rule.startDate, zone).day : 0;
  return (
    <Stack gap="xs" role="region" aria-labelledby="next-occurrences-title">
      <Text id="next-occurrences-title" fw={500} size="sm">
        {t('recurring.nextOccurrences')}
      </Text>
      {!rule ? (
        <Text size="sm" c="dimmed">
          {t('recurring.noStart')}
        </Text>
      ) : dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recurring.noOccurrences')}
        </Text>
      ) : (
        <List type="ordered" size="sm" spacing={4}>
          {dates.map((at) => (
            <List.Item key={at.getTime()}>
              <time dateTime={at.toISOString()}>
                {formatLongDateTime(at, { locale: i18n.language, timeZone: zone })}
              </time>
            </List.Item>
          ))}
        </List>
      )}
      {rule?.frequency === 'monthly' && day >= FIRST_MISSING_DAY && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} aria-hidden />} p="xs">
          {t('recurring.monthlySkip', { day })}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('recurring.zoneNote', { zone })}
      </Text>
    </Stack>
  );
}
