import { LineChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalyticsTimeline } from '../../../../shared/api/analytics.schemas';
import { useCount } from './figure';

/** Engagement gained per day: what each day's readings added to the figures before them. */
export function EngagementTimeline({ timeline }: { timeline: AnalyticsTimeline }) {
  const { t, i18n } = useTranslation();
  const count = useCount();
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const data = timeline.days.map((day) => ({
    day: dayLabel.format(new Date(`${day.day}T00:00:00Z`)),
    likes: day.likes,
    shares: day.shares,
    comments: day.comments,
  }));
  return (
    <Card withBorder padding="md" data-testid="engagement-timeline">
      <Title order={2} size="h4">
        {t('analytics.timelineTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('analytics.timelineHint', { timeZone: timeline.range.timeZone })}
      </Text>
      <LineChart
        h={260}
        data={data}
        dataKey="day"
        withLegend
        connectNulls={false}
        valueFormatter={count}
        // From zero, unless a day lost more than it gained (unlikes): then below it.
        yAxisProps={{ domain: [(min: number) => Math.min(0, min), 'auto'], allowDecimals: false }}
        series={[
          { name: 'likes', label: t('analytics.likes'), color: 'blue.6' },
          { name: 'shares', label: t('analytics.shares'), color: 'teal.6' },
          { name: 'comments', label: t('analytics.comments'), color: 'orange.6' },
        ]}
      />
    </Card>
  );
}
