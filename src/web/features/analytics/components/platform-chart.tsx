import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlatformSummary } from '../../../../shared/api/analytics.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { useCount } from './figure';

/** Likes, shares and comments per network: bars 400 px high, the y axis from zero (spec). */
export function PlatformChart({ platforms }: { platforms: PlatformSummary[] }) {
  const { t } = useTranslation();
  const count = useCount();
  // A figure no post gave has no bar (recharts draws none for null), rather than a bar of 0.
  const data = platforms.map((row) => ({
    platform: PLATFORM_NAMES[row.platform],
    likes: row.likes,
    shares: row.shares,
    comments: row.comments,
  }));
  return (
    <Card withBorder padding="md" data-testid="platform-chart">
      <Title order={2} size="h4" mb="md">
        {t('analytics.chartTitle')}
      </Title>
      <BarChart
        h={400}
        data={data}
        dataKey="platform"
        withLegend
        valueFormatter={count}
        yAxisProps={{ domain: [0, 'auto'], allowDecimals: false }}
        series={[
          { name: 'likes', label: t('analytics.likes'), color: 'blue.6' },
          { name: 'shares', label: t('analytics.shares'), color: 'teal.6' },
          { name: 'comments', label: t('analytics.comments'), color: 'orange.6' },
        ]}
      />
    </Card>
  );
}
