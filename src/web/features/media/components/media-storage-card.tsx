import { Alert, Card, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { useMediaStorage } from '../api/get-media-storage';

/** The Profile page's "Media storage": how much of the user's quota their files take. */
export function MediaStorageCard() {
  const { t } = useTranslation();
  const storage = useMediaStorage();
  const data = storage.data;
  const share = data ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100) : 0;
  const color = share >= 100 ? 'red' : share >= 90 ? 'orange' : 'blue';
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('storage.title')}
        </Title>
        {storage.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {storage.isError && (
          <Alert color="red" role="alert">
            {t('storage.failed')}
          </Alert>
        )}
        {data && (
          <>
            <Text>
              {t('storage.used', { used: formatBytes(data.usedBytes), quota: formatBytes(data.quotaBytes) })}
            </Text>
            <Progress.Root size="lg">
              <Progress.Section
                value={share}
                color={color}
                aria-label={t('storage.title')}
                aria-valuetext={t('storage.percent', { percent: Math.round(share) })}
              />
            </Progress.Root>
            {share >= 100 && (
              <Alert color="red" role="status">
                {t('storage.full')}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {t('storage.help')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
